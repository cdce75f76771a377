import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconBuildingEstate,
  IconCalendarEvent,
  IconChartLine,
  IconCoin,
  IconFileCheck,
  IconMap,
  IconMapPin,
  IconRoad,
  IconSitemap,
  IconTrees,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, useSession } from '../../../lib/session';

/** Domains of the dashboard's domain picker (spec §2 'Dashboard'). */
const DOMAINS: { id: string; icon: ReactNode }[] = [
  { id: 'urbanism', icon: <IconBuildingEstate aria-hidden /> },
  { id: 'administration', icon: <IconSitemap aria-hidden /> },
  { id: 'cityHall', icon: <IconBuildingCommunity aria-hidden /> },
  { id: 'approvals', icon: <IconFileCheck aria-hidden /> },
  { id: 'roads', icon: <IconRoad aria-hidden /> },
  { id: 'economic', icon: <IconCoin aria-hidden /> },
  { id: 'subordination', icon: <IconMapPin aria-hidden /> },
  { id: 'maps', icon: <IconMap aria-hidden /> },
  { id: 'investments', icon: <IconChartLine aria-hidden /> },
  { id: 'tourism', icon: <IconTrees aria-hidden /> },
  { id: 'events', icon: <IconCalendarEvent aria-hidden /> },
];

/** /home: greets the user and shows the domain tiles (filled in by the dashboard module). */
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
      <section aria-labelledby="home-domains-title">
        <Title order={2} size="h3" id="home-domains-title" mb="sm">
          {t('domains.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="domain-tiles">
          {DOMAINS.map((domain) => (
            <Card key={domain.id} withBorder radius="md" padding="md" data-testid={`domain-${domain.id}`}>
              <Stack gap="xs">
                <Text c="navy.7" lh={0}>
                  {domain.icon}
                </Text>
                <Text fw={600}>{t(`domains.${domain.id}`)}</Text>
                <Badge variant="filled" color="gray.7" w="fit-content">
                  {t('domains.soon')}
                </Badge>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="sm" c="gray.7" mt="sm">
          {t('domains.note')}
        </Text>
      </section>
    </Stack>
  );
}
