import type { AnafStatus, Beneficiary } from '@ghiseu/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recordActions } from '../../../components/data-table/record-actions';
import type { DataTableColumn } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { showApiError } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useBeneficiaries, useDeleteBeneficiary } from '../api/beneficiaries';
import { BeneficiaryModal } from '../components/beneficiary-modal';

const ANAF_COLORS: Record<AnafStatus, string> = {
  not_applicable: 'gray.7',
  validated: 'green.9',
  unvalidated: 'orange.9',
  invalid: 'red.9',
};

/**
 * /beneficiaries (beneficiariesRead, spec §2, §3, §7): the user's register of beneficiaries with
 * filters (person type, name, CNP or CUI), add and edit in a modal, delete after a question, and
 * the tax-authority state of each company's CUI.
 */
export function BeneficiariesPage() {
  const { t } = useTranslation(['beneficiaries', 'routes']);
  const { can } = usePermissions();
  const canEdit = can('beneficiariesEdit');
  const remove = useDeleteBeneficiary();

  const filters = useMemo<FilterDefinition[]>(
    () => [
      {
        key: 'person_type',
        type: 'select',
        label: t('filters.personType'),
        options: [
          { value: 'individual', label: t('personTypes.individual') },
          { value: 'legal', label: t('personTypes.legal') },
        ],
      },
      { key: 'display_name', type: 'quicksearch', label: t('filters.name'), size: 'medium' },
      { key: 'personal_numeric_code', type: 'quicksearch', label: t('filters.cnp') },
      { key: 'unique_registration_code', type: 'quicksearch', label: t('filters.cui') },
    ],
    [t],
  );
  const page = useRecordListPage<Beneficiary>({
    initialSortKey: 'display_name',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('deleteTitle'),
        message: t('deleteQuestion', { name: row.display_name }),
        success: t('deleted', { name: row.display_name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showApiError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useBeneficiaries(list.searchParams);

  const columns = useMemo<DataTableColumn<Beneficiary>[]>(
    () => [
      { id: 'display_name', header: t('columns.name'), sortable: true, size: 240, hideable: false },
      {
        id: 'person_type',
        header: t('columns.personType'),
        size: 150,
        accessor: (row) => t(`personTypes.${row.person_type}`),
      },
      {
        id: 'code',
        header: t('columns.code'),
        size: 160,
        accessor: (row) => row.unique_registration_code ?? row.personal_numeric_code ?? row.details.passport_number ?? '',
      },
      { id: 'email', header: t('columns.email'), size: 220, accessor: (row) => row.email ?? '' },
      { id: 'phone', header: t('columns.phone'), size: 130, accessor: (row) => row.phone ?? '' },
      {
        id: 'anaf_status',
        header: t('columns.anaf'),
        size: 200,
        cell: (row) =>
          row.anaf_status === 'not_applicable' ? (
            <Text size="sm" c="gray.7">
              {t('anaf.not_applicable')}
            </Text>
          ) : (
            <SoftBadge size="sm" color={ANAF_COLORS[row.anaf_status]} data-testid={`anaf-status-${row.id}`}>
              {t(`anaf.${row.anaf_status}`)}
            </SoftBadge>
          ),
      },
      {
        id: 'created_at',
        header: t('columns.createdAt'),
        sortable: true,
        size: 130,
        accessor: (row) => formatDate(row.created_at),
      },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<Beneficiary>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
        allowed: canEdit,
      }),
    [t, canEdit],
  );

  const createButton = canEdit ? (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="beneficiary-create">
      {t('create')}
    </Button>
  ) : null;

  return (
    <Stack gap="lg" data-testid="beneficiaries-page">
      <PageHeader title={t('routes:beneficiaries')} subtitle={t('subtitle')} actions={createButton} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('tableLabel')}
        filtersLabel={t('filtersLabel')}
        storageKey="beneficiaries"
        noun={t('noun')}
        nounOne={t('nounOne')}
        getRowLabel={(row) => t('rowLabel', { name: row.display_name })}
        emptyTitle={t('empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        emptyAction={
          canEdit ? (
            <Button variant="default" onClick={() => open(null)}>
              {t('emptyAction')}
            </Button>
          ) : null
        }
        loadErrorTitle={t('loadError')}
        testId="beneficiaries-list"
      />
      {canEdit ? <BeneficiaryModal opened={opened} onClose={page.close} beneficiary={editing} /> : null}
    </Stack>
  );
}
