import { PERMISSIONS, type Responsibility } from '@ghiseu/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table/types';
import { recordActions } from '../../../components/data-table/record-actions';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { ListCell } from '../../../components/list-cell/list-cell';
import { formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useAdministersAllOrganisations, useAllOrganisations } from '../api/organisations';
import { useDeleteResponsibility, useResponsibilities } from '../api/responsibilities';
import { ResponsibilityEditor } from '../components/responsibilities/responsibility-editor';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { showAdminError } from '../errors';
import { SoftBadge } from '../../../components/page/soft-badge';

/** Readable name of a permission key (the catalogue's description). */
const permissionLabel = (key: string) => PERMISSIONS[key as keyof typeof PERMISSIONS]?.description ?? key;

/**
 * /responsibilities (responsibilityRead): the responsibilities of the organisation and those
 * shared by all (spec §3, §5). Staff get their permissions through functions that hold them;
 * a change applies to those staff members at once.
 */
export function ResponsibilitiesPage() {
  const { t } = useTranslation(['administration', 'routes']);
  const { can } = usePermissions();
  const everyOrganisation = useAdministersAllOrganisations();
  const organisations = useAllOrganisations();
  const remove = useDeleteResponsibility();
  const organisationName = useMemo(
    () => new Map((organisations.data?.data ?? []).map((o) => [o.id, o.name])),
    [organisations.data],
  );

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('filters.search'), size: 'medium' },
      {
        key: 'permission',
        type: 'select',
        op: 'contains',
        label: t('responsibilities.filters.permission'),
        size: 'medium',
        options: Object.keys(PERMISSIONS)
          .map((key) => ({ value: key, label: permissionLabel(key) }))
          .sort((a, b) => a.label.localeCompare(b.label, 'ro')),
      },
      ...(everyOrganisation
        ? [
            {
              key: 'organisation_id',
              type: 'select' as const,
              label: t('responsibilities.fields.organisation'),
              size: 'medium' as const,
              options: (organisations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
            },
          ]
        : []),
    ],
    [t, everyOrganisation, organisations.data],
  );
  const page = useRecordListPage<Responsibility>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (responsibility) => ({
        title: t('responsibilities.deleteTitle'),
        message: t('responsibilities.deleteQuestion', { name: responsibility.name }),
        success: t('responsibilities.deleted', { name: responsibility.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (responsibility) => remove.mutateAsync(responsibility.id),
      onError: (error) => showAdminError(error, { entity: 'responsibility' }),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useResponsibilities(list.searchParams);

  const columns = useMemo<DataTableColumn<Responsibility>[]>(
    () => [
      { id: 'name', header: t('responsibilities.fields.name'), sortable: true, size: 220, hideable: false },
      {
        id: 'description',
        header: t('responsibilities.fields.description'),
        size: 220,
        accessor: (row) => row.description ?? '',
      },
      {
        id: 'permissions',
        header: t('responsibilities.fields.permissions'),
        size: 280,
        cell: (row) => (
          <ListCell
            items={row.permissions.map(permissionLabel)}
            noun={t('responsibilities.permissionNoun')}
            nounOne={t('responsibilities.permissionNounOne')}
          />
        ),
      },
      {
        id: 'organisation_id',
        header: t('responsibilities.fields.organisation'),
        size: 160,
        cell: (row) =>
          row.organisation_id === null ? (
            <SoftBadge color="navy.7">{t('responsibilities.sharedShort')}</SoftBadge>
          ) : (
            <Text size="sm" truncate>
              {organisationName.get(row.organisation_id) ?? t('responsibilities.ownOrganisation')}
            </Text>
          ),
      },
      { id: 'function_count', header: t('responsibilities.fields.function_count'), size: 90, align: 'right' },
      {
        id: 'updated_at',
        header: t('columns.updated_at'),
        sortable: true,
        size: 150,
        defaultHidden: true,
        cell: (row) => formatDateTime(row.updated_at),
      },
    ],
    [t, organisationName],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<Responsibility>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
      }),
    [t],
  );

  return (
    <Stack gap="lg" data-testid="responsibilities-page">
      <PageHeader
        title={t('routes:responsibilities')}
        subtitle={t('responsibilities.subtitle')}
        actions={
          can('responsibilityEdit') ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => open(null)}
              data-testid="responsibility-create"
            >
              {t('responsibilities.create')}
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
        label={t('responsibilities.tableLabel')}
        filtersLabel={t('responsibilities.filtersLabel')}
        storageKey="administration-responsibilities"
        noun={t('responsibilities.noun')}
        nounOne={t('responsibilities.nounOne')}
        getRowLabel={(row) => t('responsibilities.rowLabel', { name: row.name })}
        emptyTitle={t('responsibilities.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="responsibilities-list"
      />
      <ResponsibilityEditor opened={opened} onClose={page.close} responsibility={editing} />
    </Stack>
  );
}
