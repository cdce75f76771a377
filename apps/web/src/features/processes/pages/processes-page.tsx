import { PROCESS_STATUS_LABELS, PROCESS_STATUSES, type ProcessSummary } from '@ghiseu/domain';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import { confirmAndRun } from '../../../components/feedback/confirm-dialog';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { showApiError } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useSettings } from '../../../lib/settings';
import { useDeleteProcess, useProcesses } from '../api/processes';
import { ProcessStatusBadge } from '../components/process-status-badge';

/**
 * /process-editor (processEditorRead): the workflow processes with search and a status filter;
 * the super administrator creates one (processEditorCreate), opens the editor, or deletes one
 * no application type or application uses.
 */
export function ProcessesPage() {
  const { t } = useTranslation(['processes', 'routes']);
  const { can } = usePermissions();
  const settings = useSettings();
  const navigate = useNavigate();
  const remove = useDeleteProcess();
  const canCreate = can('processEditorCreate');

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('list.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('list.status'),
        options: PROCESS_STATUSES.map((value) => ({ value, label: PROCESS_STATUS_LABELS[value] })),
      },
    ],
    [t],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: 'name', definitions: filters });
  const query = useProcesses(list.searchParams);

  const onDelete = (process: ProcessSummary) =>
    confirmAndRun({
      title: t('list.deleteTitle'),
      message: t('list.deleteQuestion', { name: process.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      action: () => remove.mutateAsync(process.id),
      success: t('list.deleted', { name: process.name }),
      onError: (error) => showApiError(error),
    });

  const columns = useMemo<DataTableColumn<ProcessSummary>[]>(
    () => [
      {
        id: 'name',
        header: t('fields.name'),
        sortable: true,
        size: 320,
        hideable: false,
        cell: (row) => (
          <Anchor component={Link} to={`/process/${row.id}`} size="sm">
            {row.name}
          </Anchor>
        ),
      },
      {
        id: 'status',
        header: t('fields.status'),
        sortable: true,
        size: 170,
        cell: (row) => <ProcessStatusBadge status={row.status} />,
      },
      {
        id: 'organisation',
        header: t('fields.organisation'),
        size: 220,
        accessor: (row) => row.organisation_name ?? t('commonProcess'),
      },
      { id: 'step_count', header: t('fields.stepCount'), size: 90, align: 'right', accessor: (row) => String(row.step_count) },
      {
        id: 'application_type_count',
        header: t('fields.types'),
        size: 140,
        align: 'right',
        accessor: (row) => String(row.application_type_count),
      },
      {
        id: 'updated_at',
        header: t('fields.updatedAt'),
        sortable: true,
        size: 170,
        accessor: (row) => formatDateTime(row.updated_at),
      },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<ProcessSummary>[]>(
    () => [
      {
        name: 'open',
        label: t('list.open'),
        icon: <IconEye size={16} aria-hidden />,
        onClick: (row) => navigate(`/process/${row.id}`),
      },
      {
        name: 'delete',
        label: t('actions.delete'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => row.abilities.canDelete,
        onClick: (row) => void onDelete(row),
      },
    ],
    [t],
  );

  const createButton = canCreate ? (
    <Button component={Link} to="/process/new" leftSection={<IconPlus size={18} aria-hidden />} data-testid="process-create">
      {t('list.create')}
    </Button>
  ) : null;

  return (
    <Stack gap="lg" data-testid="processes-page">
      <PageHeader title={t('routes:processEditor')} subtitle={t('list.subtitle')} actions={createButton} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('list.tableLabel')}
        filtersLabel={t('list.filtersLabel')}
        storageKey="processes-list"
        noun={t('list.noun')}
        nounOne={t('list.nounOne')}
        getRowLabel={(row) => t('list.rowLabel', { name: row.name })}
        emptyTitle={t('list.empty')}
        emptyFilteredTitle={t('list.emptyFiltered')}
        loadErrorTitle={t('list.loadError')}
        testId="processes-list"
      />
    </Stack>
  );
}
