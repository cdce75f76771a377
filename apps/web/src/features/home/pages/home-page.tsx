import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayName, useSession } from '../../../lib/session';
import { DomainTiles } from '../components/domain-tiles';

/** /home: greets the user and shows the domain tiles. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { user } = useSession();
  const name = user ? displayName(user) : '';
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} data-testid="home-greeting">
          {t('greeting', { name })}
        </Title>
        <Text c="gray.7" mt={4}>
          {t('intro')}
        </Text>
      </div>
      <DomainTiles title={t('domains.title')} />
    </Stack>
  );
}
