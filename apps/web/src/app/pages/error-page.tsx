import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const CODES = ['403', '404', '500'] as const;
type ErrorCodePage = (typeof CODES)[number];

/** The one generic error page of /403, /404 and /500 (spec §2): title, text and sub-text. */
export function ErrorPage() {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  const code = (CODES.find((c) => pathname === `/${c}`) ?? '404') as ErrorCodePage;
  return (
    <Stack gap="md" py="xl" maw={640} data-testid={`error-page-${code}`}>
      <Text fz={64} fw={800} c="navy.7" lh={1} aria-hidden>
        {code}
      </Text>
      <Title order={1}>{t(`${code}.title`)}</Title>
      <Text size="lg">{t(`${code}.text`)}</Text>
      <Text c="gray.7">{t(`${code}.subtext`)}</Text>
      <Group>
        <Button component={Link} to="/home" data-testid="error-home">
          {t('home')}
        </Button>
      </Group>
    </Stack>
  );
}
