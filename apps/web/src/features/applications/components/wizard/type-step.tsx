import { DOMAIN_LABELS, type Domain, type PublicApplicationType } from '@ghiseu/domain';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/feedback/empty-state';
import { ErrorState } from '../../../../components/feedback/error-state';
import { PageLoader } from '../../../../components/feedback/page-loader';
import { useApplicationTypes } from '../../api/applications';

export interface TypeStepProps {
  /** The type of the draft, when there is one. */
  selectedId: number | null;
  onChoose: (type: PublicApplicationType) => void;
  /** Only the types of this domain. */
  domain?: string;
  busy?: boolean;
}

/** The application types a citizen may file, as tiles (`GET /application-types/organisation`). */
export function TypeStep({ selectedId, onChoose, domain, busy }: TypeStepProps) {
  const { t } = useTranslation('applications');
  const types = useApplicationTypes(domain);
  if (types.isPending) return <PageLoader />;
  if (types.isError) return <ErrorState onRetry={() => void types.refetch()} />;
  if (types.data.length === 0) return <EmptyState title={t('wizard.type.empty')} />;
  return (
    <Stack gap="sm">
      <Text>{t('wizard.type.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="type-tiles">
        {types.data.map((type) => {
          const selected = type.id === selectedId;
          return (
            <Card
              key={type.id}
              withBorder
              radius="md"
              padding="md"
              style={selected ? { borderColor: 'var(--mantine-color-navy-7)', borderWidth: 2 } : undefined}
              data-testid={`type-tile-${type.id}`}
            >
              <Stack gap="xs" h="100%" justify="space-between">
                <div>
                  <Text fw={600} component="h3" m={0} fz="md">
                    {type.name}
                  </Text>
                  {type.description ? (
                    <Text size="sm" c="gray.7" mt={4}>
                      {type.description}
                    </Text>
                  ) : null}
                  <Text size="sm" c="gray.7" mt={4}>
                    {t('wizard.type.domain', { domain: DOMAIN_LABELS[type.domain as Domain] ?? type.domain })} ·{' '}
                    {t('wizard.type.term', { count: type.remaining_period })}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {type.organisation_name}
                  </Text>
                </div>
                {selected ? (
                  <Badge leftSection={<IconCheck size={14} aria-hidden />} color="navy.7" variant="filled">
                    {t('wizard.type.selected')}
                  </Badge>
                ) : (
                  <Group>
                    <Button
                      variant="light"
                      onClick={() => onChoose(type)}
                      disabled={busy}
                      aria-label={`${t('wizard.type.choose')}: ${type.name}`}
                    >
                      {t('wizard.type.choose')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
