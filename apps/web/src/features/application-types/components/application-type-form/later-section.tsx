import { DOCUMENT_TEMPLATE_ROLES, type ApplicationTypeRecord } from '@ghiseu/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { Notice } from '../../../../components/page/notice';
import { useDocumentTemplateOptions, usePublishedProcessOptions } from '../../api/application-types';
import type { ApplicationTypeValues } from '../../form-model';
import { IdSelect, optionsOf, Section, useOptionStates } from './fields';

const idsText = (ids: Record<string, number | null> | undefined) =>
  Object.entries(ids ?? {})
    .filter(([, id]) => id !== null)
    .map(([key, id]) => `${key}: ${id}`)
    .join(', ');

/**
 * The document templates of the type by role (active ones, common or of the type's
 * organisation), the process its applications run through (a published one), and what a later
 * capability uses (tax categories, with the payments issue): shown, not edited here.
 */
export function LaterSection({ record }: { record: ApplicationTypeRecord | null }) {
  const { t } = useTranslation('application-types');
  const organisationId = useWatch<ApplicationTypeValues, 'organisation_id'>({ name: 'organisation_id' });
  const chosenTemplates = useWatch<ApplicationTypeValues, 'document_template_ids'>({ name: 'document_template_ids' });
  const processes = usePublishedProcessOptions(organisationId ?? null);
  const templates = useDocumentTemplateOptions(organisationId ?? null);
  const { loadingOr, failed } = useOptionStates();

  const templateOptions = optionsOf(templates.data);
  // A template chosen earlier and since deactivated is not among the options: keep it visible.
  const withChosen = (id: number | null | undefined) =>
    id && !templateOptions.some((o) => o.value === String(id))
      ? [...templateOptions, { value: String(id), label: t('later.templateInactive', { id }) }]
      : templateOptions;

  return (
    <Section title={t('sections.later')} testId="at-section-later">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {DOCUMENT_TEMPLATE_ROLES.map((role) => (
          <IdSelect
            key={role}
            name={`document_template_ids.${role}`}
            id={`at-template-${role}`}
            label={t(`later.templateRoles.${role}`)}
            data={withChosen(chosenTemplates?.[role])}
            searchable
            clearable
            filter={foldedOptionsFilter}
            nothingFoundMessage={t('nothingFound')}
            placeholder={loadingOr(templates) ?? t('later.noTemplate')}
            error={failed(templates)}
            data-testid={`at-template-${role}`}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        {t('later.templatesHint')}
      </Text>
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
            {t('later.taxes')}: {idsText(record.tax_category_ids) || t('later.none')}
          </Text>
        </Stack>
      ) : null}
    </Section>
  );
}
