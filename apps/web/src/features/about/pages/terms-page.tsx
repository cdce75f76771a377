import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings';

const SECTIONS = ['operator', 'account', 'applications', 'data', 'rights', 'messages'] as const;

/** /terms (public): the terms of use and the personal data notice accepted at sign-up. */
export function TermsPage() {
  const { t } = useTranslation('about');
  const { councilName } = useSettings();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('terms.title')}</Title>
      <Text>{t('terms.intro')}</Text>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`terms-${section}`}>
          <Title order={2} size="h3" id={`terms-${section}`} mb="xs">
            {t(`terms.sections.${section}.title`)}
          </Title>
          <Text>{t(`terms.sections.${section}.text`, { council: councilName })}</Text>
        </section>
      ))}
    </Stack>
  );
}
