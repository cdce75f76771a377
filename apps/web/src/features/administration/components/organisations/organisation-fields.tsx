import { ORGANISATION_TYPES } from '@ghiseu/domain';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { Toggle } from '../../../../components/toggle/toggle';
import { useCounties, useCountyUats, useUatLocalities } from '../../../../lib/territory';
import type { OrganisationFormValues } from './organisation-form-model';

export interface OrganisationFieldsProps {
  control: Control<OrganisationFormValues>;
  register: UseFormRegister<OrganisationFormValues>;
  setValue: UseFormSetValue<OrganisationFormValues>;
  errors: FieldErrors<OrganisationFormValues>;
  /** Type, status, test flag and territory (super administrator only). */
  jurisdictionEditable: boolean;
  /** Every field read-only (no edit ability). */
  readOnly?: boolean;
  /** Prefix of the input ids (two forms may be on one page). */
  idPrefix: string;
}

const territoryText = (name: string, extra?: string) => (extra ? `${name} (${extra})` : name);

/**
 * The inputs of an organisation (spec §3), shared by the create dialog and the details tab.
 * County, UAT and locality are dependent selects: changing one clears the ones below it.
 */
export function OrganisationFields({
  control,
  register,
  setValue,
  errors,
  jurisdictionEditable,
  readOnly = false,
  idPrefix,
}: OrganisationFieldsProps) {
  const { t } = useTranslation('administration');
  const [type, countyId, uatId] = useWatch({ control, name: ['type', 'county_id', 'uat_id'] });
  const counties = useCounties();
  const uats = useCountyUats(countyId === null ? null : Number(countyId));
  const localities = useUatLocalities(uatId === null ? null : Number(uatId));
  const lockJurisdiction = readOnly || !jurisdictionEditable;
  const failed = t('organisation.optionsFailed');

  return (
    <Stack gap="md">
      <TextInput
        id={`${idPrefix}-name`}
        label={t('organisation.fields.name')}
        required
        readOnly={readOnly}
        maxLength={255}
        error={errors.name?.message}
        data-testid={`${idPrefix}-name`}
        {...register('name')}
      />
      <Textarea
        id={`${idPrefix}-description`}
        label={t('organisation.fields.description')}
        autosize
        minRows={2}
        maxRows={6}
        readOnly={readOnly}
        maxLength={2000}
        error={errors.description?.message}
        {...register('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              id={`${idPrefix}-type`}
              label={t('organisation.fields.type')}
              required
              disabled={lockJurisdiction}
              data={ORGANISATION_TYPES.map((value) => ({ value, label: t(`organisation.types.${value}`) }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              data-testid={`${idPrefix}-type`}
            />
          )}
        />
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Select
              id={`${idPrefix}-status`}
              label={t('organisation.fields.status')}
              required
              disabled={lockJurisdiction}
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
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Controller
          control={control}
          name="county_id"
          render={({ field }) => (
            <Select
              id={`${idPrefix}-county`}
              label={t('organisation.fields.county')}
              required={type === 'county_council'}
              disabled={lockJurisdiction}
              searchable
              clearable
              filter={foldedOptionsFilter}
              nothingFoundMessage={t('organisation.nothingFound')}
              data={(counties.data ?? []).map((county) => ({ value: String(county.id), label: county.name }))}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                setValue('uat_id', null, { shouldDirty: true });
                setValue('locality_id', null, { shouldDirty: true });
              }}
              error={errors.county_id?.message ?? (counties.isError ? failed : undefined)}
              placeholder={counties.isPending ? t('common:loading') : t('organisation.choose')}
              clearButtonProps={{ 'aria-label': t('organisation.clear', { field: t('organisation.fields.county') }) }}
              data-testid={`${idPrefix}-county`}
            />
          )}
        />
        <Controller
          control={control}
          name="uat_id"
          render={({ field }) => (
            <Select
              id={`${idPrefix}-uat`}
              label={t('organisation.fields.uat')}
              required={type === 'city_hall'}
              disabled={lockJurisdiction || countyId === null}
              searchable
              clearable
              filter={foldedOptionsFilter}
              nothingFoundMessage={t('organisation.nothingFound')}
              data={(uats.data ?? []).map((uat) => ({ value: String(uat.id), label: territoryText(uat.name, uat.type) }))}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                setValue('locality_id', null, { shouldDirty: true });
              }}
              error={errors.uat_id?.message ?? (uats.isError ? failed : undefined)}
              placeholder={countyId === null ? t('organisation.chooseCountyFirst') : t('organisation.choose')}
              clearButtonProps={{ 'aria-label': t('organisation.clear', { field: t('organisation.fields.uat') }) }}
              data-testid={`${idPrefix}-uat`}
            />
          )}
        />
        <Controller
          control={control}
          name="locality_id"
          render={({ field }) => (
            <Select
              id={`${idPrefix}-locality`}
              label={t('organisation.fields.locality')}
              disabled={lockJurisdiction || uatId === null}
              searchable
              clearable
              filter={foldedOptionsFilter}
              nothingFoundMessage={t('organisation.nothingFound')}
              data={(localities.data ?? []).map((locality) => ({ value: String(locality.id), label: locality.name }))}
              value={field.value}
              onChange={field.onChange}
              error={errors.locality_id?.message ?? (localities.isError ? failed : undefined)}
              placeholder={uatId === null ? t('organisation.chooseUatFirst') : t('organisation.choose')}
              clearButtonProps={{ 'aria-label': t('organisation.clear', { field: t('organisation.fields.locality') }) }}
            />
          )}
        />
      </SimpleGrid>
      <TextInput
        id={`${idPrefix}-external-link`}
        label={t('organisation.fields.external_link')}
        description={t('organisation.hints.external_link')}
        type="url"
        readOnly={readOnly}
        placeholder="https://"
        error={errors.external_link?.message}
        data-testid={`${idPrefix}-external-link`}
        {...register('external_link')}
      />
      <Textarea
        id={`${idPrefix}-payment-order-details`}
        label={t('organisation.fields.payment_order_details')}
        description={t('organisation.hints.payment_order_details')}
        autosize
        minRows={2}
        maxRows={8}
        readOnly={readOnly}
        maxLength={4000}
        error={errors.payment_order_details?.message}
        {...register('payment_order_details')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="citizen_dashboard_visible"
          render={({ field }) => (
            <Toggle
              label={t('organisation.fields.citizen_dashboard_visible')}
              description={t('organisation.hints.citizen_dashboard_visible')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
        <Controller
          control={control}
          name="is_test"
          render={({ field }) => (
            <Toggle
              label={t('organisation.fields.is_test')}
              description={t('organisation.hints.is_test')}
              checked={field.value}
              onChange={field.onChange}
              disabled={lockJurisdiction}
            />
          )}
        />
      </SimpleGrid>
    </Stack>
  );
}
