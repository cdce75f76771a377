import type { ControlType } from '@ghiseu/domain';
import { Button, Group, Stack } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { StatusBadge } from '../../../components/page/status-badge';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { useSession } from '../../../lib/session';
import { useControlTypes, useDeleteControlType, useOrganisationOptions } from '../api/control-types';
import { ControlTypeModal } from '../components/control-type-modal';
import { showControlTypeError } from '../errors';

/**
 * /control-type (super administrator, controlTypeRead): the kinds of inspection of every
 * organisation, with the series type their entry codes come from. A type with controls cannot be
 * deleted (CONFLICT): it is deactivated instead.
 */
export function ControlTypesPage() {
  const { t } = useTranslation('controls');
  const { user } = useSession();
  const remove = useDeleteControlType();
  const organisations = useOrganisationOptions(true);
  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'name', type: 'contains', label: t('types.filters.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('types.filters.status'),
        options: [
          { value: 'active', label: t('types.statuses.active') },
          { value: 'inactive', label: t('types.statuses.inactive') },
        ],
      },
      {
        key: 'organisation_id',
        type: 'select',
        label: t('types.filters.organisation'),
        size: 'medium',
        options: (organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
      },
    ],
    [t, organisations.data],
  );
  const page = useRecordListPage<ControlType>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('types.deleteTitle'),
        message: t('types.deleteQuestion', { name: row.name }),
        success: t('types.deleted', { name: row.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showControlTypeError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useControlTypes(list.searchParams);

  const columns = useMemo<DataTableColumn<ControlType>[]>(
    () => [
      { id: 'name', header: t('types.fields.name'), sortable: true, size: 280, hideable: false },
      {
        id: 'organisation',
        header: t('types.fields.organisation'),
        size: 240,
        accessor: (row) => row.organisation_name,
      },
      {
        id: 'series_type',
        header: t('types.fields.seriesType'),
        size: 200,
        accessor: (row) => row.series_type_name ?? t('types.noSeries'),
      },
      { id: 'control_count', header: t('types.fields.controlCount'), size: 120, align: 'right' },
      {
        id: 'status',
        header: t('types.fields.status'),
        sortable: true,
        size: 130,
        cell: (row) => <StatusBadge status={row.status} />,
      },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<ControlType>[]>(
    () => [
      {
        name: 'edit',
        label: t('actions.edit'),
        icon: <IconPencil size={16} aria-hidden />,
        isVisible: (row) => row.abilities.can_edit,
        onClick: open,
      },
      {
        name: 'delete',
        label: t('actions.delete'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => row.abilities.can_delete,
        onClick: (row) => void page.confirmDelete(row),
      },
    ],
    [t],
  );

  return (
    <Stack gap="lg" data-testid="control-types-page">
      <PageHeader title={t('types.title')} subtitle={t('types.subtitle')} />
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="control-type-create">
          {t('types.create')}
        </Button>
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('types.tableLabel')}
        filtersLabel={t('types.filtersLabel')}
        storageKey="control-types"
        noun={t('types.noun')}
        nounOne={t('types.nounOne')}
        getRowLabel={(row) => t('types.rowLabel', { name: row.name })}
        emptyTitle={t('types.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="control-types-list"
      />
      <ControlTypeModal
        opened={opened}
        onClose={page.close}
        controlType={editing}
        defaultOrganisationId={user?.organisation_id ?? null}
      />
    </Stack>
  );
}
