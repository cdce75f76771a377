import { type ApplicationPayments, PAYMENT_TYPE_LABELS } from '@ghiseu/domain';
import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { Fact } from '../../../components/record/fact';
import { PaymentAttemptsTable } from '../../payments-registry/components/payment-attempts-table';
import { useApplicationPayments } from '../api/payments';
import { errorText } from '../errors';
import { isZero, ron } from '../money';
import { PaymentActions } from './payment-actions';

/** The texts of this feature arrive with it: suspend here, not the page around it. */
const Lazy = ({ children }: { children: React.ReactNode }) => <Suspense fallback={<Loader size="sm" />}>{children}</Suspense>;

/** Total, paid and due of an application (lei). */
export function PaymentTotals({ payments }: { payments: ApplicationPayments }) {
  const { t } = useTranslation('payments');
  return (
    <Paper withBorder radius="md" p="md" data-testid="payment-totals">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('totals.title')}
        </Title>
        {payments.is_paid && !isZero(payments.total) ? (
          <Badge color="green.9" variant="light" size="lg">
            {t('totals.paidBadge')}
          </Badge>
        ) : null}
      </Group>
      {isZero(payments.total) ? (
        <Text data-testid="nothing-to-pay">{t('totals.nothingToPay')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Fact label={t('totals.total')} testId="payments-total">
            {ron(payments.total)}
          </Fact>
          <Fact label={t('totals.paid')} testId="payments-paid">
            {ron(payments.paid)}
          </Fact>
          <Fact label={t('totals.due')} testId="payments-due">
            {ron(payments.due)}
          </Fact>
        </SimpleGrid>
      )}
      {payments.is_paid && payments.payment_type && payments.transaction_number ? (
        <Text size="sm" mt="sm" data-testid="payments-paid-with">
          {t('totals.paidWith', { type: PAYMENT_TYPE_LABELS[payments.payment_type], number: payments.transaction_number })}
        </Text>
      ) : null}
    </Paper>
  );
}

function PaymentsPanelBody({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation('payments');
  const query = useApplicationPayments(applicationId);
  if (query.isPending) return <PageLoader minHeight="8rem" />;
  if (query.isError)
    return <ErrorState title={t('attempts.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const payments = query.data;
  return (
    <Stack gap="lg" data-testid="application-payments">
      <PaymentTotals payments={payments} />
      <PaymentActions payments={payments} />
      <section aria-labelledby="payment-attempts-title">
        <Title order={2} size="h4" id="payment-attempts-title" mb="sm">
          {t('attempts.title')}
        </Title>
        {payments.payments.length === 0 ? (
          <EmptyState title={t('attempts.empty')} />
        ) : (
          <PaymentAttemptsTable payments={payments.payments} caption={t('attempts.caption')} />
        )}
      </section>
    </Stack>
  );
}

/**
 * The payments tab of the applicant's application page: totals (total, paid, due), what may be
 * done to pay, every attempt with its status and the receipts of the successful ones.
 */
export function ApplicationPaymentsPanel({ applicationId }: { applicationId: number }) {
  return (
    <Lazy>
      <PaymentsPanelBody applicationId={applicationId} />
    </Lazy>
  );
}

function PayNowBody({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation('payments');
  const query = useApplicationPayments(applicationId);
  if (query.isPending) return <PageLoader minHeight="4rem" />;
  if (query.isError)
    return <ErrorState title={t('attempts.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const payments = query.data;
  if (isZero(payments.total)) return <Text data-testid="nothing-to-pay">{t('totals.nothingToPay')}</Text>;
  return (
    <Paper withBorder radius="md" p="md" data-testid="pay-now">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('actions.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Fact label={t('totals.total')} testId="pay-now-total">
            {ron(payments.total)}
          </Fact>
          <Fact label={t('totals.due')} testId="pay-now-due">
            {ron(payments.due)}
          </Fact>
        </SimpleGrid>
        {payments.is_paid ? <Text fw={600}>{t('totals.paidBadge')}</Text> : <PaymentActions payments={payments} />}
      </Stack>
    </Paper>
  );
}

/** The confirmation page's offer to pay now: the total due and the ways to pay. */
export function PayNowPanel({ applicationId }: { applicationId: number }) {
  return (
    <Lazy>
      <PayNowBody applicationId={applicationId} />
    </Lazy>
  );
}
