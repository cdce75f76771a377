import type { StaffFunctionRecord } from '@ghiseu/domain';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../../components/data-table/types';
import { recordActions } from '../../../../components/data-table/record-actions';
import type { FilterDefinition } from '../../../../components/filter-bar/types';
import { useRecordListPage } from '../../../../components/page/use-record-list-page';
import { ListCell } from '../../../../components/list-cell/list-cell';
import { Can } from '../../../../lib/permissions';
import { useDeleteFunction, useFunctions } from '../../api/structure';
import { showAdminError } from '../../errors';
import { withFilter } from '../../list-params';
import { ListBlock } from '../../../../components/page/list-block';
import { FunctionModal } from './function-modal';
import { SoftBadge } from '../../../../components/page/soft-badge';

/**
 * Tab 'Funcții': the organisation's functions with their responsibilities. System functions
 * (created with the organisation, used by the workflows) are marked and locked: their rows
 * offer no action, as their abilities say.
 */
export function FunctionsTab({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('administration');
  const remove = useDeleteFunction();
  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('filters.search'), size: 'medium' },
      {
        key: 'is_system',
        type: 'select',
        label: t('functions.filters.kind'),
        options: [
          { value: 'true', label: t('functions.kinds.system') },
          { value: 'false', label: t('functions.kinds.own') },
        ],
      },
    ],
    [t],
  );
  const page = useRecordListPage<StaffFunctionRecord>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (fn) => ({
        title: t('functions.deleteTitle'),
        message: t('functions.deleteQuestion', { name: fn.name }),
        success: t('functions.deleted', { name: fn.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (fn) => remove.mutateAsync(fn.id),
      onError: (error) => showAdminError(error, { entity: 'function' }),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useFunctions(withFilter(list.searchParams, 'organisation_id', 'eq', organisationId));

  const columns = useMemo<DataTableColumn<StaffFunctionRecord>[]>(
    () => [
      {
        id: 'name',
        header: t('functions.fields.name'),
        sortable: true,
        size: 240,
        hideable: false,
        cell: (row) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" truncate>
              {row.name}
            </Text>
            {row.is_system ? (
              <Tooltip label={t('functions.systemLocked')} withArrow>
                <SoftBadge
                  color="navy.7"
                  leftSection={<IconLock size={12} aria-hidden />}
                  tabIndex={0}
                  aria-label={t('functions.systemBadgeLabel')}
                  data-testid={`function-system-${row.id}`}
                >
                  {t('functions.systemBadge')}
                </SoftBadge>
              </Tooltip>
            ) : null}
          </Group>
        ),
      },
      { id: 'description', header: t('functions.fields.description'), size: 260, accessor: (row) => row.description ?? '' },
      {
        id: 'responsibilities',
        header: t('functions.fields.responsibilities'),
        size: 280,
        cell: (row) =>
          row.responsibilities.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('functions.noResponsibilities')}
            </Text>
          ) : (
            <ListCell
              items={row.responsibilities.map((r) => r.name)}
              noun={t('functions.responsibilityNoun')}
              nounOne={t('functions.responsibilityNounOne')}
            />
          ),
      },
      { id: 'user_count', header: t('functions.fields.user_count'), size: 120, align: 'right' },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<StaffFunctionRecord>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
      }),
    [t],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="gray.7" maw={720}>
          {t('functions.intro')}
        </Text>
        <Can permission="functionsEdit">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(null)} data-testid="function-create">
            {t('functions.create')}
          </Button>
        </Can>
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('functions.tableLabel')}
        filtersLabel={t('functions.filtersLabel')}
        storageKey="administration-functions"
        noun={t('functions.noun')}
        nounOne={t('functions.nounOne')}
        getRowLabel={(row) => t('functions.rowLabel', { name: row.name })}
        emptyTitle={t('functions.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="functions-list"
      />
      <FunctionModal opened={opened} onClose={page.close} organisationId={organisationId} fn={editing} />
    </Stack>
  );
}
