import { type ApplicationPayments, type Payment, parseLei } from '@ghiseu/domain';
import { Button, Group, Loader, Modal, Paper, Radio, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCash, IconLink, IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/feedback/error-state';
import { showToast } from '../../../components/feedback/toast';
import { DateInput } from '../../../components/inputs/date-input';
import { Notice } from '../../../components/page/notice';
import { SoftBadge } from '../../../components/page/soft-badge';
import { ApiError } from '../../../lib/api-client';
import {
  type RegisterPaymentBody,
  useApplicationPayments,
  useCreatePaymentLink,
  useRegisterPayment,
  useRejectPayment,
} from '../api/payments-registry';
import { lei } from './money';
import { PaymentAttemptsTable } from './payment-attempts-table';

const GENERIC_ERROR = 'A apărut o eroare, vă rugăm reîncercați';
const errorText = (error: unknown) => (error instanceof ApiError ? error.userMessage : GENERIC_ERROR);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Dialog = { kind: 'register'; payment: Payment | null } | { kind: 'reject'; payment: Payment } | { kind: 'link' } | null;

/**
 * The "Plăți" tab of the staff record: what the application costs, what was paid and what is due,
 * the payment attempts, the payment orders waiting for the bank statement, and the clerk's actions:
 * register a payment (an OP checked against the statement or money taken at the office), reject
 * an OP whose money never arrived, send a payment link, and check the payments' status again.
 */
export function ApplicationPaymentsPanel({ applicationId, email }: { applicationId: number; email?: string | null }) {
  const { t } = useTranslation('payments-registry');
  const query = useApplicationPayments(applicationId);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (query.isPending)
    return (
      <Group justify="center" py="lg">
        <Loader aria-label={t('staff.loading')} />
      </Group>
    );
  if (query.isError)
    return <ErrorState title={t('staff.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;

  const data = query.data;
  const pendingOrders = data.payments.filter((p) => p.type === 'OP' && p.status === 'CREATED');
  const canRegister = data.abilities.canRegisterPayment;

  return (
    <Stack gap="lg" data-testid="staff-payments">
      <Summary data={data} />
      <Group gap="sm">
        {canRegister ? (
          <Button
            leftSection={<IconCash size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'register', payment: null })}
            data-testid="payment-register"
          >
            {t('staff.register')}
          </Button>
        ) : null}
        {data.abilities.canCreateLink ? (
          <Button
            variant="outline"
            leftSection={<IconLink size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'link' })}
            data-testid="payment-link"
          >
            {t('staff.link')}
          </Button>
        ) : null}
        <Button
          variant="subtle"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="payment-check"
        >
          {t('staff.check')}
        </Button>
      </Group>

      {pendingOrders.length > 0 ? (
        <Section id="payments-orders" title={t('staff.pendingOrders')}>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {pendingOrders.map((order) => (
              <Paper component="li" key={order.id} withBorder p="sm" radius="md" data-testid={`pending-order-${order.id}`}>
                <Group justify="space-between" gap="xs">
                  <Stack gap={2}>
                    <Text fw={600}>{t('staff.orderOf', { amount: lei(order.amount) })}</Text>
                    <Text size="sm" c="gray.7">
                      {order.has_proof ? t('staff.proofUploaded') : t('staff.proofMissing')}
                    </Text>
                  </Stack>
                  {canRegister ? (
                    <Group gap="xs">
                      <Button size="xs" onClick={() => setDialog({ kind: 'register', payment: order })}>
                        {t('staff.confirmOrder')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.8"
                        onClick={() => setDialog({ kind: 'reject', payment: order })}
                      >
                        {t('staff.reject')}
                      </Button>
                    </Group>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        </Section>
      ) : null}

      <Section id="payments-attempts" title={t('staff.attempts')}>
        <PaymentAttemptsTable payments={data.payments} caption={t('staff.attemptsCaption')} />
      </Section>

      <RegisterModal
        applicationId={applicationId}
        opened={dialog?.kind === 'register'}
        payment={dialog?.kind === 'register' ? dialog.payment : null}
        due={data.due}
        onClose={() => setDialog(null)}
      />
      <RejectModal
        applicationId={applicationId}
        payment={dialog?.kind === 'reject' ? dialog.payment : null}
        onClose={() => setDialog(null)}
      />
      <LinkModal
        applicationId={applicationId}
        opened={dialog?.kind === 'link'}
        due={data.due}
        email={email ?? ''}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function Summary({ data }: { data: ApplicationPayments }) {
  const { t } = useTranslation('payments-registry');
  const fact = (label: string, value: ReactNode, testId: string) => (
    <div>
      <Text size="sm" c="gray.7" component="dt">
        {label}
      </Text>
      <Text fw={600} component="dd" m={0} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" component="dl" m={0}>
        {fact(t('staff.total'), lei(data.total), 'payments-total')}
        {fact(t('staff.paid'), lei(data.paid), 'payments-paid')}
        {fact(t('staff.due'), lei(data.due), 'payments-due')}
        {fact(
          t('staff.state'),
          data.is_paid ? (
            <SoftBadge color="green.9">{t('staff.isPaid')}</SoftBadge>
          ) : (
            <SoftBadge color="orange.9">{t('staff.notPaid')}</SoftBadge>
          ),
          'payments-state',
        )}
        {data.transaction_number ? fact(t('staff.transaction'), data.transaction_number, 'payments-transaction') : null}
      </SimpleGrid>
    </Paper>
  );
}

/** The modal shell of the tab's actions: fields, the refusal in Romanian, submit and cancel. */
function ActionDialog({
  opened,
  onClose,
  title,
  submitLabel,
  onSubmit,
  error,
  pending,
  children,
  testId,
  destructive = false,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  onSubmit: () => Promise<void>;
  error: string | null;
  pending: boolean;
  children: ReactNode;
  testId: string;
  destructive?: boolean;
}) {
  const { t } = useTranslation('payments-registry');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      <form onSubmit={submit} noValidate data-testid={testId}>
        <Stack gap="md">
          {error ? <Notice tone="error">{error}</Notice> : null}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={pending} color={destructive ? 'red.8' : undefined}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RegisterModal({
  applicationId,
  opened,
  payment,
  due,
  onClose,
}: {
  applicationId: number;
  opened: boolean;
  payment: Payment | null;
  due: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments-registry');
  const register = useRegisterPayment(applicationId);
  const [type, setType] = useState<'OP' | 'OFFICE'>('OFFICE');
  const [amount, setAmount] = useState('');
  const [documentNumber, setDocumentNumber] = useState('');
  const [paidOn, setPaidOn] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<string | null>(null);

  // Each opening starts from the amount due (or the order's amount) and today.
  const key = opened ? `${payment?.id ?? 'new'}` : null;
  if (key !== openedFor) {
    setOpenedFor(key);
    if (opened) {
      setType(payment ? 'OP' : 'OFFICE');
      setAmount((payment?.amount ?? due).replace('.', ','));
      setDocumentNumber('');
      setPaidOn(dayjs().format('YYYY-MM-DD'));
      setErrors({});
      setFailure(null);
    }
  }

  const onSubmit = async () => {
    const found: Record<string, string> = {};
    const bani = parseLei(amount);
    if (bani === null || bani <= 0) found.amount = t('register.amountInvalid');
    if (!documentNumber.trim()) found.document_number = t('required');
    if (!paidOn) found.paid_on = t('required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: RegisterPaymentBody = {
      ...(payment ? { payment_id: payment.id } : {}),
      type,
      amount: amount.trim().replace(',', '.'),
      document_number: documentNumber.trim(),
      paid_on: paidOn!,
    };
    setFailure(null);
    try {
      await register.mutateAsync(body);
      showToast('success', t('register.done'));
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <ActionDialog
      opened={opened}
      onClose={onClose}
      title={payment ? t('register.titleOrder') : t('register.title')}
      submitLabel={t('register.submit')}
      onSubmit={onSubmit}
      error={failure}
      pending={register.isPending}
      testId="register-payment-form"
    >
      {payment ? (
        <Text size="sm">{payment.has_proof ? t('staff.proofUploaded') : t('staff.proofMissing')}</Text>
      ) : (
        <Radio.Group label={t('register.type')} value={type} onChange={(value) => setType(value as 'OP' | 'OFFICE')} withAsterisk>
          <Group gap="lg" mt={4}>
            <Radio value="OFFICE" label={t('register.types.OFFICE')} />
            <Radio value="OP" label={t('register.types.OP')} />
          </Group>
        </Radio.Group>
      )}
      <TextInput
        label={t('register.amount')}
        description={t('register.amountHint', { due: lei(due) })}
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        error={errors.amount}
        inputMode="decimal"
        withAsterisk
      />
      <TextInput
        label={type === 'OP' ? t('register.documentOrder') : t('register.documentReceipt')}
        value={documentNumber}
        onChange={(event) => setDocumentNumber(event.currentTarget.value)}
        error={errors.document_number}
        maxLength={100}
        withAsterisk
      />
      <DateInput label={t('register.paidOn')} value={paidOn} onChange={setPaidOn} error={errors.paid_on} withAsterisk />
    </ActionDialog>
  );
}

function RejectModal({
  applicationId,
  payment,
  onClose,
}: {
  applicationId: number;
  payment: Payment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments-registry');
  const reject = useRejectPayment(applicationId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  const id = payment?.id ?? null;
  if (id !== openedFor) {
    setOpenedFor(id);
    setReason('');
    setError(null);
    setFailure(null);
  }

  const onSubmit = async () => {
    if (!payment) return;
    if (!reason.trim()) {
      setError(t('required'));
      return;
    }
    setError(null);
    setFailure(null);
    try {
      await reject.mutateAsync({ payment_id: payment.id, reason: reason.trim() });
      showToast('success', t('reject.done'));
      onClose();
    } catch (caught) {
      setFailure(errorText(caught));
    }
  };

  return (
    <ActionDialog
      opened={payment !== null}
      onClose={onClose}
      title={t('reject.title')}
      submitLabel={t('reject.submit')}
      onSubmit={onSubmit}
      error={failure}
      pending={reject.isPending}
      testId="reject-payment-form"
      destructive
    >
      {payment ? <Text size="sm">{t('staff.orderOf', { amount: lei(payment.amount) })}</Text> : null}
      <Textarea
        label={t('reject.reason')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={error}
        autosize
        minRows={3}
        maxLength={1000}
        withAsterisk
      />
    </ActionDialog>
  );
}

function LinkModal({
  applicationId,
  opened,
  due,
  email: defaultEmail,
  onClose,
}: {
  applicationId: number;
  opened: boolean;
  due: string;
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments-registry');
  const link = useCreatePaymentLink(applicationId);
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setAmount(due.replace('.', ','));
      setEmail(defaultEmail);
      setErrors({});
      setFailure(null);
    }
  }

  const onSubmit = async () => {
    const found: Record<string, string> = {};
    const bani = parseLei(amount);
    if (bani === null || bani <= 0) found.amount = t('register.amountInvalid');
    if (!EMAIL.test(email.trim())) found.email = t('link.emailInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      await link.mutateAsync({ amount: amount.trim().replace(',', '.'), email: email.trim() });
      showToast('success', t('link.done', { email: email.trim() }));
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <ActionDialog
      opened={opened}
      onClose={onClose}
      title={t('link.title')}
      submitLabel={t('link.submit')}
      onSubmit={onSubmit}
      error={failure}
      pending={link.isPending}
      testId="payment-link-form"
    >
      <TextInput
        label={t('register.amount')}
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        error={errors.amount}
        inputMode="decimal"
        withAsterisk
      />
      <TextInput
        label={t('link.email')}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={errors.email}
        withAsterisk
      />
    </ActionDialog>
  );
}
