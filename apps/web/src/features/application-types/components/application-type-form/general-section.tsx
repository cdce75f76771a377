import {
  APPLICATION_TYPE_CATEGORIES,
  APPLICATION_TYPE_CATEGORY_LABELS,
  DOMAIN_LABELS,
  DOMAINS,
  RESPONSE_PERIOD_BOUNDS,
} from '@ghiseu/domain';
import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { useOrganisationOptions } from '../../api/application-types';
import type { ApplicationTypeValues } from '../../form-model';
import { IdSelect, optionsOf, Section, useFieldError, useOptionStates } from './fields';

/** What belongs to one organisation and is cleared when the organisation changes. */
const ORGANISATION_BOUND = ['uat_ids', 'department_ids', 'function_ids'] as const;

const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : value === '' ? null : Number(value));

/** Name, description, organisation (super administrator), domain, category, status, period and order. */
export function GeneralSection({ superAdmin }: { superAdmin: boolean }) {
  const { t } = useTranslation('application-types');
  const form = useFormContext<ApplicationTypeValues>();
  const organisations = useOrganisationOptions(superAdmin);
  const { loadingOr, failed } = useOptionStates();
  const nameError = useFieldError('name');
  const descriptionError = useFieldError('description');

  const chooseOrganisation = (id: number | null) => {
    if (id === form.getValues('organisation_id')) return;
    form.setValue('organisation_id', id, { shouldDirty: true });
    // What belonged to the previous organisation (UATs, departments, functions) does not apply.
    for (const field of ORGANISATION_BOUND) form.setValue(field, [], { shouldDirty: true });
    form.clearErrors(['organisation_id', ...ORGANISATION_BOUND]);
  };

  return (
    <Section title={t('sections.general')} testId="at-section-general">
      <TextInput
        id="at-name"
        label={t('fields.name')}
        required
        maxLength={255}
        data-autofocus
        error={nameError}
        data-testid="at-name"
        {...form.register('name')}
      />
      <Textarea
        id="at-description"
        label={t('fields.description')}
        autosize
        minRows={2}
        maxLength={4000}
        error={descriptionError}
        {...form.register('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {superAdmin ? (
          <IdSelect
            name="organisation_id"
            id="at-organisation"
            label={t('fields.organisation')}
            required
            data={optionsOf(organisations.data)}
            onChosen={chooseOrganisation}
            allowDeselect={false}
            searchable
            filter={foldedOptionsFilter}
            nothingFoundMessage={t('nothingFound')}
            placeholder={loadingOr(organisations)}
            error={failed(organisations)}
            data-testid="at-organisation"
          />
        ) : null}
        <Controller
          control={form.control}
          name="domain"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              id="at-domain"
              label={t('fields.domain')}
              required
              data={DOMAINS.map((value) => ({ value, label: DOMAIN_LABELS[value] }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="category"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              id="at-category"
              label={t('fields.category')}
              required
              data={APPLICATION_TYPE_CATEGORIES.map((value) => ({ value, label: APPLICATION_TYPE_CATEGORY_LABELS[value] }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select
              ref={field.ref}
              id="at-status"
              label={t('fields.status')}
              required
              data={[
                { value: 'active', label: t('statuses.active') },
                { value: 'inactive', label: t('statuses.inactive') },
              ]}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={form.control}
          name="remaining_period"
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              id="at-remaining-period"
              label={t('fields.period')}
              description={t('hints.period')}
              required
              min={RESPONSE_PERIOD_BOUNDS.min}
              max={RESPONSE_PERIOD_BOUNDS.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={field.value ?? ''}
              onChange={(value) => field.onChange(numberOrNull(value))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              data-testid="at-period"
            />
          )}
        />
        <Controller
          control={form.control}
          name="list_order"
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              id="at-list-order"
              label={t('fields.listOrder')}
              description={t('hints.listOrder')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={field.value ?? ''}
              onChange={(value) => field.onChange(numberOrNull(value))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
    </Section>
  );
}
