import { CONTROL_STATUSES, type ControlListItem } from '@ghiseu/domain';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { formatDate } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useJurisdictionUats } from '../../../lib/territory';
import { useActiveControlTypes } from '../api/control-types';
import { useControls } from '../api/controls';
import { ControlStatusBadge } from '../components/control-status-badge';
import { controlErrorText } from '../errors';

/** What a control is called in a row and a heading: its entry code, or "Ciornă" with its address. */
export const controlName = (row: Pick<ControlListItem, 'entry_code' | 'address'>, draft: string) =>
  row.entry_code ?? `${draft} – ${row.address}`;

/**
 * /controls (controlRead, staff): the organisation's controls with the shared filters (status,
 * type, UAT, control date, free text over entry code, address and cadastral number), newest
 * control date first, and "Control nou".
 */
export function ControlsPage() {
  const { t } = useTranslation('controls');
  const { can } = usePermissions();
  const { user } = useSession();
  const settings = useSettings();
  const navigate = useNavigate();
  const types = useActiveControlTypes();
  const uats = useJurisdictionUats(user?.organisation_id ?? null);

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('list.filters.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('list.filters.status'),
        options: CONTROL_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
      },
      {
        key: 'control_type_id',
        type: 'select',
        label: t('list.filters.type'),
        size: 'medium',
        options: (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
      },
      {
        key: 'uat_id',
        type: 'select',
        label: t('list.filters.uat'),
        size: 'medium',
        options: (uats.data ?? []).map((uat) => ({ value: String(uat.id), label: uat.name })),
      },
      { key: 'control_date', type: 'daterange', label: t('list.filters.date'), size: 'medium' },
    ],
    [t, types.data, uats.data],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: '-control_date', definitions: filters });
  const query = useControls(list.searchParams);
  const canCreate = can('controlRead');
  const canOpen = can('controlEdit');
  const draft = t('statuses.draft');

  const columns = useMemo<DataTableColumn<ControlListItem>[]>(
    () => [
      {
        id: 'entry_code',
        header: t('list.columns.entryCode'),
        sortable: true,
        size: 150,
        hideable: false,
        cell: (row) =>
          canOpen ? (
            <Anchor component={Link} to={`/control/${row.id}`} size="sm" data-testid={`control-link-${row.id}`}>
              {row.entry_code ?? draft}
            </Anchor>
          ) : (
            (row.entry_code ?? draft)
          ),
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        sortable: true,
        size: 150,
        cell: (row) => <ControlStatusBadge status={row.status} />,
      },
      {
        id: 'control_date',
        header: t('list.columns.date'),
        sortable: true,
        size: 120,
        accessor: (row) => formatDate(row.control_date),
      },
      { id: 'control_type', header: t('list.columns.type'), size: 190, accessor: (row) => row.control_type.name },
      { id: 'uat', header: t('list.columns.uat'), size: 160, accessor: (row) => row.uat.name },
      { id: 'address', header: t('list.columns.address'), size: 220, accessor: (row) => row.address },
      {
        id: 'cadastral_number',
        header: t('list.columns.cadastral'),
        size: 130,
        accessor: (row) => row.cadastral_number ?? '',
      },
      {
        id: 'complaint',
        header: t('list.columns.complaint'),
        size: 140,
        accessor: (row) => row.complaint?.entry_code ?? '',
      },
      {
        id: 'created_by',
        header: t('list.columns.createdBy'),
        size: 170,
        defaultHidden: true,
        accessor: (row) => row.created_by.name,
      },
    ],
    [t, canOpen, draft],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<ControlListItem>[]>(
    () =>
      canOpen
        ? [
            {
              name: 'open',
              label: t('list.actions.open'),
              icon: <IconEye size={16} aria-hidden />,
              onClick: (row) => navigate(`/control/${row.id}`),
            },
          ]
        : [],
    [t, canOpen],
  );

  const newButton = (variant?: 'light') => (
    <Button
      component={Link}
      to="/control/new"
      variant={variant}
      leftSection={variant ? undefined : <IconPlus size={18} aria-hidden />}
      data-testid={variant ? undefined : 'control-new'}
    >
      {t('list.new')}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="controls-page">
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={canCreate ? newButton() : null} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('list.tableLabel')}
        filtersLabel={t('list.filtersLabel')}
        storageKey="controls"
        noun={t('list.noun')}
        nounOne={t('list.nounOne')}
        getRowLabel={(row) => t('list.rowLabel', { name: controlName(row, draft) })}
        emptyTitle={t('list.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        emptyAction={canCreate ? newButton('light') : null}
        loadErrorTitle={t('list.loadError')}
        errorText={controlErrorText}
        testId="controls-list"
      />
    </Stack>
  );
}
