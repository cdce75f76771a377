import type { CurrentUser } from '@ghiseu/domain';
import { Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconBuildingBank,
  IconCertificate,
  IconFileDescription,
  IconForms,
  IconId,
  IconListNumbers,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type StaffDestination, staffDestinationsFor } from './staff-destinations';

const ICONS: Record<StaffDestination['id'], ReactNode> = {
  institution: <IconBuildingBank aria-hidden />,
  institutions: <IconBuildingBank aria-hidden />,
  accounts: <IconUsers aria-hidden />,
  responsibilities: <IconUsersGroup aria-hidden />,
  permissions: <IconShieldLock aria-hidden />,
  applicationTypes: <IconFileDescription aria-hidden />,
  forms: <IconForms aria-hidden />,
  documentSeries: <IconListNumbers aria-hidden />,
  staffEnrollment: <IconId aria-hidden />,
  profile: <IconUserCircle aria-hidden />,
};

/**
 * The home of staff and of anyone who does not file applications: the screens they can open
 * today, each a link, and a word about the work lists still to come. No citizen domain tiles:
 * they would lead to the citizen's form and back.
 */
export function StaffHome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('home');
  const destinations = staffDestinationsFor(user);
  return (
    <Stack gap="md">
      <section aria-labelledby="staff-home-title">
        <Title order={2} size="h3" id="staff-home-title" mb="sm">
          {t('staff.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="staff-destinations">
          {destinations.map((destination) => (
            <Card key={destination.id} withBorder radius="md" padding={0} data-testid={`staff-destination-${destination.id}`}>
              <UnstyledButton component={Link} to={destination.to(user)} p="md" h="100%">
                <Stack gap={6}>
                  <Text c="navy.7" lh={0}>
                    {ICONS[destination.id]}
                  </Text>
                  <Text fw={600}>{t(`staff.destinations.${destination.id}.title`)}</Text>
                  <Text size="sm" c="gray.7">
                    {t(`staff.destinations.${destination.id}.text`)}
                  </Text>
                </Stack>
              </UnstyledButton>
            </Card>
          ))}
        </SimpleGrid>
      </section>
      <Text size="sm" c="gray.7" data-testid="staff-home-coming">
        <IconCertificate size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {t('staff.coming')}
      </Text>
    </Stack>
  );
}
