import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isSignInPopup } from '../../../lib/embedding';
import { useSession } from '../../../lib/session';
import { getStoredToken } from '../../../lib/storage';
import { FormAlert } from '../components/form-alert';
import { LoginForm } from '../components/login-form';

/** Messages other account screens leave for the sign-in page (through the navigation state). */
const NOTICES = ['emailConfirmed', 'phoneConfirmed', 'passwordReset', 'passwordSet', 'passwordChanged'] as const;
type Notice = (typeof NOTICES)[number];

interface SignInState {
  notice?: Notice;
  error?: string;
}

function readState(state: unknown): SignInState {
  const { notice, error } = (state ?? {}) as { notice?: unknown; error?: unknown };
  return {
    notice: NOTICES.includes(notice as Notice) ? (notice as Notice) : undefined,
    error: typeof error === 'string' ? error : undefined,
  };
}

/**
 * /auth/signin (spec §2): logs out any current session on mount, unless shown as a pop-up. Shows
 * the success message or error other account screens send it here with.
 */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const { signOut, user } = useSession();
  const location = useLocation();
  const { notice, error } = readState(location.state);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival at the page.
  useEffect(() => {
    if (isSignInPopup(location.search)) return;
    if (user || getStoredToken()) void signOut();
  }, []);

  return (
    <Stack align="center" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={440}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('signIn.title')}
            </Title>
            <Text c="gray.7" size="sm" mt={4}>
              {t('signIn.subtitle')}
            </Text>
          </div>
          {notice ? (
            <FormAlert tone="success" data-testid="signin-notice">
              {t(`signIn.notices.${notice}`)}
            </FormAlert>
          ) : null}
          {error ? <FormAlert data-testid="signin-error">{error}</FormAlert> : null}
          <LoginForm />
        </Stack>
      </Paper>
    </Stack>
  );
}
