import { Group, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Toggle } from '../../../../components/toggle/toggle';
import type { ApplicationTypeValues } from '../../form-model';
import { SealField } from '../seal-field';
import { Section, useFieldError } from './fields';

/** Dynamic form, digital seal (with its custom image), archive code and usage categories. */
export function OtherSection() {
  const { t } = useTranslation('application-types');
  const form = useFormContext<ApplicationTypeValues>();
  const sealed = useWatch<ApplicationTypeValues, 'digital_seal'>({ name: 'digital_seal' });
  const sealError = useFieldError('custom_seal_file_id');
  const archiveError = useFieldError('archive_document_type_code');
  const categoriesError = useFieldError('usage_categories');
  return (
    <Section title={t('sections.other')} testId="at-section-other">
      <Group gap="xl">
        <Controller
          control={form.control}
          name="dynamic_form"
          render={({ field }) => (
            <Toggle id="at-dynamic-form" label={t('fields.dynamicForm')} checked={field.value} onChange={field.onChange} />
          )}
        />
        <Controller
          control={form.control}
          name="digital_seal"
          render={({ field }) => (
            <Toggle id="at-digital-seal" label={t('fields.digitalSeal')} checked={field.value} onChange={field.onChange} />
          )}
        />
      </Group>
      {sealed ? (
        <Controller
          control={form.control}
          name="custom_seal_file_id"
          render={({ field }) => (
            <SealField
              value={field.value === null ? null : String(field.value)}
              onChange={(fileId) => field.onChange(fileId === null ? null : Number(fileId))}
              error={sealError}
            />
          )}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          id="at-archive-document-type-code"
          label={t('fields.archiveCode')}
          maxLength={100}
          error={archiveError}
          {...form.register('archive_document_type_code')}
        />
        <Controller
          control={form.control}
          name="usage_categories"
          render={({ field }) => (
            <TagsInput
              ref={field.ref}
              id="at-usage-categories"
              label={t('fields.usageCategories')}
              description={t('hints.usageCategories')}
              value={field.value}
              onChange={field.onChange}
              maxTags={50}
              clearable
              error={categoriesError}
            />
          )}
        />
      </SimpleGrid>
    </Section>
  );
}
