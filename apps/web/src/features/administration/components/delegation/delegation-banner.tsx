import { Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session';
import { useOrganisationSwitch } from './use-organisation-switch';
import { Notice } from '../../../../components/page/notice';

/**
 * Says that a super administrator works inside another organisation (delegated sign-in, spec
 * §4) and offers the way back. Nothing for everyone else.
 */
export function DelegationBanner() {
  const { t } = useTranslation('administration');
  const { user, organisation } = useSession();
  const { returnHome, pending } = useOrganisationSwitch();
  if (!user || user.delegated_from_organisation_id === null) return null;
  return (
    <Notice
      tone="warning"
      icon={<IconBuildingCommunity aria-hidden />}
      title={t('delegation.bannerTitle')}
      data-testid="delegation-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('delegation.bannerText', { name: organisation?.name ?? t('delegation.unknownOrganisation') })}</Text>
        <Button
          variant="outline"
          color="dark.9"
          size="xs"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          onClick={() => void returnHome()}
          loading={pending}
          data-testid="delegation-return"
        >
          {t('delegation.return')}
        </Button>
      </Group>
    </Notice>
  );
}
