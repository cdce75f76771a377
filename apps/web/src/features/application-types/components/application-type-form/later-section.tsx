import type { ApplicationTypeRecord } from '@ghiseu/domain';
import { Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { Notice } from '../../../../components/page/notice';
import { usePublishedProcessOptions } from '../../api/application-types';
import type { ApplicationTypeValues } from '../../form-model';
import { IdSelect, optionsOf, Section, useOptionStates } from './fields';

const idsText = (ids: Record<string, number | null> | undefined) =>
  Object.entries(ids ?? {})
    .filter(([, id]) => id !== null)
    .map(([key, id]) => `${key}: ${id}`)
    .join(', ');

/**
 * The process the type's applications run through (a published one, common or of the type's
 * organisation), and what later capabilities use (document templates, taxes): shown, not edited here.
 */
export function LaterSection({ record }: { record: ApplicationTypeRecord | null }) {
  const { t } = useTranslation('application-types');
  const organisationId = useWatch<ApplicationTypeValues, 'organisation_id'>({ name: 'organisation_id' });
  const processes = usePublishedProcessOptions(organisationId ?? null);
  const { loadingOr, failed } = useOptionStates();
  return (
    <Section title={t('sections.later')} testId="at-section-later">
      <IdSelect
        name="workflow_id"
        id="at-workflow"
        label={t('later.workflow')}
        description={t('later.workflowHint')}
        data={optionsOf(processes.data)}
        searchable
        clearable
        filter={foldedOptionsFilter}
        nothingFoundMessage={t('nothingFound')}
        placeholder={loadingOr(processes) ?? t('later.none')}
        error={failed(processes)}
        data-testid="at-workflow"
      />
      <Notice tone="info">{t('later.notice')}</Notice>
      {record ? (
        <Stack gap={4}>
          <Text size="sm">
            {t('later.templates')}: {idsText(record.document_template_ids) || t('later.none')}
          </Text>
          <Text size="sm">
            {t('later.taxes')}: {idsText(record.tax_category_ids) || t('later.none')}
          </Text>
        </Stack>
      ) : null}
    </Section>
  );
}
