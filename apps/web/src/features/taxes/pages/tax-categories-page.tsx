import type { TaxCategory } from '@ghiseu/domain';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recordActions } from '../../../components/data-table/record-actions';
import type { DataTableColumn } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { StatusBadge } from '../../../components/page/status-badge';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { useDeleteTaxCategory, useTaxCategories } from '../api/taxes';
import { TaxCategoryModal } from '../components/tax-category-modal';
import { showTaxError } from '../errors';

/**
 * /tax-category (super administrator): the tax categories with their status and how many taxes
 * each has; a category with taxes cannot be deleted (CATEGORY_NOT_EMPTY).
 */
export function TaxCategoriesPage() {
  const { t } = useTranslation('taxes');
  const remove = useDeleteTaxCategory();
  const filters = useMemo<FilterDefinition[]>(
    () => [{ key: 'search', type: 'search', label: t('categories.filters.search'), size: 'medium' }],
    [t],
  );
  const page = useRecordListPage<TaxCategory>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('categories.deleteTitle'),
        message: t('categories.deleteQuestion', { name: row.name }),
        success: t('categories.deleted', { name: row.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showTaxError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useTaxCategories(list.searchParams);

  const columns = useMemo<DataTableColumn<TaxCategory>[]>(
    () => [
      { id: 'name', header: t('categories.fields.name'), sortable: true, size: 320, hideable: false },
      {
        id: 'status',
        header: t('categories.fields.status'),
        sortable: true,
        size: 140,
        cell: (row) => <StatusBadge status={row.status} />,
      },
      { id: 'taxes_count', header: t('categories.fields.taxesCount'), size: 120, align: 'right' },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<TaxCategory>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
      }),
    [t],
  );

  return (
    <Stack gap="lg" data-testid="tax-categories-page">
      <PageHeader title={t('categories.title')} subtitle={t('categories.subtitle')} />
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="tax-category-create">
          {t('categories.create')}
        </Button>
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('categories.tableLabel')}
        filtersLabel={t('categories.filtersLabel')}
        storageKey="tax-categories"
        noun={t('categories.noun')}
        nounOne={t('categories.nounOne')}
        getRowLabel={(row) => t('categories.rowLabel', { name: row.name })}
        emptyTitle={t('categories.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="tax-categories-list"
      />
      <TaxCategoryModal opened={opened} onClose={page.close} category={editing} />
    </Stack>
  );
}
