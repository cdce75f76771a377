import type { DocumentSeries } from '@ghiseu/domain';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table/types';
import { recordActions } from '../../../components/data-table/record-actions';
import { showToast } from '../../../components/feedback/toast';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { ListBlock } from '../../../components/page/list-block';
import { useSession } from '../../../lib/session';
import {
  useDeleteSeries,
  useOrganisationOptions,
  usePatchSeries,
  useSeriesList,
  useSeriesTypeOptions,
} from '../api/document-series';
import { showSeriesError } from '../errors';
import { SeriesModal } from './series-modal';

/**
 * The numbered series: an administrator sees the organisation's own (the server scopes the
 * list), the super administrator every organisation's, with an organisation filter.
 */
export function SeriesTab({ superAdmin }: { superAdmin: boolean }) {
  const { t } = useTranslation('document-series');
  const { user } = useSession();
  const types = useSeriesTypeOptions();
  const organisations = useOrganisationOptions(superAdmin);
  const remove = useDeleteSeries();
  const patch = usePatchSeries();

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('series.filters.search'), size: 'medium' },
      {
        key: 'type_id',
        type: 'select',
        label: t('series.filters.type'),
        options: (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
      },
      {
        key: 'active',
        type: 'select',
        label: t('series.filters.active'),
        options: [
          { value: 'true', label: t('series.activeOptions.true') },
          { value: 'false', label: t('series.activeOptions.false') },
        ],
      },
      ...(superAdmin
        ? [
            {
              key: 'organisation_id',
              type: 'select' as const,
              label: t('series.filters.organisation'),
              size: 'medium' as const,
              options: (organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
            },
          ]
        : []),
    ],
    [t, types.data, organisations.data, superAdmin],
  );
  const page = useRecordListPage<DocumentSeries>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('series.deleteTitle'),
        message: t('series.deleteQuestion', { name: row.name }),
        success: t('series.deleted', { name: row.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showSeriesError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useSeriesList(list.searchParams);

  const onToggle = async (row: DocumentSeries, active: boolean) => {
    try {
      await patch.mutateAsync({ id: row.id, patch: { active } });
      showToast('success', t(active ? 'series.activated' : 'series.deactivated', { name: row.name }));
    } catch (error) {
      showSeriesError(error);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the toggle reads stable hooks only.
  const columns = useMemo<DataTableColumn<DocumentSeries>[]>(
    () => [
      { id: 'name', header: t('series.fields.name'), sortable: true, size: 240, hideable: false },
      { id: 'type_name', header: t('series.fields.type'), sortable: true, size: 150 },
      ...(superAdmin ? [{ id: 'organisation_name', header: t('series.fields.organisation'), sortable: true, size: 220 }] : []),
      { id: 'prefix', header: t('series.fields.prefix'), sortable: true, size: 110 },
      { id: 'separator', header: t('series.fields.separator'), size: 100, align: 'center' as const },
      {
        id: 'next_number',
        header: t('series.fields.nextNumber'),
        size: 170,
        cell: (row) => (
          <Text size="sm" ff="monospace" data-testid={`series-next-${row.id}`}>
            {row.next_number}
          </Text>
        ),
      },
      { id: 'current_index', header: t('series.fields.currentIndex'), sortable: true, size: 120, align: 'right' as const },
      { id: 'rejected_index', header: t('series.fields.rejectedIndex'), sortable: true, size: 130, align: 'right' as const },
      {
        id: 'yearly_reset',
        header: t('series.fields.yearlyReset'),
        size: 150,
        accessor: (row) => (row.yearly_reset ? t('yes') : t('no')),
      },
      {
        id: 'active',
        header: t('series.fields.active'),
        sortable: true,
        size: 110,
        cell: (row) => (
          <Switch
            color="navy.7"
            checked={row.active}
            disabled={row.abilities?.canEdit === false || patch.isPending}
            onChange={(event) => void onToggle(row, event.currentTarget.checked)}
            aria-label={t('series.activeToggle', { name: row.name })}
            data-testid={`series-active-${row.id}`}
          />
        ),
      },
    ],
    [t, superAdmin, patch.isPending],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<DocumentSeries>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
      }),
    [t],
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="series-create">
          {t('series.create')}
        </Button>
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('series.tableLabel')}
        filtersLabel={t('series.filtersLabel')}
        storageKey="document-series"
        noun={t('series.noun')}
        nounOne={t('series.nounOne')}
        getRowLabel={(row) => t('series.rowLabel', { name: row.name })}
        emptyTitle={t('series.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="series-list"
      />
      <SeriesModal
        opened={opened}
        onClose={page.close}
        series={editing}
        superAdmin={superAdmin}
        defaultOrganisationId={user?.organisation_id ?? null}
      />
    </Stack>
  );
}
