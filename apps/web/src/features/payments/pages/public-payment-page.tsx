import { Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { usePayPublicLink, usePublicPaymentLink } from '../api/payments';
import { errorText, isNotFound, showError } from '../errors';
import { ron } from '../money';

/**
 * /plata/:token (public): a payment link staff sent by e-mail (create-payment-link). Anyone with
 * the link sees what it pays and pays it by card on the gateway's page; no account needed.
 */
export function PublicPaymentPage() {
  const { t } = useTranslation('payments');
  const token = useParams().token ?? '';
  const link = usePublicPaymentLink(token);
  const pay = usePayPublicLink();
  const header = <PageHeader title={t('public.title')} />;
  if (link.isPending) return <PageLoader />;
  if (link.isError)
    return (
      <Stack gap="lg" maw={720}>
        {header}
        {isNotFound(link.error) ? (
          <Notice tone="warning" data-testid="public-link-invalid">
            {t('public.invalid')}
          </Notice>
        ) : (
          <ErrorState title={t('public.loadError')} message={errorText(link.error)} onRetry={() => void link.refetch()} />
        )}
      </Stack>
    );
  const data = link.data;
  const rows: [string, string][] = [
    [t('public.organisation'), data.organisation_name],
    ...(data.application_number ? ([[t('public.application'), data.application_number]] as [string, string][]) : []),
    [t('public.description'), data.description],
    [t('public.amount'), ron(data.amount)],
    [t('public.status'), data.status_label],
  ];
  return (
    <Stack gap="lg" maw={720} data-testid="public-payment">
      {header}
      <Text>{t('public.intro')}</Text>
      <Paper withBorder radius="md" p="md">
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w={180}>
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {data.status === 'SUCCESSFUL' ? (
        <Notice tone="success" data-testid="public-link-paid">
          {t('public.paid')}
        </Notice>
      ) : (
        <Stack gap="xs">
          {data.status === 'FAILED' ? (
            <Notice tone="error" title={t('notify.failedTitle')} data-testid="public-link-failed">
              {t('public.failed')}
            </Notice>
          ) : null}
          <Button
            w="fit-content"
            leftSection={<IconCreditCard size={18} aria-hidden />}
            loading={pay.isPending}
            onClick={() => pay.mutate(token, { onError: (error) => showError(error) })}
            data-testid="public-pay"
          >
            {data.status === 'FAILED' ? t('notify.retry') : t('public.pay', { amount: ron(data.amount) })}
          </Button>
          <Text size="sm" c="gray.7">
            {pay.isPending || pay.isSuccess ? t('actions.redirecting') : t('actions.cardHint')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
