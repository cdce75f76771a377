import type { AddressValue } from '@ghiseu/domain';
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCounties, useCountyLocalities, useUatLocalities } from '../../lib/territory';
import { fieldDomId, type FormErrors } from './form-values';

export interface AddressInputProps {
  path: string;
  label: string;
  required: boolean;
  value: Partial<AddressValue> | undefined;
  onChange: (value: Partial<AddressValue>) => void;
  errors: FormErrors;
  readOnly?: boolean;
}

const toOptions = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** County → locality → village selects (SIRUTA ids) and the street lines; a parent change clears its children. */
export function AddressInput({ path, label, required, value = {}, onChange, errors, readOnly }: AddressInputProps) {
  const { t } = useTranslation('form-renderer');
  const counties = useCounties();
  const localities = useCountyLocalities(value.county_id ?? null);
  const villages = useUatLocalities(value.locality_id ?? null);
  const set = (patch: Partial<AddressValue>) => onChange({ ...value, ...patch });
  const err = (part: string) => errors[`${path}.${part}`] ?? (part === 'county_id' ? errors[path] : undefined);
  const failed = t('optionsFailed');
  return (
    <Fieldset legend={label} id={fieldDomId(path)} variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          id={fieldDomId(`${path}.county_id`)}
          label={t('address.county')}
          required={required}
          data={toOptions(counties.data)}
          searchable
          value={value.county_id ? String(value.county_id) : null}
          onChange={(v) => set({ county_id: v ? Number(v) : undefined, locality_id: undefined, village_id: undefined })}
          error={counties.isError ? failed : err('county_id')}
          readOnly={readOnly}
        />
        <Select
          id={fieldDomId(`${path}.locality_id`)}
          label={t('address.locality')}
          required={required}
          data={toOptions(localities.data)}
          searchable
          disabled={!value.county_id}
          value={value.locality_id ? String(value.locality_id) : null}
          onChange={(v) => set({ locality_id: v ? Number(v) : undefined, village_id: undefined })}
          error={localities.isError ? failed : err('locality_id')}
          readOnly={readOnly}
        />
        <Select
          id={fieldDomId(`${path}.village_id`)}
          label={t('address.village')}
          data={toOptions(villages.data)}
          searchable
          clearable
          disabled={!value.locality_id}
          value={value.village_id ? String(value.village_id) : null}
          onChange={(v) => set({ village_id: v ? Number(v) : undefined })}
          error={villages.isError ? failed : err('village_id')}
          readOnly={readOnly}
        />
        <TextInput
          id={fieldDomId(`${path}.street`)}
          label={t('address.street')}
          required={required}
          value={value.street ?? ''}
          onChange={(e) => set({ street: e.currentTarget.value })}
          error={err('street')}
          readOnly={readOnly}
          maxLength={255}
        />
        <TextInput
          id={fieldDomId(`${path}.number`)}
          label={t('address.number')}
          required={required}
          value={value.number ?? ''}
          onChange={(e) => set({ number: e.currentTarget.value })}
          error={err('number')}
          readOnly={readOnly}
          maxLength={20}
        />
        <TextInput
          id={fieldDomId(`${path}.postal_code`)}
          label={t('address.postalCode')}
          inputMode="numeric"
          value={value.postal_code ?? ''}
          onChange={(e) => set({ postal_code: e.currentTarget.value.replace(/\D/g, '').slice(0, 6) })}
          error={err('postal_code')}
          readOnly={readOnly}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
