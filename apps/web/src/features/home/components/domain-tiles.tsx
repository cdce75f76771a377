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
import { PageLoader } from '../../../components/feedback/page-loader';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
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

/** Which domains offer application types (in the portal's order) and which do not yet. */
export function splitDomains(counts: Record<string, number>): { offered: Domain[]; empty: Domain[] } {
  return {
    offered: DOMAINS.filter((domain) => (counts[domain] ?? 0) > 0),
    empty: DOMAINS.filter((domain) => (counts[domain] ?? 0) === 0),
  };
}

/**
 * The domain tiles (spec §2 'Dashboard' domains) with the number of application types each
 * offers (public types list). Only a domain with types is a card, and a card is a link to the
 * new-application wizard filtered by it only for someone who may file (and whose profile lets
 * them); the domains without types are named once, in a line, so that nothing that looks
 * clickable leads nowhere. `headingOrder` 2 under a page title, 1 when the tiles are the page.
 */
export function DomainTiles({ title, headingOrder = 2 }: { title: string; headingOrder?: 1 | 2 }) {
  // The counts' texts live with the applications feature.
  const { t: ta, ready: countsTextReady } = useTranslation('applications', { useSuspense: false });
  const { t } = useTranslation('home');
  const { can } = usePermissions();
  const { user } = useSession();
  const types = usePublicApplicationTypes();
  const counts = types.data ? countByDomain(types.data) : null;
  const profileReady = Boolean(user?.profile_completed && !user.profile_needs_update);
  const canFile = can('applicationsCreate') && profileReady;
  const ready = countsTextReady && !types.isPending;

  let body: ReactNode;
  if (!ready) body = <PageLoader minHeight={160} />;
  else if (counts === null)
    body = (
      <Text size="sm" c="gray.7" role="status">
        {ta('home.countsFailed')}
      </Text>
    );
  else {
    const { offered, empty } = splitDomains(counts);
    body = (
      <Stack gap="md">
        {offered.length === 0 ? (
          <Text data-testid="domains-none">{t('domains.none')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="domain-tiles-offered">
            {offered.map((domain) => {
              const count = counts[domain] ?? 0;
              const content = (
                <Stack gap="xs">
                  <Text c="navy.7" lh={0}>
                    {DOMAIN_ICONS[domain]}
                  </Text>
                  <Text fw={600}>{DOMAIN_LABELS[domain]}</Text>
                  <Badge variant="filled" color="navy.7" w="fit-content" data-testid={`domain-count-${domain}`}>
                    {ta('home.types', { count })}
                  </Badge>
                </Stack>
              );
              return (
                <Card key={domain} withBorder radius="md" padding={0} data-testid={`domain-${domain}`}>
                  {canFile ? (
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
        )}
        {empty.length > 0 ? (
          <Text size="sm" c="gray.7" data-testid="domains-empty">
            {t('domains.empty')}{' '}
            {empty.map((domain, index) => (
              <span key={domain} data-testid={`domain-${domain}`}>
                {DOMAIN_LABELS[domain]}
                {index < empty.length - 1 ? ', ' : '.'}
              </span>
            ))}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <section aria-labelledby="home-domains-title" data-testid="domain-tiles" aria-busy={!ready}>
      <Title order={headingOrder} size={headingOrder === 2 ? 'h3' : undefined} id="home-domains-title" mb="sm">
        {title}
      </Title>
      {body}
    </section>
  );
}
