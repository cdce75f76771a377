import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page/page-header';
import { PaymentsListTab } from '../components/payments-list-tab';
import { ReconciliationsTab } from '../components/reconciliations-tab';

type TabKey = 'payments' | 'reconciliations';

/**
 * /payments (paymentRegistryRead): the registry of every payment with its filters, totals and
 * CSV export, and the daily reconciliations with the gateway. `?tab=payments|reconciliations`.
 */
export function PaymentsPage() {
  const { t } = useTranslation('payments-registry');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabKey = searchParams.get('tab') === 'reconciliations' ? 'reconciliations' : 'payments';

  const select = (value: string | null) => {
    if (!value) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg" data-testid="payments-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List aria-label={t('tabs.label')}>
          <Tabs.Tab value="payments">{t('tabs.payments')}</Tabs.Tab>
          <Tabs.Tab value="reconciliations">{t('tabs.reconciliations')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsListTab />
        </Tabs.Panel>
        <Tabs.Panel value="reconciliations" pt="md">
          <ReconciliationsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
