import type { ApplicationTypeRecord } from '@ghiseu/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../../components/page/notice';
import { Section } from './fields';

const idsText = (ids: Record<string, number | null> | undefined) =>
  Object.entries(ids ?? {})
    .filter(([, id]) => id !== null)
    .map(([key, id]) => `${key}: ${id}`)
    .join(', ');

/** What later capabilities use (document templates, workflow, taxes): shown, not edited here. */
export function LaterSection({ record }: { record: ApplicationTypeRecord | null }) {
  const { t } = useTranslation('application-types');
  return (
    <Section title={t('sections.later')} testId="at-section-later">
      <Notice tone="info">{t('later.notice')}</Notice>
      {record ? (
        <Stack gap={4}>
          <Text size="sm">
            {t('later.templates')}: {idsText(record.document_template_ids) || t('later.none')}
          </Text>
          <Text size="sm">
            {t('later.workflow')}: {record.workflow_id ?? t('later.none')}
          </Text>
          <Text size="sm">
            {t('later.taxes')}: {idsText(record.tax_category_ids) || t('later.none')}
          </Text>
        </Stack>
      ) : null}
    </Section>
  );
}
