import { DOCUMENT_TEMPLATE_ROLES, TAX_CATEGORY_ROLES } from '@ghiseu/domain';
import { SimpleGrid, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { useDocumentTemplateOptions, usePublishedProcessOptions, useTaxCategoryOptions } from '../../api/application-types';
import type { ApplicationTypeValues } from '../../form-model';
import { IdSelect, optionsOf, Section, useOptionStates } from './fields';

/**
 * The document templates of the type by role (active ones, common or of the type's
 * organisation), the process its applications run through (a published one), and the tax
 * categories of its construction, land and extra taxes (active categories).
 */
export function LaterSection() {
  const { t } = useTranslation('application-types');
  const { t: tt } = useTranslation('taxes');
  const organisationId = useWatch<ApplicationTypeValues, 'organisation_id'>({ name: 'organisation_id' });
  const chosenTemplates = useWatch<ApplicationTypeValues, 'document_template_ids'>({ name: 'document_template_ids' });
  const processes = usePublishedProcessOptions(organisationId ?? null);
  const templates = useDocumentTemplateOptions(organisationId ?? null);
  const chosenCategories = useWatch<ApplicationTypeValues, 'tax_category_ids'>({ name: 'tax_category_ids' });
  const categories = useTaxCategoryOptions();
  const { loadingOr, failed } = useOptionStates();

  const templateOptions = optionsOf(templates.data);
  // A template chosen earlier and since deactivated is not among the options: keep it visible.
  const withChosen = (id: number | null | undefined) =>
    id && !templateOptions.some((o) => o.value === String(id))
      ? [...templateOptions, { value: String(id), label: t('later.templateInactive', { id }) }]
      : templateOptions;

  const categoryOptions = optionsOf(categories.data);
  // A category chosen earlier and since deactivated is not among the options: keep it visible.
  const withChosenCategory = (id: number | null | undefined) =>
    id && !categoryOptions.some((o) => o.value === String(id))
      ? [...categoryOptions, { value: String(id), label: tt('typeCategories.inactive', { id }) }]
      : categoryOptions;

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
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        {TAX_CATEGORY_ROLES.map((role) => (
          <IdSelect
            key={role}
            name={`tax_category_ids.${role}`}
            id={`at-tax-category-${role}`}
            label={tt(`typeCategories.roles.${role}`)}
            data={withChosenCategory(chosenCategories?.[role])}
            searchable
            clearable
            filter={foldedOptionsFilter}
            nothingFoundMessage={t('nothingFound')}
            placeholder={loadingOr(categories) ?? tt('typeCategories.none')}
            error={failed(categories)}
            data-testid={`at-tax-category-${role}`}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        {tt('typeCategories.hint')}
      </Text>
    </Section>
  );
}
