import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { paymentKeys, RETURN_CHECK_ATTEMPTS, usePaymentReturnCheck, useStartCardPayment } from '../api/payments';
import { errorText, showError } from '../errors';
import { ron } from '../money';

/**
 * /application-notify/:id: where the gateway sends the browser back after the card page. Asks the
 * portal (bt-url-check) how the last card attempt ended: paid, failed (try again: a new
 * attempt, straight to the gateway) or still processing (asked again a few times, then the
 * applicant is told to look later; the settle job finishes it).
 */
export function ApplicationNotifyPage() {
  const { t } = useTranslation('payments');
  const applicationId = Number(useParams().id) || 0;
  const check = usePaymentReturnCheck(applicationId);
  const retry = useStartCardPayment();
  const client = useQueryClient();
  const back = (
    <Anchor component={Link} to={`/application/${applicationId}/payments`} data-testid="notify-open">
      {t('notify.open')}
    </Anchor>
  );
  const header = <PageHeader title={t('notify.title')} />;
  if (check.isPending)
    return (
      <Stack gap="lg">
        {header}
        <PageLoader label={t('notify.checking')} minHeight="10rem" />
      </Stack>
    );
  if (check.isError)
    return (
      <Stack gap="lg">
        {header}
        <ErrorState title={t('notify.loadError')} message={errorText(check.error)} onRetry={() => void check.refetch()} />
        {back}
      </Stack>
    );
  const { is_paid: paid, payment } = check.data;
  const onRetry = () => retry.mutate({ applicationId }, { onError: (error) => showError(error) });

  let body: React.ReactNode;
  if (paid || payment?.status === 'SUCCESSFUL')
    body = (
      <Notice tone="success" title={t('notify.successTitle')} data-testid="notify-success">
        <Text>{t('notify.success', { amount: ron(payment?.amount ?? '0') })}</Text>
      </Notice>
    );
  else if (payment?.status === 'FAILED')
    body = (
      <Notice tone="error" title={t('notify.failedTitle')} data-testid="notify-failed">
        <Stack gap="sm">
          <Text>{t('notify.failed')}</Text>
          {payment.failure_reason ? <Text>{t('notify.failedReason', { reason: payment.failure_reason })}</Text> : null}
          <Button w="fit-content" onClick={onRetry} loading={retry.isPending} data-testid="notify-retry">
            {t('notify.retry')}
          </Button>
        </Stack>
      </Notice>
    );
  else if (payment?.status === 'CREATED') {
    const gaveUp = (client.getQueryState(paymentKeys.returnCheck(applicationId))?.dataUpdateCount ?? 0) >= RETURN_CHECK_ATTEMPTS;
    body = (
      <Notice tone="info" title={t('notify.processingTitle')} data-testid="notify-processing" aria-live="polite">
        <Stack gap="sm">
          <Text>{gaveUp ? t('notify.stillProcessing') : t('notify.processing')}</Text>
          {gaveUp ? (
            <Button
              w="fit-content"
              variant="light"
              onClick={() => void check.refetch()}
              loading={check.isFetching}
              data-testid="notify-check-again"
            >
              {t('notify.checkAgain')}
            </Button>
          ) : null}
        </Stack>
      </Notice>
    );
  } else
    body = (
      <Notice tone="warning" data-testid="notify-none">
        {t('notify.noPayment')}
      </Notice>
    );

  return (
    <Stack gap="lg" maw={720} data-testid="application-notify">
      {header}
      <div aria-live="polite">{body}</div>
      <Group>{back}</Group>
    </Stack>
  );
}
