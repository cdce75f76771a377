import {
  type Organisation,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type Payment,
  type PaymentTotals,
  toSearchParams,
} from '@ghiseu/domain';
import { Anchor, Button, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/types';
import { ErrorState } from '../../../components/feedback/error-state';
import { showToast } from '../../../components/feedback/toast';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListBlock } from '../../../components/page/list-block';
import { api, ApiError, type ListEnvelope } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSettings } from '../../../lib/settings';
import { downloadPaymentsCsv, usePayments, usePaymentTotals } from '../api/payments-registry';
import { lei } from './money';
import { PaymentStatusBadge } from './payment-status-badge';

type Period = 'day' | 'month';

/**
 * The registry of every payment: the list with its filters (date, type, status, organisation,
 * application number, payer), the totals of the same filters by type and by day or month, and the
 * CSV export of the same filters.
 */
export function PaymentsListTab() {
  const { t } = useTranslation('payments-registry');
  const settings = useSettings();
  const [period, setPeriod] = useState<Period>('day');
  const [exporting, setExporting] = useState(false);
  const organisations = useQuery({
    queryKey: ['payments-registry', 'organisations'],
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<Organisation>>('/organisations?limit=100&sortKey=name', { signal })).data,
    staleTime: 5 * 60_000,
  });

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'created_at', type: 'daterange', label: t('filters.period'), size: 'medium' },
      {
        key: 'type',
        type: 'select',
        label: t('filters.type'),
        options: PAYMENT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
      },
      {
        key: 'status',
        type: 'select',
        label: t('filters.status'),
        options: PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      },
      { key: 'application_number', type: 'quicksearch', label: t('filters.applicationNumber') },
      { key: 'client_name', type: 'quicksearch', label: t('filters.clientName'), size: 'medium' },
      {
        key: 'organisation_id',
        type: 'select',
        label: t('filters.organisation'),
        size: 'medium',
        primary: false,
        options: (organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
      },
    ],
    [t, organisations.data],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: '-created_at', definitions: filters });
  const query = usePayments(list.searchParams);
  /** The filters alone (no page, no sort): what the totals and the export answer for. */
  const filterParams = toSearchParams(list.filterQuery).toString();
  const totals = usePaymentTotals([filterParams, `period=${period}`].filter(Boolean).join('&'));

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadPaymentsCsv(filterParams);
    } catch (error) {
      showToast('error', error instanceof ApiError ? error.userMessage : t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

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
        size: 170,
        cell: (row) =>
          row.application_id ? (
            <Anchor component={Link} to={`/application/${row.application_id}/payments`} size="sm">
              {row.application_number ?? t('columns.unnumbered')}
            </Anchor>
          ) : (
            '—'
          ),
      },
      { id: 'client_name', header: t('columns.client'), sortable: true, size: 200, accessor: (row) => row.client_name ?? '—' },
      { id: 'application_type_name', header: t('columns.applicationType'), size: 200, defaultHidden: true },
      { id: 'type', header: t('columns.type'), sortable: true, size: 130, accessor: (row) => row.type_label },
      {
        id: 'amount',
        header: t('columns.amount'),
        sortable: true,
        size: 140,
        align: 'right',
        accessor: (row) => lei(row.amount),
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortable: true,
        size: 130,
        cell: (row) => <PaymentStatusBadge payment={row} />,
      },
      {
        id: 'reference',
        header: t('columns.reference'),
        size: 180,
        accessor: (row) => row.document_number ?? row.provider_transaction_id ?? '—',
      },
      {
        id: 'personal_code',
        header: t('columns.personalCode'),
        size: 150,
        defaultHidden: true,
        accessor: (row) => row.personal_code ?? '—',
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          value={period}
          onChange={(value) => setPeriod(value as Period)}
          aria-label={t('totals.periodLabel')}
          data={[
            { value: 'day', label: t('totals.byDay') },
            { value: 'month', label: t('totals.byMonth') },
          ]}
        />
        <Button
          variant="outline"
          leftSection={<IconFileExport size={18} aria-hidden />}
          onClick={() => void onExport()}
          loading={exporting}
          data-testid="payments-export"
        >
          {t('export')}
        </Button>
      </Group>
      <Totals query={totals} onRetry={() => void totals.refetch()} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        label={t('tableLabel')}
        filtersLabel={t('filtersLabel')}
        storageKey="payments-registry"
        noun={t('noun')}
        nounOne={t('nounOne')}
        getRowLabel={(row) => t('rowLabel', { number: row.application_number ?? row.id, amount: lei(row.amount) })}
        emptyTitle={t('empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="payments-list"
      />
    </Stack>
  );
}

function Totals({
  query,
  onRetry,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: PaymentTotals };
  onRetry: () => void;
}) {
  const { t } = useTranslation('payments-registry');
  if (query.isPending) return <Skeleton h={96} radius="md" />;
  if (query.isError || !query.data)
    return (
      <ErrorState
        title={t('totals.loadError')}
        message={query.error instanceof ApiError ? query.error.userMessage : undefined}
        onRetry={onRetry}
      />
    );
  const data = query.data;
  return (
    <section aria-labelledby="payments-totals" data-testid="payments-totals">
      <Title order={2} size="h4" id="payments-totals" mb="sm">
        {t('totals.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 6 }} spacing="sm">
        <Card label={t('totals.all')} amount={lei(data.total)} count={data.count} testId="totals-all" />
        {data.by_type.map((row) => (
          <Card key={row.type} label={row.type_label} amount={lei(row.amount)} count={row.count} testId={`totals-${row.type}`} />
        ))}
      </SimpleGrid>
      {data.by_period.length > 0 ? (
        <Table.ScrollContainer minWidth={360} mt="sm">
          <Table striped withTableBorder data-testid="totals-by-period">
            <Table.Caption>{t('totals.byPeriodCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('totals.period')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('totals.count')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('totals.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.by_period.map((row) => (
                <Table.Tr key={row.period}>
                  <Table.Td>{periodText(row.period)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{row.count}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{lei(row.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </section>
  );
}

/** '2026-11-24' → '24.11.2026'; '2026-11' → '11.2026'. */
function periodText(period: string): string {
  const [year, month, day] = period.split('-');
  return day ? `${day}.${month}.${year}` : `${month}.${year}`;
}

function Card({ label, amount, count, testId }: { label: string; amount: string; count: number; testId: string }) {
  const { t } = useTranslation('payments-registry');
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {amount}
      </Text>
      <Text size="xs" c="gray.7">
        {t('totals.payments', { count })}
      </Text>
    </Paper>
  );
}
