import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Choice {
  kind: 'personal' | 'professional';
  icon: ReactNode;
}

const CHOICES: Choice[] = [
  { kind: 'personal', icon: <IconUser size={26} /> },
  { kind: 'professional', icon: <IconBuildingSkyscraper size={26} /> },
];

/**
 * /auth/signup, outside the app shell (spec §2): the choice between a personal account
 * (individuals, foreigners, legal entities) and a professional one (design offices, with
 * sub-accounts).
 */
export function SignUpChoicePage() {
  const { t } = useTranslation('auth');
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Anchor component={Link} to="/auth/signin" fw={800} size="lg" c="navy.7" w="fit-content" underline="hover">
          {t('signUp.choice.brand')}
        </Anchor>
        <div>
          <Title order={1}>{t('signUp.choice.title')}</Title>
          <Text c="gray.7" mt={4}>
            {t('signUp.choice.subtitle')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {CHOICES.map(({ kind, icon }) => (
            <Card key={kind} withBorder radius="md" padding="lg" component="section" aria-labelledby={`signup-${kind}-title`}>
              <Stack gap="md" h="100%">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                    {icon}
                  </ThemeIcon>
                  <Title order={2} size="h3" id={`signup-${kind}-title`}>
                    {t(`signUp.choice.${kind}.title`)}
                  </Title>
                </Group>
                <Text style={{ flex: 1 }}>{t(`signUp.choice.${kind}.text`)}</Text>
                <Button component={Link} to={`/auth/signup/${kind}`} data-testid={`signup-${kind}`}>
                  {t(`signUp.choice.${kind}.action`)}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <Text>{t('signUp.choice.haveAccount')}</Text>
          <Anchor component={Link} to="/auth/signin">
            {t('signUp.choice.signIn')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
