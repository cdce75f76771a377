import { FORM_STATUSES, type FormSummary } from '@ghiseu/domain';
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
import { SoftBadge } from '../../../components/page/soft-badge';
import { StatusBadge } from '../../../components/page/status-badge';
import { formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useSettings } from '../../../lib/settings';
import { useDeleteForm, useForms } from '../api/forms';
import { showFormError } from '../errors';

/**
 * /forms (formsRead): the form interfaces with search and a status filter; the super
 * administrator (formsCreate) creates a new one, opens the builder, or deletes an unused form.
 */
export function FormsPage() {
  const { t } = useTranslation(['forms', 'common', 'routes']);
  const { can } = usePermissions();
  const settings = useSettings();
  const navigate = useNavigate();
  const remove = useDeleteForm();
  const canCreate = can('formsCreate');

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('list.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('list.status'),
        options: FORM_STATUSES.map((value) => ({ value, label: t(`common:statuses.${value}`) })),
      },
    ],
    [t],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: 'name', definitions: filters });
  const query = useForms(list.searchParams);

  const onDelete = (form: FormSummary) =>
    confirmAndRun({
      title: t('list.deleteTitle'),
      message: t('list.deleteQuestion', { name: form.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      action: () => remove.mutateAsync(form.id),
      success: t('list.deleted', { name: form.name }),
      onError: (error) => showFormError(error),
    });

  const columns = useMemo<DataTableColumn<FormSummary>[]>(
    () => [
      {
        id: 'name',
        header: t('fields.name'),
        sortable: true,
        size: 320,
        hideable: false,
        cell: (row) => (
          <Anchor component={Link} to={`/form/${row.id}`} size="sm">
            {row.name}
          </Anchor>
        ),
      },
      { id: 'status', header: t('fields.status'), sortable: true, size: 120, cell: (row) => <StatusBadge status={row.status} /> },
      {
        id: 'latest_version',
        header: t('fields.latestVersion'),
        sortable: true,
        size: 130,
        align: 'right',
        accessor: (row) => (row.latest_version === null ? '—' : String(row.latest_version)),
      },
      {
        id: 'field_count',
        header: t('fields.fieldCount'),
        size: 120,
        align: 'right',
        accessor: (row) => String(row.field_count),
      },
      {
        id: 'has_unpublished_changes',
        header: t('fields.changes'),
        size: 190,
        cell: (row) =>
          row.has_unpublished_changes ? (
            <SoftBadge size="sm" color="orange.9" data-testid="form-unpublished">
              {t('unpublishedChanges')}
            </SoftBadge>
          ) : null,
      },
      {
        id: 'updated_at',
        header: t('fields.updatedAt'),
        sortable: true,
        size: 160,
        accessor: (row) => formatDateTime(row.updated_at),
      },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<FormSummary>[]>(
    () => [
      {
        name: 'open',
        label: t('list.open'),
        icon: <IconEye size={16} aria-hidden />,
        onClick: (row) => navigate(`/form/${row.id}`),
      },
      {
        name: 'delete',
        label: t('actions.delete'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: () => canCreate,
        onClick: (row) => void onDelete(row),
      },
    ],
    [t, canCreate],
  );

  const createButton = canCreate ? (
    <Button component={Link} to="/form/new" leftSection={<IconPlus size={18} aria-hidden />} data-testid="form-create">
      {t('list.create')}
    </Button>
  ) : null;

  return (
    <Stack gap="lg" data-testid="forms-page">
      <PageHeader title={t('routes:forms')} subtitle={t('list.subtitle')} actions={createButton} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('list.tableLabel')}
        filtersLabel={t('list.filtersLabel')}
        storageKey="forms-list"
        noun={t('list.noun')}
        nounOne={t('list.nounOne')}
        getRowLabel={(row) => t('list.rowLabel', { name: row.name })}
        emptyTitle={t('list.empty')}
        emptyFilteredTitle={t('list.emptyFiltered')}
        loadErrorTitle={t('list.loadError')}
        testId="forms-list"
      />
    </Stack>
  );
}
