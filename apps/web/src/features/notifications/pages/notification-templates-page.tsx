import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page/page-header';
import { DeliveriesTab } from '../components/deliveries-tab';
import { TemplatesTab } from '../components/templates-tab';

type TabKey = 'templates' | 'deliveries';

/**
 * /notifications-templates (notificationsTemplateRead): the templates of every event, channel and
 * language (10 per page), and the delivery log of the e-mails and SMS. `?tab=templates|deliveries`.
 */
export function NotificationTemplatesPage() {
  const { t } = useTranslation('notifications');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabKey = searchParams.get('tab') === 'deliveries' ? 'deliveries' : 'templates';

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
    <Stack gap="lg" data-testid="notification-templates-page">
      <PageHeader title={t('templates.title')} subtitle={t('templates.subtitle')} />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List aria-label={t('templates.tabs.label')}>
          <Tabs.Tab value="templates">{t('templates.tabs.templates')}</Tabs.Tab>
          <Tabs.Tab value="deliveries">{t('templates.tabs.deliveries')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesTab />
        </Tabs.Panel>
        <Tabs.Panel value="deliveries" pt="md">
          <DeliveriesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
