import type { Reconciliation } from '@ghiseu/domain';
import { Button, Group, Loader, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconScale } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { showToast } from '../../../components/feedback/toast';
import { DateInput } from '../../../components/inputs/date-input';
import { Notice } from '../../../components/page/notice';
import { SoftBadge } from '../../../components/page/soft-badge';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useReconcile, useReconciliations } from '../api/payments-registry';
import { lei } from './money';

const errorText = (error: unknown) => (error instanceof ApiError ? error.userMessage : undefined);

/**
 * The daily reconciliations of the card payments with the gateway's report: per day the counts and
 * totals on both sides, whether the ledger balances, and the differences (expandable); a day can
 * be reconciled now.
 */
export function ReconciliationsTab() {
  const { t } = useTranslation('payments-registry');
  const query = useReconciliations();
  const reconcile = useReconcile();
  const [day, setDay] = useState<string | null>(dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
  const [failure, setFailure] = useState<string | null>(null);

  const onReconcile = async () => {
    if (!day) {
      setFailure(t('reconciliations.dayRequired'));
      return;
    }
    setFailure(null);
    try {
      await reconcile.mutateAsync(day);
      showToast('success', t('reconciliations.done', { day: formatDate(day) }));
    } catch (error) {
      setFailure(errorText(error) ?? t('reconciliations.failed'));
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="sm">
          <DateInput
            label={t('reconciliations.day')}
            value={day}
            onChange={setDay}
            maxDate={dayjs().format('YYYY-MM-DD')}
            w={200}
          />
          <Button
            leftSection={<IconScale size={18} aria-hidden />}
            onClick={() => void onReconcile()}
            loading={reconcile.isPending}
            data-testid="reconcile-now"
          >
            {t('reconciliations.run')}
          </Button>
        </Group>
        {failure ? (
          <Notice tone="error" mt="sm">
            {failure}
          </Notice>
        ) : null}
      </Paper>
      {query.isPending ? (
        <Group justify="center" py="lg">
          <Loader aria-label={t('reconciliations.loading')} />
        </Group>
      ) : query.isError ? (
        <ErrorState
          title={t('reconciliations.loadError')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('reconciliations.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table withTableBorder data-testid="reconciliations">
            <Table.Caption>{t('reconciliations.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reconciliations.dayColumn')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('reconciliations.portal')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('reconciliations.gateway')}</Table.Th>
                <Table.Th>{t('reconciliations.ledger')}</Table.Th>
                <Table.Th>{t('reconciliations.differences')}</Table.Th>
                <Table.Th>{t('reconciliations.ranAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((row) => (
                <ReconciliationRows key={row.id} row={row} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function ReconciliationRows({ row }: { row: Reconciliation }) {
  const { t } = useTranslation('payments-registry');
  const [open, setOpen] = useState(false);
  const count = row.differences.length;
  const detailsId = `reconciliation-${row.id}-differences`;
  return (
    <>
      <Table.Tr data-testid={`reconciliation-${row.id}`}>
        <Table.Td>{formatDate(row.day)}</Table.Td>
        <Table.Td style={{ textAlign: 'right' }}>
          {lei(row.portal_total)}
          <Text size="xs" c="gray.7">
            {t('totals.payments', { count: row.portal_count })}
          </Text>
        </Table.Td>
        <Table.Td style={{ textAlign: 'right' }}>
          {lei(row.gateway_total)}
          <Text size="xs" c="gray.7">
            {t('totals.payments', { count: row.gateway_count })}
          </Text>
        </Table.Td>
        <Table.Td>
          {row.ledger_balanced ? (
            <SoftBadge color="green.9">{t('reconciliations.balanced')}</SoftBadge>
          ) : (
            <SoftBadge color="red.9">{t('reconciliations.unbalanced')}</SoftBadge>
          )}
        </Table.Td>
        <Table.Td>
          {count === 0 ? (
            <Text size="sm">{t('reconciliations.none')}</Text>
          ) : (
            <UnstyledButton
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              aria-controls={detailsId}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            >
              {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
              <Text size="sm" fw={600} c="red.9">
                {t('reconciliations.count', { count })}
              </Text>
            </UnstyledButton>
          )}
        </Table.Td>
        <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
      </Table.Tr>
      {count > 0 ? (
        <Table.Tr id={detailsId} hidden={!open}>
          <Table.Td colSpan={6} p={0}>
            <Table withRowBorders={false} fz="sm" m="xs" data-testid={`reconciliation-${row.id}-details`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reconciliations.kind')}</Table.Th>
                  <Table.Th>{t('reconciliations.order')}</Table.Th>
                  <Table.Th>{t('reconciliations.portalState')}</Table.Th>
                  <Table.Th>{t('reconciliations.gatewayState')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {row.differences.map((difference) => (
                  <Table.Tr key={`${difference.kind}-${difference.order_id}`}>
                    <Table.Td>{t(`reconciliations.kinds.${difference.kind}`)}</Table.Td>
                    <Table.Td>
                      {difference.order_id}
                      {difference.payment_id ? ` (#${difference.payment_id})` : ''}
                    </Table.Td>
                    <Table.Td>
                      {difference.portal_status ? t(`statuses.${difference.portal_status}`) : '—'}
                      {difference.portal_amount ? ` · ${lei(difference.portal_amount)}` : ''}
                    </Table.Td>
                    <Table.Td>
                      {difference.gateway_status ? t(`reconciliations.gatewayStatuses.${difference.gateway_status}`) : '—'}
                      {difference.gateway_amount ? ` · ${lei(difference.gateway_amount)}` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
