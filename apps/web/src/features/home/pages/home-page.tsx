import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../lib/permissions';
import { displayName, useSession } from '../../../lib/session';
import { DomainTiles } from '../components/domain-tiles';
import { ProfileNotice } from '../components/profile-notice';
import { StaffHome } from '../components/staff-home';

/**
 * /home: greets the user; says why when the profile keeps them here; then the domain tiles for
 * those who file applications, or the screens staff can open.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { user } = useSession();
  const { can } = usePermissions();
  const name = user ? displayName(user) : '';
  const files = can('applicationsCreate');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} data-testid="home-greeting">
          {t('greeting', { name })}
        </Title>
        <Text c="gray.7" mt={4}>
          {files ? t('intro') : t('staff.intro')}
        </Text>
      </div>
      {user ? <ProfileNotice user={user} /> : null}
      {files || !user ? <DomainTiles title={t('domains.title')} /> : <StaffHome user={user} />}
    </Stack>
  );
}
