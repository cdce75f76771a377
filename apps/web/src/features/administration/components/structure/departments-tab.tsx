import type { Department } from '@ghiseu/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../../components/data-table/types';
import { recordActions } from '../../../../components/data-table/record-actions';
import type { FilterDefinition } from '../../../../components/filter-bar/types';
import { useRecordListPage } from '../../../../components/page/use-record-list-page';
import { formatDateTime } from '../../../../lib/format';
import { Can } from '../../../../lib/permissions';
import { useDeleteDepartment, useDepartments } from '../../api/structure';
import { showAdminError } from '../../errors';
import { withFilter } from '../../list-params';
import { ListBlock } from '../../../../components/page/list-block';
import { StatusBadge } from '../../../../components/page/status-badge';
import { DepartmentModal } from './department-modal';

/** Tab 'Departamente': the organisation's departments, added, edited and deleted per their abilities. */
export function DepartmentsTab({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('administration');
  const remove = useDeleteDepartment();
  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('filters.search'), size: 'medium' },
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
  const page = useRecordListPage<Department>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (department) => ({
        title: t('departments.deleteTitle'),
        message: t('departments.deleteQuestion', { name: department.name }),
        success: t('departments.deleted', { name: department.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (department) => remove.mutateAsync(department.id),
      onError: (error) => showAdminError(error, { entity: 'department' }),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useDepartments(withFilter(list.searchParams, 'organisation_id', 'eq', organisationId));

  const columns = useMemo<DataTableColumn<Department>[]>(
    () => [
      { id: 'name', header: t('departments.fields.name'), sortable: true, size: 240, hideable: false },
      { id: 'description', header: t('departments.fields.description'), size: 280, accessor: (row) => row.description ?? '' },
      {
        id: 'status',
        header: t('departments.fields.status'),
        sortable: true,
        size: 130,
        cell: (row) => <StatusBadge status={row.status} />,
      },
      { id: 'user_count', header: t('departments.fields.user_count'), size: 120, align: 'right' },
      {
        id: 'updated_at',
        header: t('columns.updated_at'),
        sortable: true,
        size: 160,
        cell: (row) => formatDateTime(row.updated_at),
      },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<Department>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
      }),
    [t],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="gray.7" maw={720}>
          {t('departments.intro')}
        </Text>
        <Can permission="departmentsEdit">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(null)} data-testid="department-create">
            {t('departments.create')}
          </Button>
        </Can>
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('departments.tableLabel')}
        filtersLabel={t('departments.filtersLabel')}
        storageKey="administration-departments"
        noun={t('departments.noun')}
        nounOne={t('departments.nounOne')}
        getRowLabel={(row) => t('departments.rowLabel', { name: row.name })}
        emptyTitle={t('departments.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="departments-list"
      />
      <DepartmentModal opened={opened} onClose={page.close} organisationId={organisationId} department={editing} />
    </Stack>
  );
}
