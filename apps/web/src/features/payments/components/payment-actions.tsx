import type { ApplicationPayments } from '@ghiseu/domain';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useCreatePaymentOrder, useStartCardPayment } from '../api/payments';
import { showError } from '../errors';
import { isZero } from '../money';

/**
 * What the applicant may do to pay, as the server's abilities allow: pay by card (or continue a
 * card payment already initiated: a fresh gateway address), or pay by payment order (OP), and
 * open the payment orders already started. Nothing when nothing is due.
 */
export function PaymentActions({ payments }: { payments: ApplicationPayments }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const card = useStartCardPayment();
  const order = useCreatePaymentOrder();
  if (payments.is_paid || isZero(payments.due)) return null;
  const { canPayCard, canContinueCard, canPayOrder } = payments.abilities;
  const openOrders = payments.payments.filter((payment) => payment.type === 'OP' && payment.status === 'CREATED');

  const onCard = (resume: boolean) =>
    card.mutate({ applicationId: payments.application_id, resume }, { onError: (error) => showError(error) });
  const onOrder = async () => {
    try {
      const created = await order.mutateAsync(payments.application_id);
      navigate(`/application-payment/${payments.application_id}/${created.payment.id}`);
    } catch (error) {
      showError(error);
    }
  };

  if (!canPayCard && !canContinueCard && !canPayOrder && openOrders.length === 0)
    return <Text data-testid="payment-actions-none">{t('actions.none')}</Text>;
  return (
    <Stack gap="xs" data-testid="payment-actions">
      <Group gap="sm">
        {canContinueCard ? (
          <Button
            leftSection={<IconCreditCard size={18} aria-hidden />}
            onClick={() => onCard(true)}
            loading={card.isPending}
            data-testid="pay-continue-card"
          >
            {t('actions.continueCard')}
          </Button>
        ) : canPayCard ? (
          <Button
            leftSection={<IconCreditCard size={18} aria-hidden />}
            onClick={() => onCard(false)}
            loading={card.isPending}
            data-testid="pay-card"
          >
            {t('actions.payCard')}
          </Button>
        ) : null}
        {canPayOrder ? (
          <Button
            variant="light"
            leftSection={<IconBuildingBank size={18} aria-hidden />}
            onClick={() => void onOrder()}
            loading={order.isPending}
            data-testid="pay-order"
          >
            {t('actions.payOrder')}
          </Button>
        ) : null}
      </Group>
      {canPayCard || canContinueCard ? (
        <Text size="sm" c="gray.7">
          {card.isPending || card.isSuccess ? t('actions.redirecting') : t('actions.cardHint')}
        </Text>
      ) : null}
      {openOrders.map((payment) => (
        <Anchor
          key={payment.id}
          component={Link}
          to={`/application-payment/${payments.application_id}/${payment.id}`}
          data-testid={`open-order-${payment.id}`}
        >
          {t('actions.openOrder', { date: formatDate(payment.created_at) })}
        </Anchor>
      ))}
    </Stack>
  );
}
