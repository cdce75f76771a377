import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, type ApplicationListItem } from '@ghiseu/domain';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import { confirmAndRun } from '../../../components/feedback/confirm-dialog';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListCell } from '../../../components/list-cell/list-cell';
import { formatDate } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useSettings } from '../../../lib/settings';
import { useApplications, useApplicationTypes, useDeleteDraft } from '../api/applications';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { ApplicationStatusBadge } from '../components/application-status-badge';
import { errorText, showError } from '../errors';

/** Where a row opens: a draft continues in the wizard, a submitted application shows its details. */
export const applicationLink = (row: Pick<ApplicationListItem, 'id' | 'status'>) =>
  row.status === 'DRAFT' ? `/application/${row.id}/edit` : `/application/${row.id}`;

/**
 * /applications: the user's own applications (spec §2) with the status, type, entry-number and
 * date filters, the beneficiaries cell, 'Total N cereri' and the row actions the server allows
 * (`abilities`): open, continue a draft, delete a draft after confirmation.
 */
export function ApplicationsPage() {
  const { t } = useTranslation(['applications', 'routes']);
  const { can } = usePermissions();
  const settings = useSettings();
  const navigate = useNavigate();
  const types = useApplicationTypes();
  const remove = useDeleteDraft();

  const filters = useMemo<FilterDefinition[]>(
    () => [
      {
        key: 'identification_number',
        type: 'quicksearch',
        label: t('list.filters.number'),
        size: 'medium',
      },
      {
        key: 'status',
        type: 'select',
        label: t('list.filters.status'),
        options: APPLICATION_STATUSES.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] })),
      },
      {
        key: 'application_type_id',
        type: 'select',
        label: t('list.filters.type'),
        size: 'medium',
        options: (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
      },
      { key: 'created_at', type: 'daterange', label: t('list.filters.date'), size: 'medium' },
    ],
    [t, types.data],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: '-created_at', definitions: filters });
  const query = useApplications(list.searchParams);
  const canCreate = can('applicationsCreate');

  const rowName = (row: ApplicationListItem) => row.identification_number ?? `${t('list.draft')} ${row.application_type_name}`;

  const onDelete = (row: ApplicationListItem) =>
    confirmAndRun({
      title: t('list.deleteTitle'),
      message: t('list.deleteQuestion', { name: row.application_type_name }),
      confirmLabel: t('list.actions.delete'),
      cancelLabel: t('list.cancel'),
      action: () => remove.mutateAsync(row.id),
      success: t('list.deleted'),
      onError: (error) => showError(error),
    });

  const columns = useMemo<DataTableColumn<ApplicationListItem>[]>(
    () => [
      {
        id: 'identification_number',
        header: t('list.columns.number'),
        sortable: true,
        size: 150,
        hideable: false,
        cell: (row) => (
          <Anchor component={Link} to={applicationLink(row)} size="sm" data-testid={`application-link-${row.id}`}>
            {row.identification_number ?? t('list.draft')}
          </Anchor>
        ),
      },
      { id: 'application_type_name', header: t('list.columns.type'), size: 200, accessor: (row) => row.application_type_name },
      {
        id: 'status',
        header: t('list.columns.status'),
        size: 130,
        sortable: true,
        cell: (row) => <ApplicationStatusBadge status={row.status} />,
      },
      {
        id: 'beneficiaries',
        header: t('list.columns.beneficiaries'),
        size: 190,
        cell: (row) => (
          <ListCell
            items={
              row.beneficiaries_count > row.beneficiaries.length
                ? [
                    ...row.beneficiaries.map((b) => b.display_name),
                    t('list.moreBeneficiaries', { count: row.beneficiaries_count - row.beneficiaries.length }),
                  ]
                : row.beneficiaries.map((b) => b.display_name)
            }
            noun="beneficiari"
            nounOne="beneficiar"
          />
        ),
      },
      {
        id: 'cadastral_numbers',
        header: t('list.columns.cadastral'),
        size: 130,
        cell: (row) => <ListCell items={row.cadastral_numbers} noun="numere cadastrale" nounOne="număr cadastral" />,
      },
      {
        id: 'created_at',
        header: t('list.columns.created'),
        size: 120,
        sortable: true,
        accessor: (row) => formatDate(row.created_at),
      },
      {
        id: 'application_date',
        header: t('list.columns.submitted'),
        size: 120,
        sortable: true,
        accessor: (row) => formatDate(row.application_date),
      },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<ApplicationListItem>[]>(
    () => [
      {
        name: 'open',
        label: t('list.actions.open'),
        icon: <IconEye size={16} aria-hidden />,
        isVisible: (row) => row.status !== 'DRAFT',
        onClick: (row) => navigate(`/application/${row.id}`),
      },
      {
        name: 'edit',
        label: t('list.actions.edit'),
        icon: <IconEdit size={16} aria-hidden />,
        isVisible: (row) => row.status === 'DRAFT' && row.abilities.canEdit,
        onClick: (row) => navigate(`/application/${row.id}/edit`),
      },
      {
        name: 'delete',
        label: t('list.actions.delete'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => row.abilities.canDelete,
        onClick: (row) => void onDelete(row),
      },
    ],
    [t],
  );

  return (
    <Stack gap="lg" data-testid="applications-page">
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          canCreate ? (
            <Button
              component={Link}
              to="/application/new"
              leftSection={<IconPlus size={18} aria-hidden />}
              data-testid="application-new"
            >
              {t('list.new')}
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
        label={t('list.tableLabel')}
        filtersLabel={t('list.filtersLabel')}
        storageKey="applications-own"
        noun={t('list.noun')}
        nounOne={t('list.nounOne')}
        getRowLabel={(row) => t('list.rowLabel', { name: rowName(row) })}
        emptyTitle={t('list.empty')}
        emptyFilteredTitle={t('list.emptyFiltered')}
        emptyAction={
          canCreate ? (
            <Button component={Link} to="/application/new" variant="light">
              {t('list.new')}
            </Button>
          ) : null
        }
        loadErrorTitle={t('list.loadError')}
        errorText={errorText}
        testId="applications"
      />
      {types.isError ? (
        <Text size="sm" c="red.8">
          {t('form.optionsFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}
