import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings';

/** /about (public): who runs the portal and the attributions of the reference data. */
export function AboutPage() {
  const { t } = useTranslation('about');
  const { councilName } = useSettings();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro', { council: councilName })}</Text>
      <section aria-labelledby="about-data-title">
        <Title order={2} size="h3" id="about-data-title" mb="sm">
          {t('data.title')}
        </Title>
        <List spacing="xs" data-testid="about-attributions">
          <List.Item>{t('data.siruta')}</List.Item>
          <List.Item>{t('data.uatLimits')}</List.Item>
        </List>
        <Text size="sm" mt="sm">
          <Anchor href="https://creativecommons.org/licenses/by-sa/4.0/deed.ro" target="_blank" rel="noopener noreferrer">
            {t('data.licence')}
          </Anchor>
        </Text>
      </section>
    </Stack>
  );
}
