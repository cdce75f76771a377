import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isSignInPopup } from '../../../lib/embedding';
import { useSession } from '../../../lib/session';
import { getStoredToken } from '../../../lib/storage';
import { LoginForm } from '../components/login-form';

/** /auth/signin (spec §2): logs out any current session on mount, unless shown as a pop-up. */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const { signOut, user } = useSession();
  const location = useLocation();

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
          <LoginForm />
        </Stack>
      </Paper>
    </Stack>
  );
}
