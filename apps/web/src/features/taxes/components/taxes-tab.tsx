import type { Tax } from '@ghiseu/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recordActions } from '../../../components/data-table/record-actions';
import type { DataTableColumn } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { ListBlock } from '../../../components/page/list-block';
import { StatusBadge } from '../../../components/page/status-badge';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { useSession } from '../../../lib/session';
import { forOrganisation, useDeleteTax, useTaxes } from '../api/taxes';
import { showTaxError } from '../errors';
import { TaxModal } from './tax-modal';

const displayDate = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('.') : '');
const lei = (text: string | null) => (text === null ? '' : `${text.replace('.', ',')} lei`);

/** The tab 'Taxe' of /institution (taxesEdit): the organisation's taxes, added and edited in a modal. */
export function TaxesTab({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('taxes');
  const { user } = useSession();
  const superAdmin = user?.user_type_name === 'super_admin';
  const remove = useDeleteTax();
  const filters = useMemo<FilterDefinition[]>(
    () => [{ key: 'search', type: 'search', label: t('taxes.filters.search'), size: 'medium' }],
    [t],
  );
  const page = useRecordListPage<Tax>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('taxes.deleteTitle'),
        message: t('taxes.deleteQuestion', { name: row.name }),
        success: t('taxes.deleted', { name: row.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showTaxError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useTaxes(forOrganisation(list.searchParams, organisationId));

  const valueSummary = (row: Tax): string => {
    if (row.price_model === 'fixed') return lei(row.fixed_value);
    const percent = row.percentage_value ? `${row.percentage_value.replace('.', ',')} %` : '';
    if (row.price_model === 'percentage') return `${percent} ${t(`baseOf.${row.base}`)}`;
    const ranges = t('taxes.rangesCount', { count: row.ranges.length });
    return row.price_model === 'mixed' ? `${ranges} + ${percent}` : ranges;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: valueSummary reads t only.
  const columns = useMemo<DataTableColumn<Tax>[]>(
    () => [
      { id: 'name', header: t('taxes.fields.name'), sortable: true, size: 240, hideable: false },
      { id: 'category_name', header: t('taxes.fields.category'), size: 180 },
      { id: 'price_model', header: t('taxes.fields.priceModel'), size: 140, cell: (row) => t(`priceModels.${row.price_model}`) },
      {
        id: 'value',
        header: t('taxes.fields.value'),
        size: 200,
        cell: (row) => <Text size="sm">{valueSummary(row)}</Text>,
      },
      {
        id: 'entry_into_force',
        header: t('taxes.fields.entryIntoForce'),
        sortable: true,
        size: 130,
        cell: (row) => displayDate(row.entry_into_force),
      },
      {
        id: 'decision',
        header: t('taxes.fields.decision'),
        size: 180,
        cell: (row) => [row.decision_number, displayDate(row.decision_date)].filter(Boolean).join(' / ') || t('taxes.noDecision'),
      },
      { id: 'status', header: t('taxes.fields.status'), size: 120, cell: (row) => <StatusBadge status={row.status} /> },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<Tax>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
      }),
    [t],
  );

  return (
    <Stack gap="md" data-testid="taxes-tab">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="tax-create">
          {t('taxes.create')}
        </Button>
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('taxes.tableLabel')}
        filtersLabel={t('taxes.filtersLabel')}
        storageKey="taxes"
        noun={t('taxes.noun')}
        nounOne={t('taxes.nounOne')}
        getRowLabel={(row) => t('taxes.rowLabel', { name: row.name })}
        emptyTitle={t('taxes.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="taxes-list"
      />
      <TaxModal opened={opened} onClose={page.close} tax={editing} organisationId={organisationId} superAdmin={superAdmin} />
    </Stack>
  );
}
