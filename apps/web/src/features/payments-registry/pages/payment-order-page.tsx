import type { Payment } from '@ghiseu/domain';
import { Anchor, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';
import { formatDateTime } from '../../../lib/format';
import { useSettings } from '../../../lib/settings';
import { usePayments } from '../api/payments-registry';
import { lei } from '../components/money';

/** The queue's fixed filters: payment orders not yet checked against the bank statement. */
const QUEUE_FILTERS = 'type%5Beq%5D=OP&status%5Beq%5D=CREATED';

/**
 * /payment-order (paymentOrderCreate): the payment orders (OP) waiting for the bank statement,
 * oldest first, with whether the applicant uploaded the proof; each opens the application's
 * payments tab, where the clerk registers or rejects it.
 */
export function PaymentOrderPage() {
  const { t } = useTranslation('payments-registry');
  const settings = useSettings();
  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'application_number', type: 'quicksearch', label: t('filters.applicationNumber') },
      { key: 'client_name', type: 'quicksearch', label: t('filters.clientName'), size: 'medium' },
    ],
    [t],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: 'created_at', definitions: filters });
  const query = usePayments([list.searchParams, QUEUE_FILTERS].filter(Boolean).join('&'));

  const columns = useMemo<DataTableColumn<Payment>[]>(
    () => [
      {
        id: 'created_at',
        header: t('columns.date'),
        sortable: true,
        size: 150,
        accessor: (row) => formatDateTime(row.created_at),
      },
      {
        id: 'application_number',
        header: t('columns.application'),
        sortable: true,
        size: 180,
        cell: (row) =>
          row.application_id ? (
            <Anchor component={Link} to={`/application/${row.application_id}/payments`} size="sm">
              {row.application_number ?? t('columns.unnumbered')}
            </Anchor>
          ) : (
            (row.application_number ?? '—')
          ),
      },
      {
        id: 'application_type_name',
        header: t('columns.applicationType'),
        size: 200,
        accessor: (row) => row.application_type_name ?? '—',
      },
      { id: 'client_name', header: t('columns.client'), sortable: true, size: 200, accessor: (row) => row.client_name ?? '—' },
      {
        id: 'amount',
        header: t('columns.amount'),
        sortable: true,
        size: 140,
        align: 'right',
        accessor: (row) => lei(row.amount),
      },
      {
        id: 'has_proof',
        header: t('columns.proof'),
        size: 170,
        cell: (row) =>
          row.has_proof ? (
            <SoftBadge color="green.9">{t('staff.proofUploaded')}</SoftBadge>
          ) : (
            <SoftBadge color="gray.8">{t('staff.proofMissing')}</SoftBadge>
          ),
      },
    ],
    [t],
  );

  return (
    <Stack gap="lg" data-testid="payment-order-page">
      <PageHeader title={t('orders.title')} subtitle={t('orders.subtitle')} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        label={t('orders.tableLabel')}
        filtersLabel={t('filtersLabel')}
        storageKey="payment-orders"
        noun={t('orders.noun')}
        nounOne={t('orders.nounOne')}
        getRowLabel={(row) => t('rowLabel', { number: row.application_number ?? row.id, amount: lei(row.amount) })}
        emptyTitle={t('orders.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="payment-orders"
      />
    </Stack>
  );
}
