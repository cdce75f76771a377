import { SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { useFormOptions } from '../../api/application-types';
import { IdSelect, Section, useOptionStates } from './fields';

/** The citizen's, the staff's and the rejection form; only forms with a published version may be chosen. */
export function FormsSection() {
  const { t } = useTranslation('application-types');
  const forms = useFormOptions(true);
  const { loadingOr, failed } = useOptionStates();
  const formOptions = useMemo(
    () =>
      (forms.data ?? []).map((form) => ({
        value: String(form.id),
        label:
          form.latest_version === null || form.latest_version === undefined
            ? `${form.name} (${t('noPublishedVersion')})`
            : `${form.name} (v${form.latest_version})`,
        disabled: form.latest_version === null || form.latest_version === undefined,
      })),
    [forms.data, t],
  );
  return (
    <Section title={t('sections.forms')} testId="at-section-forms">
      <Text size="sm" c="gray.7">
        {t('hints.forms')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(
          [
            ['citizen_form_id', 'at-citizen-form', t('fields.citizenForm')],
            ['staff_form_id', 'at-staff-form', t('fields.staffForm')],
            ['reject_form_id', 'at-reject-form', t('fields.rejectForm')],
          ] as const
        ).map(([field, id, label]) => (
          <IdSelect
            key={field}
            name={field}
            id={id}
            label={label}
            data={formOptions}
            searchable
            clearable
            filter={foldedOptionsFilter}
            nothingFoundMessage={t('nothingFound')}
            placeholder={loadingOr(forms)}
            error={failed(forms)}
            data-testid={id}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
