import { SimpleGrid } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { useJurisdictionUats } from '../../../../lib/territory';
import { useDepartmentOptions, useFunctionOptions } from '../../api/application-types';
import type { ApplicationTypeValues } from '../../form-model';
import { IdMultiSelect, optionsOf, Section, useOptionStates } from './fields';

/** The UATs the type is filed for and the departments and functions that work it, of the chosen organisation. */
export function TerritorySection() {
  const { t } = useTranslation('application-types');
  const organisationId = useWatch<ApplicationTypeValues, 'organisation_id'>({ name: 'organisation_id' });
  const uats = useJurisdictionUats(organisationId);
  const departments = useDepartmentOptions(organisationId);
  const functions = useFunctionOptions(organisationId);
  const { loadingOr, failed } = useOptionStates();
  const chosen = organisationId !== null;
  const common = {
    searchable: true,
    clearable: true,
    disabled: !chosen,
    filter: foldedOptionsFilter,
    nothingFoundMessage: t('nothingFound'),
  };
  return (
    <Section title={t('sections.territory')} testId="at-section-territory">
      <IdMultiSelect
        {...common}
        name="uat_ids"
        id="at-uat"
        label={t('fields.uats')}
        description={chosen ? t('hints.uats') : t('hints.chooseOrganisation')}
        data={optionsOf(uats.data)}
        placeholder={loadingOr(uats)}
        error={failed(uats)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <IdMultiSelect
          {...common}
          name="department_ids"
          id="at-department"
          label={t('fields.departments')}
          data={optionsOf(departments.data)}
          placeholder={loadingOr(departments)}
          error={failed(departments)}
        />
        <IdMultiSelect
          {...common}
          name="function_ids"
          id="at-function"
          label={t('fields.functions')}
          data={optionsOf(functions.data)}
          placeholder={loadingOr(functions)}
          error={failed(functions)}
        />
      </SimpleGrid>
    </Section>
  );
}
