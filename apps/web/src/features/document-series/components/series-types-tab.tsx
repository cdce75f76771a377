import type { DocumentSeriesType } from '@ghiseu/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table/types';
import { recordActions } from '../../../components/data-table/record-actions';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { ListBlock } from '../../../components/page/list-block';
import { useDeleteSeriesType, useSeriesTypes } from '../api/document-series';
import { showSeriesError } from '../errors';
import { SeriesTypeModal } from './series-type-modal';

/** The series types (super administrator): name, description, how many series use each. */
export function SeriesTypesTab() {
  const { t } = useTranslation('document-series');
  const remove = useDeleteSeriesType();

  const filters = useMemo<FilterDefinition[]>(
    () => [{ key: 'search', type: 'search', label: t('types.filters.search'), size: 'medium' }],
    [t],
  );
  const page = useRecordListPage<DocumentSeriesType>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('types.deleteTitle'),
        message: t('types.deleteQuestion', { name: row.name }),
        success: t('types.deleted', { name: row.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showSeriesError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useSeriesTypes(list.searchParams);

  const columns = useMemo<DataTableColumn<DocumentSeriesType>[]>(
    () => [
      { id: 'name', header: t('types.fields.name'), sortable: true, size: 260, hideable: false },
      {
        id: 'description',
        header: t('types.fields.description'),
        size: 360,
        cell: (row) => (
          <Text size="sm" lineClamp={2}>
            {row.description ?? ''}
          </Text>
        ),
      },
      { id: 'series_count', header: t('types.fields.seriesCount'), sortable: true, size: 100, align: 'right' },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<DocumentSeriesType>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
      }),
    [t],
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="series-type-create">
          {t('types.create')}
        </Button>
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('types.tableLabel')}
        filtersLabel={t('types.filtersLabel')}
        storageKey="document-series-types"
        noun={t('types.noun')}
        nounOne={t('types.nounOne')}
        getRowLabel={(row) => t('types.rowLabel', { name: row.name })}
        emptyTitle={t('types.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="series-types-list"
      />
      <SeriesTypeModal opened={opened} onClose={page.close} seriesType={editing} />
    </Stack>
  );
}
