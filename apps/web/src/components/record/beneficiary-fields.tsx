import { Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { fieldDomId } from '../form-renderer/form-values';

/** A beneficiary being entered (the citizen's wizard and the registry's registration alike). */
export interface BeneficiaryDraft {
  person_type: 'individual' | 'legal';
  citizenship: 'romanian' | 'foreign';
  first_name: string;
  last_name: string;
  company_name: string;
  personal_numeric_code: string;
  unique_registration_code: string;
  passport_number: string;
  email: string;
  phone: string;
}

export const EMPTY_BENEFICIARY: BeneficiaryDraft = {
  person_type: 'individual',
  citizenship: 'romanian',
  first_name: '',
  last_name: '',
  company_name: '',
  personal_numeric_code: '',
  unique_registration_code: '',
  passport_number: '',
  email: '',
  phone: '',
};

type TextKey = Exclude<keyof BeneficiaryDraft, 'person_type' | 'citizenship'>;

/** The texts of the fields, under the same keys in every namespace that shows them. */
export type BeneficiaryLabel =
  | 'personType'
  | 'individual'
  | 'legal'
  | 'citizenship'
  | 'romanian'
  | 'foreign'
  | 'companyName'
  | 'cui'
  | 'lastName'
  | 'firstName'
  | 'cnp'
  | 'passport'
  | 'email'
  | 'phone';

/**
 * The fields of a new beneficiary: person type and citizenship, then the name and codes that
 * fit them (a company: name and CUI; a person: names, CNP and, when foreign, the passport; the
 * codes required only for Romanians), e-mail and phone. Field ids are `beneficiary.<key>`.
 */
export function BeneficiaryFields({
  value,
  onChange,
  label,
  errorOf,
  emailHint,
}: {
  value: BeneficiaryDraft;
  onChange: (patch: Partial<BeneficiaryDraft>) => void;
  label: (key: BeneficiaryLabel) => string;
  errorOf: (key: TextKey) => string | undefined;
  emailHint?: string;
}) {
  const legal = value.person_type === 'legal';
  const foreign = value.citizenship === 'foreign';
  const input = (key: TextKey, text: string, required = false, description?: string) => (
    <TextInput
      id={fieldDomId(`beneficiary.${key}`)}
      label={text}
      description={description}
      required={required}
      value={value[key]}
      onChange={(event) => onChange({ [key]: event.currentTarget.value })}
      error={errorOf(key)}
      maxLength={255}
    />
  );
  return (
    <>
      <Group gap="xl" wrap="wrap">
        <Radio.Group
          label={label('personType')}
          value={value.person_type}
          onChange={(v) => onChange({ person_type: v as BeneficiaryDraft['person_type'] })}
        >
          <Group mt="xs">
            <Radio value="individual" label={label('individual')} />
            <Radio value="legal" label={label('legal')} />
          </Group>
        </Radio.Group>
        <Radio.Group
          label={label('citizenship')}
          value={value.citizenship}
          onChange={(v) => onChange({ citizenship: v as BeneficiaryDraft['citizenship'] })}
        >
          <Group mt="xs">
            <Radio value="romanian" label={label('romanian')} />
            <Radio value="foreign" label={label('foreign')} />
          </Group>
        </Radio.Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {legal ? (
          <>
            {input('company_name', label('companyName'), true)}
            {input('unique_registration_code', label('cui'), !foreign)}
          </>
        ) : (
          <>
            {input('last_name', label('lastName'), true)}
            {input('first_name', label('firstName'), true)}
            {input('personal_numeric_code', label('cnp'), !foreign)}
            {foreign ? input('passport_number', label('passport'), true) : null}
          </>
        )}
        {input('email', label('email'), false, emailHint)}
        {input('phone', label('phone'))}
      </SimpleGrid>
    </>
  );
}
