import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DomainTiles } from '../components/domain-tiles';

/** /domains: the portal's domains as tiles, each opening the application types it offers. */
export function DomainsPage() {
  const { t } = useTranslation('home');
  return (
    <Stack gap="lg">
      <DomainTiles title={t('domains.pageTitle')} headingOrder={1} />
      <Text c="gray.7">{t('domains.pageIntro')}</Text>
    </Stack>
  );
}
