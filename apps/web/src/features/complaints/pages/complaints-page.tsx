import { COMPLAINT_STATUS_LABELS, COMPLAINT_STATUSES } from '@ghiseu/domain';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useComplaints } from '../api/complaints';
import { useComplaintTypeOptions } from '../api/complaint-types';
import type { ComplaintListItem } from '../api/types';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';
import { placeOf } from '../place';

/**
 * /complain (complainView, spec §2): the citizen's own complaints, or the organisation's for staff
 * (all for the super administrator), with search (entry code, address, description), status,
 * type (staff) and filing-date filters, newest first; a 'Sesizare nouă' button for complainCreate.
 */
export function ComplaintsPage() {
  const { t } = useTranslation(['complaints', 'routes']);
  const { can } = usePermissions();
  const { user } = useSession();
  const settings = useSettings();
  const staff = can('complainEdit');
  const canCreate = can('complainCreate');
  const types = useComplaintTypeOptions(staff || can('complainTypeRead'));

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('list.filters.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('list.filters.status'),
        options: COMPLAINT_STATUSES.map((value) => ({ value, label: COMPLAINT_STATUS_LABELS[value] })),
      },
      ...(staff
        ? [
            {
              key: 'complaint_type_id',
              type: 'select' as const,
              label: t('list.filters.type'),
              size: 'medium' as const,
              options: (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
            },
            {
              key: 'solver_user_id',
              type: 'select' as const,
              label: t('list.filters.solver'),
              options: user ? [{ value: String(user.user_id), label: t('list.filters.mine') }] : [],
            },
          ]
        : []),
      { key: 'created_at', type: 'daterange', label: t('list.filters.createdAt'), size: 'medium' },
    ],
    [t, staff, types.data, user],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: '-created_at', definitions: filters });
  const query = useComplaints(list.searchParams);

  const columns = useMemo<DataTableColumn<ComplaintListItem>[]>(
    () => [
      {
        id: 'entry_code',
        header: t('list.columns.entryCode'),
        sortable: true,
        size: 160,
        hideable: false,
        cell: (row) => (
          <Anchor component={Link} to={`/complain/${row.id}`} size="sm" fw={600} data-testid={`complaint-link-${row.id}`}>
            {row.entry_code}
          </Anchor>
        ),
      },
      {
        id: 'complaint_type',
        header: t('list.columns.type'),
        size: 200,
        accessor: (row) => row.complaint_type.name,
      },
      {
        id: 'address',
        header: t('list.columns.place'),
        size: 280,
        cell: (row) => (
          <Text size="sm" lineClamp={2}>
            {placeOf(row)}
          </Text>
        ),
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        sortable: true,
        size: 140,
        cell: (row) => <ComplaintStatusBadge status={row.status} testId={`complaint-status-${row.id}`} />,
      },
      ...(staff
        ? [
            {
              id: 'solver',
              header: t('list.columns.solver'),
              size: 180,
              accessor: (row: ComplaintListItem) => row.solver?.name ?? t('list.noSolver'),
            },
          ]
        : []),
      {
        id: 'created_at',
        header: t('list.columns.createdAt'),
        sortable: true,
        size: 160,
        accessor: (row) => formatDateTime(row.created_at),
      },
    ],
    [t, staff],
  );

  const createButton = canCreate ? (
    <Button component={Link} to="/complain/new" leftSection={<IconPlus size={18} aria-hidden />} data-testid="complaint-create">
      {t('list.create')}
    </Button>
  ) : null;

  return (
    <Stack gap="lg" data-testid="complaints-page">
      <PageHeader
        title={t('routes:complaints')}
        subtitle={staff ? t('list.subtitleStaff') : t('list.subtitleCitizen')}
        actions={createButton}
      />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        label={t('list.tableLabel')}
        filtersLabel={t('list.filtersLabel')}
        storageKey="complaints"
        noun={t('list.noun')}
        nounOne={t('list.nounOne')}
        getRowLabel={(row) => t('list.rowLabel', { code: row.entry_code })}
        emptyTitle={staff ? t('list.emptyStaff') : t('list.emptyCitizen')}
        emptyFilteredTitle={t('list.emptyFiltered')}
        emptyAction={
          canCreate ? (
            <Button component={Link} to="/complain/new" variant="default">
              {t('list.create')}
            </Button>
          ) : null
        }
        loadErrorTitle={t('list.loadError')}
        testId="complaints-list"
      />
    </Stack>
  );
}
