import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteHandle } from '../../../lib/route-handle';

/** The account screens of the next issue (sign-up, password, verification): a plain notice for now. */
export function AuthPlaceholderPage() {
  const { t } = useTranslation(['auth', 'routes']);
  const meta = useRouteHandle();
  const screen = meta ? t(`routes:${meta.titleKey}`) : '';
  return (
    <Stack align="center" py="xl" px="md">
      <Paper withBorder p="xl" radius="md" w="100%" maw={520} data-testid="placeholder-page">
        <Stack gap="md">
          <Title order={1} size="h2">
            {screen}
          </Title>
          <Text>{t('auth:placeholder.text', { screen })}</Text>
          <Button component={Link} to="/auth/signin" variant="outline" w="fit-content">
            {t('auth:placeholder.back')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
