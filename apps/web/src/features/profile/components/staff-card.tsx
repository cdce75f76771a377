import type { Profile } from '@ghiseu/domain';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Read-only service data of staff accounts (organisation, badge, functions, departments, enrollment). */
export function StaffCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const none = t('none');
  const rows: [string, string][] = [
    [t('fields.organisation_name'), profile.organisation_name ?? none],
    [t('fields.staff_badge_number'), profile.staff_badge_number ?? none],
    [t('fields.staff_badge_issuer'), profile.staff_badge_issuer ?? none],
    [t('fields.functions'), profile.functions.map((f) => f.name).join(', ') || none],
    [t('fields.departments'), profile.departments.map((d) => d.name).join(', ') || none],
    [t('fields.enrolled'), profile.enrolled ? t('enrolled.yes') : t('enrolled.no')],
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-staff"
      data-testid="staff-card"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="profile-staff">
          {t('sections.staff')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="dl" m={0}>
          {rows.map(([term, value]) => (
            <div key={term}>
              <Text size="sm" c="gray.7" component="dt">
                {term}
              </Text>
              <Text component="dd" m={0} fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
