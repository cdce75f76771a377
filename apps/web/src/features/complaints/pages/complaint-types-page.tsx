import { COMPLAINT_TYPE_STATUS_LABELS, COMPLAINT_TYPE_STATUSES } from '@ghiseu/domain';
import { Button, Stack } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { StatusBadge } from '../../../components/page/status-badge';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useComplaintTypes, useDeleteComplaintType, useOrganisationOptions } from '../api/complaint-types';
import type { ComplaintTypeRecord } from '../api/types';
import { ComplaintTypeModal } from '../components/complaint-type-modal';
import { showComplaintTypeDeleteError } from '../errors';

/**
 * /complain-type (complainTypeRead, the super administrator; spec §2, §3): the complaint types
 * with search, status and organisation filters; add and edit in a modal (name, status, document
 * series type, organisation); delete after a question, refused while complaints of the type exist.
 */
export function ComplaintTypesPage() {
  const { t } = useTranslation(['complaints', 'routes']);
  const { user } = useSession();
  const { can } = usePermissions();
  const canEdit = can('complainTypeRead');
  const superAdmin = user?.user_type_name === 'super_admin';
  const organisations = useOrganisationOptions(superAdmin);
  const remove = useDeleteComplaintType();

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('types.filters.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('types.filters.status'),
        options: COMPLAINT_TYPE_STATUSES.map((value) => ({ value, label: COMPLAINT_TYPE_STATUS_LABELS[value] })),
      },
      ...(superAdmin
        ? [
            {
              key: 'organisation_id',
              type: 'select' as const,
              label: t('types.filters.organisation'),
              size: 'medium' as const,
              options: (organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
            },
          ]
        : []),
    ],
    [t, superAdmin, organisations.data],
  );
  const page = useRecordListPage<ComplaintTypeRecord>({
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
      onError: showComplaintTypeDeleteError,
    },
  });
  const { list, editing, opened, open } = page;
  const query = useComplaintTypes(list.searchParams);

  const columns = useMemo<DataTableColumn<ComplaintTypeRecord>[]>(
    () => [
      { id: 'name', header: t('types.columns.name'), sortable: true, size: 260, hideable: false },
      { id: 'organisation_name', header: t('types.columns.organisation'), size: 240 },
      {
        id: 'series_type_name',
        header: t('types.columns.seriesType'),
        size: 200,
        accessor: (row) => row.series_type_name ?? t('types.incomingSeries'),
      },
      {
        id: 'status',
        header: t('types.columns.status'),
        sortable: true,
        size: 120,
        cell: (row) => <StatusBadge status={row.status} testId={`complaint-type-status-${row.id}`} />,
      },
      { id: 'complaints_count', header: t('types.columns.complaints'), size: 110, align: 'right' },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<ComplaintTypeRecord>[]>(
    () => [
      {
        name: 'edit',
        label: t('actions.edit'),
        icon: <IconPencil size={16} aria-hidden />,
        isVisible: (row) => canEdit && row.abilities.can_edit,
        onClick: open,
      },
      {
        name: 'delete',
        label: t('actions.delete'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => canEdit && row.abilities.can_delete,
        onClick: (row) => void page.confirmDelete(row),
      },
    ],
    [t, canEdit],
  );

  return (
    <Stack gap="lg" data-testid="complaint-types-page">
      <PageHeader
        title={t('routes:complaintTypes')}
        subtitle={t('types.subtitle')}
        actions={
          canEdit ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => open(null)}
              data-testid="complaint-type-create"
            >
              {t('types.create')}
            </Button>
          ) : null
        }
      />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('types.tableLabel')}
        filtersLabel={t('types.filtersLabel')}
        storageKey="complaint-types"
        noun={t('types.noun')}
        nounOne={t('types.nounOne')}
        getRowLabel={(row) => t('types.rowLabel', { name: row.name })}
        emptyTitle={t('types.empty')}
        emptyFilteredTitle={t('types.emptyFiltered')}
        loadErrorTitle={t('types.loadError')}
        testId="complaint-types-list"
      />
      {canEdit ? (
        <ComplaintTypeModal
          opened={opened}
          onClose={page.close}
          record={editing}
          defaultOrganisationId={superAdmin ? null : (user?.organisation_id ?? null)}
        />
      ) : null}
    </Stack>
  );
}
