import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  NOTIFICATION_CHANNEL_LABELS,
  type NotificationDelivery,
} from '@ghiseu/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListBlock } from '../../../components/page/list-block';
import { SoftBadge } from '../../../components/page/soft-badge';
import { formatDateTime } from '../../../lib/format';
import { useSettings } from '../../../lib/settings';
import { useNotificationDeliveries } from '../api/notifications';

const STATUS_COLORS: Record<NotificationDelivery['status'], string> = {
  queued: 'yellow.9',
  sent: 'green.9',
  failed: 'red.9',
};

/** The delivery log: one row per e-mail or SMS with its status, attempts and last error. */
export function DeliveriesTab() {
  const { t } = useTranslation('notifications');
  const settings = useSettings();
  const filters = useMemo<FilterDefinition[]>(
    () => [
      {
        key: 'status',
        type: 'select',
        label: t('deliveries.filters.status'),
        options: DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_LABELS[value] })),
      },
      {
        key: 'channel',
        type: 'select',
        label: t('deliveries.filters.channel'),
        options: (['email', 'sms'] as const).map((value) => ({ value, label: NOTIFICATION_CHANNEL_LABELS[value] })),
      },
      { key: 'to', type: 'quicksearch', op: 'contains', label: t('deliveries.filters.to'), size: 'medium' },
    ],
    [t],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, definitions: filters });
  const query = useNotificationDeliveries(list.searchParams);

  const columns = useMemo<DataTableColumn<NotificationDelivery>[]>(
    () => [
      { id: 'created_at', header: t('deliveries.columns.created'), size: 150, accessor: (row) => formatDateTime(row.created_at) },
      {
        id: 'channel',
        header: t('deliveries.columns.channel'),
        size: 100,
        accessor: (row) => NOTIFICATION_CHANNEL_LABELS[row.channel],
      },
      { id: 'to', header: t('deliveries.columns.to'), size: 220 },
      { id: 'subject', header: t('deliveries.columns.subject'), size: 220, accessor: (row) => row.subject ?? '—' },
      {
        id: 'event_type',
        header: t('deliveries.columns.event'),
        size: 200,
        defaultHidden: true,
        accessor: (row) => row.event_type ?? '—',
      },
      {
        id: 'status',
        header: t('deliveries.columns.status'),
        size: 130,
        cell: (row) => (
          <SoftBadge color={STATUS_COLORS[row.status]} data-status={row.status}>
            {DELIVERY_STATUS_LABELS[row.status]}
          </SoftBadge>
        ),
      },
      { id: 'attempts', header: t('deliveries.columns.attempts'), size: 100, align: 'right' },
      { id: 'last_error', header: t('deliveries.columns.lastError'), size: 240, accessor: (row) => row.last_error ?? '—' },
      {
        id: 'sent_at',
        header: t('deliveries.columns.sent'),
        size: 150,
        accessor: (row) => formatDateTime(row.sent_at ?? row.failed_at) || '—',
      },
      {
        id: 'delivered_at',
        header: t('deliveries.columns.delivered'),
        size: 150,
        defaultHidden: true,
        accessor: (row) => formatDateTime(row.delivered_at) || '—',
      },
    ],
    [t],
  );

  return (
    <ListBlock
      filters={filters}
      list={list}
      query={query}
      columns={columns}
      label={t('deliveries.tableLabel')}
      filtersLabel={t('deliveries.filters.label')}
      storageKey="notification-deliveries"
      noun={t('deliveries.noun')}
      nounOne={t('deliveries.nounOne')}
      getRowLabel={(row) => t('deliveries.rowLabel', { to: row.to, status: DELIVERY_STATUS_LABELS[row.status] })}
      emptyTitle={t('deliveries.empty')}
      emptyFilteredTitle={t('deliveries.emptyFiltered')}
      loadErrorTitle={t('deliveries.loadError')}
      testId="notification-deliveries-list"
    />
  );
}
