import { DOMAIN_LABELS, DOMAINS, type Domain } from '@ghiseu/domain';
import { Badge, Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
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
import { Link } from 'react-router';
import { usePermissions } from '../../../lib/permissions';
import { countByDomain, usePublicApplicationTypes } from '../api/get-application-types';

/** Icons of the dashboard's domains (spec §2 'Dashboard'). */
const DOMAIN_ICONS: Record<Domain, ReactNode> = {
  urbanism: <IconBuildingEstate aria-hidden />,
  administration: <IconSitemap aria-hidden />,
  city_hall: <IconBuildingCommunity aria-hidden />,
  approvals: <IconFileCheck aria-hidden />,
  roads: <IconRoad aria-hidden />,
  economic: <IconCoin aria-hidden />,
  subordination: <IconMapPin aria-hidden />,
  maps: <IconMap aria-hidden />,
  investments: <IconChartLine aria-hidden />,
  tourism: <IconTrees aria-hidden />,
  events: <IconCalendarEvent aria-hidden />,
};

/**
 * The domain tiles (spec §2 'Dashboard' domains) with the number of application types each
 * domain offers (public types list); a domain with types opens the new-application wizard
 * filtered by it. `headingOrder` 2 under a page title, 1 when the tiles are the page.
 */
export function DomainTiles({ title, headingOrder = 2 }: { title: string; headingOrder?: 1 | 2 }) {
  // The counts' texts live with the applications feature; the tiles do not wait for them.
  const { t: ta, ready: countsTextReady } = useTranslation('applications', { useSuspense: false });
  const { can } = usePermissions();
  const types = usePublicApplicationTypes();
  const counts = types.data ? countByDomain(types.data) : null;
  const canCreate = can('applicationsCreate');
  return (
    <section aria-labelledby="home-domains-title">
      <Title order={headingOrder} size={headingOrder === 2 ? 'h3' : undefined} id="home-domains-title" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="domain-tiles" aria-busy={types.isPending}>
        {DOMAINS.map((domain) => {
          const count = counts?.[domain] ?? 0;
          const content = (
            <Stack gap="xs">
              <Text c="navy.7" lh={0}>
                {DOMAIN_ICONS[domain]}
              </Text>
              <Text fw={600}>{DOMAIN_LABELS[domain]}</Text>
              {counts && countsTextReady ? (
                <Badge
                  variant="filled"
                  color={count > 0 ? 'navy.7' : 'gray.7'}
                  w="fit-content"
                  data-testid={`domain-count-${domain}`}
                >
                  {count > 0 ? ta('home.types', { count }) : ta('home.noTypes')}
                </Badge>
              ) : (
                // The badge's room is kept while the counts load: the tiles do not grow (and
                // shift the page) when they arrive.
                <div aria-hidden style={{ height: 'calc(1.25rem * var(--mantine-scale))' }} />
              )}
            </Stack>
          );
          const linked = counts !== null && count > 0 && canCreate;
          return (
            <Card key={domain} withBorder radius="md" padding={0} data-testid={`domain-${domain}`}>
              {linked ? (
                <UnstyledButton
                  component={Link}
                  to={`/application/new?domain=${domain}`}
                  p="md"
                  h="100%"
                  aria-label={`${DOMAIN_LABELS[domain]}: ${ta('home.types', { count })}`}
                >
                  {content}
                </UnstyledButton>
              ) : (
                <div style={{ padding: 'var(--mantine-spacing-md)' }}>{content}</div>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
      {types.isError && countsTextReady ? (
        <Text size="sm" c="gray.7" mt="sm" role="status">
          {ta('home.countsFailed')}
        </Text>
      ) : null}
    </section>
  );
}
