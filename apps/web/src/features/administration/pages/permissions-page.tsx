import { PERMISSION_CATEGORIES, type PermissionRecord } from '@ghiseu/domain';
import { Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListCell } from '../../../components/list-cell/list-cell';
import { useSettings } from '../../../lib/settings';
import { useAllOrganisations } from '../api/organisations';
import { usePermissionRecords } from '../api/permissions';
import { PermissionModal } from '../components/permissions/permission-modal';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';

/**
 * /permissions (permissionsRead, super administrator): the permission catalogue with the data
 * of each record (spec §3): name, description, category, scope, organisations, default
 * assignment; each editable in a dialog.
 */
export function PermissionsPage() {
  const { t } = useTranslation(['administration', 'routes']);
  const settings = useSettings();
  const organisations = useAllOrganisations();
  const [editing, setEditing] = useState<PermissionRecord | null>(null);
  const organisationName = useMemo(
    () => new Map((organisations.data?.data ?? []).map((o) => [o.id, o.name])),
    [organisations.data],
  );

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('filters.search'), size: 'medium' },
      {
        key: 'category',
        type: 'select',
        label: t('permissions.fields.category'),
        options: Object.entries(PERMISSION_CATEGORIES).map(([value, label]) => ({ value, label })),
      },
      {
        key: 'scope',
        type: 'select',
        label: t('permissions.fields.scope'),
        options: [
          { value: 'user', label: t('permissions.scopes.user') },
          { value: 'organisation', label: t('permissions.scopes.organisation') },
        ],
      },
    ],
    [t],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: 'category', definitions: filters });
  const query = usePermissionRecords(list.searchParams);

  const columns = useMemo<DataTableColumn<PermissionRecord>[]>(
    () => [
      {
        id: 'name',
        header: t('permissions.fields.name'),
        sortable: true,
        size: 260,
        hideable: false,
        cell: (row) => (
          <Stack gap={0}>
            <Text size="sm" truncate>
              {row.name}
            </Text>
            <Text size="xs" ff="monospace" c="gray.8" truncate>
              {row.key}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'description',
        header: t('permissions.fields.description'),
        size: 240,
        defaultHidden: true,
        accessor: (row) => row.description ?? '',
      },
      {
        id: 'category',
        header: t('permissions.fields.category'),
        sortable: true,
        size: 170,
        accessor: (row) => row.category_label,
      },
      { id: 'scope', header: t('permissions.fields.scope'), size: 110, cell: (row) => t(`permissions.scopes.${row.scope}`) },
      {
        id: 'organisation_ids',
        header: t('permissions.fields.organisations'),
        size: 180,
        cell: (row) =>
          row.organisation_ids.length === 0 ? (
            <Text size="sm">{t('permissions.allOrganisations')}</Text>
          ) : (
            <ListCell
              items={row.organisation_ids.map((id) => organisationName.get(id) ?? String(id))}
              noun={t('organisations.noun')}
              nounOne={t('organisations.nounOne')}
            />
          ),
      },
      {
        id: 'default_assignment',
        header: t('permissions.fields.default_assignment'),
        size: 150,
        cell: (row) => t(`permissions.assignments.${row.default_assignment ?? 'none'}`),
      },
      {
        id: 'customised',
        header: t('permissions.fields.customised'),
        size: 100,
        cell: (row) =>
          row.customised ? (
            <SoftBadge size="sm" color="navy.7">
              {t('permissions.customised')}
            </SoftBadge>
          ) : null,
      },
    ],
    [t, organisationName],
  );

  const actions = useMemo<DataTableRowAction<PermissionRecord>[]>(
    () => [
      {
        name: 'edit',
        label: t('actions.edit'),
        icon: <IconPencil size={16} aria-hidden />,
        isVisible: (row) => row.abilities.canEdit,
        onClick: (row) => setEditing(row),
      },
    ],
    [t],
  );

  return (
    <Stack gap="lg" data-testid="permissions-page">
      <PageHeader title={t('routes:permissions')} subtitle={t('permissions.subtitle')} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('permissions.tableLabel')}
        filtersLabel={t('permissions.filtersLabel')}
        storageKey="administration-permissions"
        noun={t('permissions.noun')}
        nounOne={t('permissions.nounOne')}
        getRowLabel={(row) => t('permissions.rowLabel', { name: row.name })}
        getRowId={(row) => row.key}
        emptyTitle={t('permissions.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="permissions-list"
      />
      <PermissionModal permission={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
