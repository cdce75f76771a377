import type { CollectorAccount } from '@ghiseu/domain';
import { Button, Group, Stack } from '@mantine/core';
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
import { forOrganisation, useCollectorAccounts, useDeleteCollectorAccount } from '../api/taxes';
import { showTaxError } from '../errors';
import { BankAccountModal } from './bank-account-modal';

/** The tab 'Conturi bancare' of /institution (bankAccountsEdit): the organisation's collector accounts. */
export function BankAccountsTab({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('taxes');
  const { user } = useSession();
  const superAdmin = user?.user_type_name === 'super_admin';
  const remove = useDeleteCollectorAccount();
  const filters = useMemo<FilterDefinition[]>(
    () => [{ key: 'search', type: 'search', label: t('accounts.filters.search'), size: 'medium' }],
    [t],
  );
  const page = useRecordListPage<CollectorAccount>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('accounts.deleteTitle'),
        message: t('accounts.deleteQuestion', { name: row.name }),
        success: t('accounts.deleted', { name: row.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showTaxError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useCollectorAccounts(forOrganisation(list.searchParams, organisationId));

  const columns = useMemo<DataTableColumn<CollectorAccount>[]>(
    () => [
      { id: 'name', header: t('accounts.fields.name'), sortable: true, size: 220, hideable: false },
      { id: 'bank', header: t('accounts.fields.bank'), size: 180 },
      { id: 'iban', header: t('accounts.fields.iban'), size: 260, cell: (row) => row.iban ?? '' },
      { id: 'provider_username', header: t('accounts.fields.username'), size: 180 },
      {
        id: 'has_password',
        header: t('accounts.fields.password'),
        size: 140,
        cell: (row) => (row.has_password ? t('accounts.passwordSet') : t('accounts.passwordMissing')),
      },
      { id: 'status', header: t('accounts.fields.status'), size: 120, cell: (row) => <StatusBadge status={row.status} /> },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<CollectorAccount>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
      }),
    [t],
  );

  return (
    <Stack gap="md" data-testid="bank-accounts-tab">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="bank-account-create">
          {t('accounts.create')}
        </Button>
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('accounts.tableLabel')}
        filtersLabel={t('accounts.filtersLabel')}
        storageKey="collector-accounts"
        noun={t('accounts.noun')}
        nounOne={t('accounts.nounOne')}
        getRowLabel={(row) => t('accounts.rowLabel', { name: row.name })}
        emptyTitle={t('accounts.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="bank-accounts-list"
      />
      <BankAccountModal
        opened={opened}
        onClose={page.close}
        account={editing}
        organisationId={organisationId}
        superAdmin={superAdmin}
      />
    </Stack>
  );
}
