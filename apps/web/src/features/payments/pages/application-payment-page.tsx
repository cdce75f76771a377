import type { PaymentOrderDetails } from '@ghiseu/domain';
import { Anchor, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { Upload, type UploadedFile } from '../../../components/upload/upload';
import { uploadFile } from '../../../lib/files';
import { saveBlob, usePaymentOrder, useSubmitProof } from '../api/payments';
import { errorText } from '../errors';
import { ron } from '../money';

/** The proof of a payment order: the bank's stamped order or the statement (PDF or image). */
const PROOF_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];

/** The payment order's details as a text file the applicant keeps or gives the bank. */
export function paymentOrderText(
  order: PaymentOrderDetails,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  return [
    t('order.fileTitle'),
    '',
    t('order.fileLine.organisation', { value: order.organisation_name }),
    t('order.fileLine.amount', { value: ron(order.amount) }),
    t('order.fileLine.reference', { value: order.reference }),
    '',
    order.payment_order_details ?? '',
    '',
  ].join('\n');
}

/**
 * /application-payment/:applicationId/:opPaymentId: paying by payment order (OP). The
 * organisation's payment-order details (beneficiary, IBAN, bank), the amount and the reference to
 * write on the order, a download of all that, and the upload of the proof, which staff check
 * against the bank statement before registering the payment.
 */
export function ApplicationPaymentPage() {
  const { t } = useTranslation('payments');
  const params = useParams();
  const applicationId = Number(params.applicationId) || 0;
  const paymentId = Number(params.opPaymentId) || 0;
  const query = usePaymentOrder(applicationId, paymentId);
  const header = <PageHeader title={t('order.title')} />;
  const back = (
    <Anchor component={Link} to={`/application/${applicationId}/payments`} data-testid="order-back">
      {t('order.back')}
    </Anchor>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Stack gap="lg">
        {header}
        <ErrorState title={t('order.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />
        {back}
      </Stack>
    );
  const order = query.data;
  const onDownload = () =>
    saveBlob(
      new Blob([paymentOrderText(order, t)], { type: 'text/plain;charset=utf-8' }),
      `ordin-de-plata-${order.reference.replace(/[^\p{L}\p{N}-]+/gu, '-')}.txt`,
    );

  return (
    <Stack gap="lg" maw={820} data-testid="payment-order">
      {header}
      <Text>{t('order.intro')}</Text>
      <Paper withBorder radius="md" p="md">
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={240}>
                {t('order.organisation')}
              </Table.Th>
              <Table.Td>{order.organisation_name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('order.amount')}</Table.Th>
              <Table.Td>
                <Text fw={700} data-testid="order-amount">
                  {ron(order.amount)}
                </Text>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('order.reference')}</Table.Th>
              <Table.Td>
                <Code fz="md" data-testid="order-reference">
                  {order.reference}
                </Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('order.status')}</Table.Th>
              <Table.Td>
                <Badge
                  variant="light"
                  color={
                    order.payment.status === 'SUCCESSFUL' ? 'green.9' : order.payment.status === 'FAILED' ? 'red.9' : 'blue.9'
                  }
                >
                  {order.payment.status_label}
                </Badge>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <section aria-labelledby="order-details-title">
        <Title order={2} size="h4" id="order-details-title" mb="sm">
          {t('order.details')}
        </Title>
        {order.payment_order_details ? (
          <Paper withBorder radius="md" p="md">
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="order-details">
              {order.payment_order_details}
            </Text>
          </Paper>
        ) : (
          <Notice tone="warning" data-testid="order-no-details">
            {t('order.noDetails')}
          </Notice>
        )}
        <Group gap="sm" mt="sm">
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={onDownload}
            data-testid="order-download"
          >
            {t('order.download')}
          </Button>
          <Button variant="subtle" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            {t('order.print')}
          </Button>
        </Group>
      </section>
      <ProofSection order={order} applicationId={applicationId} />
      {back}
    </Stack>
  );
}

function ProofSection({ order, applicationId }: { order: PaymentOrderDetails; applicationId: number }) {
  const { t } = useTranslation('payments');
  const submit = useSubmitProof();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [sent, setSent] = useState(false);
  const { payment } = order;

  const upload = async (file: File, onProgress: (percent: number) => void) => {
    const stored = await uploadFile('default', file, onProgress);
    await submit.mutateAsync({ applicationId, paymentId: payment.id, fileId: stored.id });
    setSent(true);
    showToast('success', t('order.proofSent'));
    return stored;
  };

  let state: React.ReactNode = null;
  if (payment.status === 'SUCCESSFUL') state = <Notice tone="success">{t('order.settled')}</Notice>;
  else if (payment.status === 'FAILED')
    state = <Notice tone="error">{t('order.failed', { reason: payment.failure_reason ?? '—' })}</Notice>;
  else if (sent || payment.has_proof)
    state = (
      <Notice tone="info" data-testid="proof-on-file">
        {sent ? t('order.proofSent') : t('order.proofOnFile')}
      </Notice>
    );

  return (
    <section aria-labelledby="order-proof-title">
      <Title order={2} size="h4" id="order-proof-title" mb="sm">
        {t('order.proofTitle')}
      </Title>
      <Stack gap="sm">
        <div aria-live="polite">{state}</div>
        {payment.status === 'CREATED' ? (
          <div data-testid="proof-upload">
            <Upload
              label={t('order.proofLabel')}
              description={sent || payment.has_proof ? t('order.proofReplace') : t('order.proofHint')}
              value={files}
              onChange={setFiles}
              uploadFile={upload}
              rules={{ maxFiles: 1, types: PROOF_TYPES }}
            />
          </div>
        ) : null}
      </Stack>
    </section>
  );
}
