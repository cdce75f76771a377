import { type AdminOrganisation, ORGANISATION_TYPES } from '@ghiseu/domain';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import { confirmAndRun } from '../../../components/feedback/confirm-dialog';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useDeleteOrganisation, useOrganisations } from '../api/organisations';
import { useCounties } from '../../../lib/territory';
import { DelegationBanner } from '../components/delegation/delegation-banner';
import { useOrganisationSwitch } from '../components/delegation/use-organisation-switch';
import { CreateOrganisationModal } from '../components/organisations/create-organisation-modal';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { StatusBadge } from '../../../components/page/status-badge';
import { showAdminError } from '../errors';
import { SoftBadge } from '../../../components/page/soft-badge';

/**
 * /institutions (organisationsRead): the organisations with search, type and status filters.
 * The super administrator creates and deletes organisations and signs in to one of them
 * ('Lucrați în această instituție', spec §4); the card of the organisation one works in opens
 * from here.
 */
export function InstitutionsPage() {
  const { t } = useTranslation(['administration', 'routes']);
  const { user } = useSession();
  const { can } = usePermissions();
  const settings = useSettings();
  const navigate = useNavigate();
  const counties = useCounties();
  const remove = useDeleteOrganisation();
  const { workIn, pending: switching } = useOrganisationSwitch();
  const [createOpened, setCreateOpened] = useState(false);
  const canOpenCard = can('organisationsOwn', 'organisationsView');

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('organisations.filters.search'), size: 'medium' },
      {
        key: 'type',
        type: 'select',
        label: t('organisation.fields.type'),
        options: ORGANISATION_TYPES.map((value) => ({ value, label: t(`organisation.types.${value}`) })),
      },
      {
        key: 'status',
        type: 'select',
        label: t('filters.status'),
        options: [
          { value: 'active', label: t('statuses.active') },
          { value: 'inactive', label: t('statuses.inactive') },
        ],
      },
    ],
    [t],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: 'name', definitions: filters });
  const query = useOrganisations(list.searchParams);
  // The server's policy decides who creates organisations (the super administrator only).
  const canCreate = query.data?.abilities?.canCreate ?? false;
  const countyName = useMemo(() => new Map((counties.data ?? []).map((c) => [c.id, c.name])), [counties.data]);

  const onDelete = (organisation: AdminOrganisation) =>
    confirmAndRun({
      title: t('organisations.deleteTitle'),
      message: t('organisations.deleteQuestion', { name: organisation.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      action: () => remove.mutateAsync(organisation.id),
      success: t('organisations.deleted', { name: organisation.name }),
      onError: (error) => showAdminError(error, { entity: 'organisation' }),
    });

  const cardLink = (row: AdminOrganisation) => `/institution?id=${row.id}&tab=institution-details`;
  const isCurrent = (row: AdminOrganisation) => row.id === user?.organisation_id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: derived from the session and the county names.
  const columns = useMemo<DataTableColumn<AdminOrganisation>[]>(
    () => [
      {
        id: 'name',
        header: t('organisation.fields.name'),
        sortable: true,
        size: 300,
        hideable: false,
        cell: (row) => (
          <Group gap={6} wrap="nowrap">
            {isCurrent(row) && canOpenCard ? (
              <Anchor component={Link} to={cardLink(row)} size="sm" truncate data-testid={`organisation-link-${row.id}`}>
                {row.name}
              </Anchor>
            ) : (
              <Text size="sm" truncate>
                {row.name}
              </Text>
            )}
            {isCurrent(row) ? (
              <SoftBadge size="sm" color="navy.7" data-testid="organisation-current">
                {t('organisations.current')}
              </SoftBadge>
            ) : null}
          </Group>
        ),
      },
      { id: 'type', header: t('organisation.fields.type'), size: 160, cell: (row) => t(`organisation.types.${row.type}`) },
      { id: 'status', header: t('organisation.fields.status'), size: 120, cell: (row) => <StatusBadge status={row.status} /> },
      {
        id: 'county_id',
        header: t('organisation.fields.county'),
        size: 150,
        accessor: (row) => (row.county_id === null ? '' : (countyName.get(row.county_id) ?? String(row.county_id))),
      },
      {
        id: 'flags',
        header: t('organisations.flags'),
        size: 220,
        cell: (row) => (
          <Group gap={4}>
            {row.is_test ? (
              <SoftBadge size="sm" color="orange.9">
                {t('organisations.test')}
              </SoftBadge>
            ) : null}
            {row.citizen_dashboard_visible ? (
              <SoftBadge size="sm" color="green.9">
                {t('organisations.onDashboard')}
              </SoftBadge>
            ) : null}
          </Group>
        ),
      },
    ],
    [t, countyName, user?.organisation_id, canOpenCard],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<AdminOrganisation>[]>(
    () => [
      {
        name: 'open',
        label: t('organisations.open'),
        icon: <IconEye size={16} aria-hidden />,
        isVisible: (row) => isCurrent(row) && canOpenCard,
        onClick: (row) => navigate(cardLink(row)),
      },
      {
        name: 'work-here',
        label: t('delegation.workHere'),
        icon: <IconBuildingCommunity size={16} aria-hidden />,
        isVisible: (row) => row.abilities.canWorkIn && !isCurrent(row) && !switching,
        onClick: (row) => void workIn(row),
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
    [t, user, canOpenCard, switching],
  );

  return (
    <Stack gap="lg" data-testid="institutions-page">
      <PageHeader
        title={t('routes:institutions')}
        subtitle={t('organisations.subtitle')}
        actions={
          canCreate ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreateOpened(true)}
              data-testid="organisation-create"
            >
              {t('organisations.create')}
            </Button>
          ) : null
        }
      />
      <DelegationBanner />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('organisations.tableLabel')}
        filtersLabel={t('organisations.filtersLabel')}
        storageKey="administration-organisations"
        noun={t('organisations.noun')}
        nounOne={t('organisations.nounOne')}
        getRowLabel={(row) => t('organisations.rowLabel', { name: row.name })}
        emptyTitle={t('organisations.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="organisations-list"
      />
      {canCreate ? <CreateOrganisationModal opened={createOpened} onClose={() => setCreateOpened(false)} /> : null}
    </Stack>
  );
}
