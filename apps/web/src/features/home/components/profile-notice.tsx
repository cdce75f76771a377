import type { CurrentUser } from '@ghiseu/domain';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Notice } from '../../../components/page/notice';

/** The page the profile gate refused, from the router state it sends home with (if any). */
export function bouncedFrom(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('profileGate' in state)) return null;
  const gate = (state as { profileGate?: { from?: unknown } }).profileGate;
  return typeof gate?.from === 'string' ? gate.from : null;
}

/**
 * Says why the portal keeps a user on home while their profile is incomplete or needs an update
 * (spec §2 rule 8), and links to the profile. After a refused page (the profile gate's bounce)
 * it names that page and is announced.
 */
export function ProfileNotice({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('home');
  const location = useLocation();
  const reason = !user.profile_completed ? 'incomplete' : user.profile_needs_update ? 'needsUpdate' : null;
  if (!reason) return null;
  const from = bouncedFrom(location.state);
  return (
    <Notice
      tone="warning"
      title={t(`profile.${reason}.title`)}
      role={from ? 'alert' : 'note'}
      data-testid="profile-notice"
      data-status={from ? 'bounced' : 'info'}
    >
      {from ? (
        <Text size="sm" mb={4} data-testid="profile-notice-bounce">
          {t('profile.bounced')}
        </Text>
      ) : null}
      <Text size="sm">{t(`profile.${reason}.text`)}</Text>
      <Anchor component={Link} to="/profile" size="sm" fw={600} mt={6} display="inline-block" data-testid="profile-notice-link">
        {t(`profile.${reason}.link`)}
      </Anchor>
    </Notice>
  );
}
