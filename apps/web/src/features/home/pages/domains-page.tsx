import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../lib/permissions';
import { DomainTiles } from '../components/domain-tiles';

/**
 * /domains: the portal's domains with the application types each offers; a tile opens the
 * wizard for those who file applications, and is information only for the others.
 */
export function DomainsPage() {
  const { t } = useTranslation('home');
  const { can } = usePermissions();
  return (
    <Stack gap="lg">
      <DomainTiles title={t('domains.pageTitle')} headingOrder={1} />
      <Text c="gray.7">{can('applicationsCreate') ? t('domains.pageIntro') : t('domains.readOnly')}</Text>
    </Stack>
  );
}
