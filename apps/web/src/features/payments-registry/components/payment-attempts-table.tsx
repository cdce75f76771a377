import type { Payment } from '@ghiseu/domain';
import { ActionIcon, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback/empty-state';
import { showToast } from '../../../components/feedback/toast';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { downloadReceipt } from '../api/payments-registry';
import { lei } from './money';
import { PaymentStatusBadge } from './payment-status-badge';

/**
 * The payment attempts of an application (or of the registry): date, type, amount, status,
 * transaction or document number, and the receipt download when the payment has one. The citizen's
 * payment page uses it too: keep the props.
 */
export function PaymentAttemptsTable({ payments, caption }: { payments: readonly Payment[]; caption: string }) {
  const { t } = useTranslation('payments-registry');
  if (payments.length === 0) return <EmptyState title={t('attempts.empty')} />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder data-testid="payment-attempts">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('attempts.date')}</Table.Th>
            <Table.Th>{t('attempts.type')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('attempts.amount')}</Table.Th>
            <Table.Th>{t('attempts.status')}</Table.Th>
            <Table.Th>{t('attempts.reference')}</Table.Th>
            <Table.Th>{t('attempts.receipt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id} data-testid={`payment-row-${payment.id}`}>
              <Table.Td>{formatDateTime(payment.created_at)}</Table.Td>
              <Table.Td>{payment.type_label}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{lei(payment.amount)}</Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <PaymentStatusBadge payment={payment} />
                  {payment.failure_reason ? (
                    <Text size="xs" c="gray.7">
                      {payment.failure_reason}
                    </Text>
                  ) : null}
                  {payment.type === 'OP' && payment.has_proof ? (
                    <Text size="xs" c="gray.7">
                      {t('attempts.proofUploaded')}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{payment.document_number ?? payment.provider_transaction_id ?? '—'}</Table.Td>
              <Table.Td>{payment.has_receipt ? <ReceiptButton payment={payment} /> : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReceiptButton({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments-registry');
  const [busy, setBusy] = useState(false);
  const label = t('attempts.downloadReceipt', { date: formatDateTime(payment.created_at) });
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadReceipt(payment);
    } catch (error) {
      showToast('error', error instanceof ApiError ? error.userMessage : t('attempts.receiptFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label={t('attempts.receiptTooltip')}>
      <ActionIcon variant="subtle" loading={busy} onClick={() => void onClick()} aria-label={label}>
        <IconReceipt size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
