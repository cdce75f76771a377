import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../../lib/route-handle';

/**
 * Stand-in for a screen that a later module delivers: names the screen and the module. One lazy
 * chunk serves every such route (the screen is read from the route's handle).
 */
export function PlaceholderPage() {
  const { t } = useTranslation('routes');
  const handle = useRouteHandle();
  const screen = handle ? t(handle.titleKey) : '';
  const module = t(`modules.${handle?.moduleKey ?? 'default'}`);
  return (
    <Stack gap="md" data-testid="placeholder-page">
      <Title order={1}>{screen}</Title>
      <Paper withBorder p="lg" radius="md" bg="gray.0">
        <Stack gap="xs" align="flex-start">
          <IconTools size={28} aria-hidden color="var(--mantine-color-navy-7)" />
          <Text>{t('placeholder.text', { screen, module })}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
