import { SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { Toggle } from '../../../../components/toggle/toggle';
import { useApplicationTypeOptions } from '../../api/application-types';
import type { ApplicationTypeValues } from '../../form-model';
import { IdMultiSelect, IdSelect, Section, useOptionStates } from './fields';

/**
 * The automatic flag, the reference types (none for an automatic type: switching it on clears
 * them) and the related clarification and internal types. `recordId` is left out of the choices.
 */
export function ReferencesSection({ recordId }: { recordId: number | null }) {
  const { t } = useTranslation('application-types');
  const form = useFormContext<ApplicationTypeValues>();
  const isAuto = useWatch<ApplicationTypeValues, 'is_auto'>({ name: 'is_auto' });
  const otherTypes = useApplicationTypeOptions(true);
  const { loadingOr, failed } = useOptionStates();
  const typeOptions = useMemo(
    () =>
      (otherTypes.data ?? [])
        .filter((type) => type.id !== recordId)
        .map((type) => ({ value: String(type.id), label: type.name })),
    [otherTypes.data, recordId],
  );
  const choice = { searchable: true, clearable: true, filter: foldedOptionsFilter, nothingFoundMessage: t('nothingFound') };
  return (
    <Section title={t('sections.references')} testId="at-section-references">
      <Controller
        control={form.control}
        name="is_auto"
        render={({ field }) => (
          <Toggle
            id="at-is-auto"
            label={t('fields.isAuto')}
            description={t('hints.isAuto')}
            checked={field.value}
            onChange={(checked) => {
              field.onChange(checked);
              // An automatic type has no reference types (they would be refused).
              if (checked) form.setValue('reference_type_ids', [], { shouldDirty: true });
              form.clearErrors('reference_type_ids');
            }}
            data-testid="at-is-auto"
          />
        )}
      />
      <IdMultiSelect
        {...choice}
        name="reference_type_ids"
        id="at-reference-type"
        label={t('fields.referenceTypes')}
        data={typeOptions}
        disabled={isAuto}
        placeholder={loadingOr(otherTypes)}
        error={failed(otherTypes)}
        data-testid="at-reference-types"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <IdSelect
          {...choice}
          name="related_clarification_type_id"
          id="at-related-clarification-type"
          label={t('fields.clarificationType')}
          data={typeOptions}
        />
        <IdSelect
          {...choice}
          name="related_internal_type_id"
          id="at-related-internal-type"
          label={t('fields.internalType')}
          data={typeOptions}
        />
      </SimpleGrid>
    </Section>
  );
}
