import type { CurrentUser } from '@ghiseu/domain';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { LoginForm } from './login-form';

/**
 * The session-expired login modal (spec §2): cannot be dismissed by Escape or a click outside;
 * offers the login form without registration (social sign-in hidden when embedded). Signing in
 * again as the same user keeps the current page and reloads its data; another user goes home.
 * Closing logs out and reloads the page, or goes to sign-in if that fails.
 */
export function SessionExpiredModal() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const previousUserId = useRef(session.user?.user_id ?? null);
  const previousEmail = useRef(session.user?.email ?? '');
  const [closing, setClosing] = useState(false);

  const onSignedIn = (user: CurrentUser) => {
    session.resolveSessionExpired();
    if (user.user_id !== previousUserId.current) {
      queryClient.removeQueries();
      navigate('/home', { replace: true });
    } else {
      void queryClient.invalidateQueries();
    }
  };

  const onClose = async () => {
    setClosing(true);
    try {
      await session.signOut();
      window.location.reload();
    } catch {
      navigate('/auth/signin', { replace: true });
    }
  };

  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="md"
      title={t('sessionExpired.title')}
      data-testid="session-expired-modal"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text size="sm">{t('sessionExpired.description')}</Text>
        {/* The address of whoever was signed in is there already; the focus waits in the password. */}
        <LoginForm inModal autoFocus defaultEmail={previousEmail.current} onSignedIn={onSignedIn} />
        <Button variant="default" onClick={onClose} loading={closing} data-testid="session-expired-close">
          {t('sessionExpired.close')}
        </Button>
      </Stack>
    </Modal>
  );
}
