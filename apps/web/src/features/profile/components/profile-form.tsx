import { type Locality, type Profile, todayInRomania, VALIDATION_MESSAGES } from '@ghiseu/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { DateInput } from '../../../components/inputs/date-input';
import type { TextMode } from '../../../components/inputs/input-rules';
import { SelectField } from '../../../components/inputs/select-field';
import { TextField } from '../../../components/inputs/text-field';
import { useSession } from '../../../lib/session';
import { loadCountryOptions, loadCountyOptions, loadUatOptions, loadVillageOptions } from '../api/territory';
import { useUpdateProfile } from '../api/update-profile';
import { apiErrorText, applyServerFieldErrors, focusFirstInvalid } from '../form-errors';
import {
  PROFILE_FORM_FIELDS,
  type ProfileField,
  type ProfileFormOutput,
  type ProfileFormValues,
  profileFormResolver,
  profileLayout,
  profileToForm,
  requiredProfileFields,
  toProfileUpdateBody,
} from '../profile-form-model';

/**
 * The select fields show their placeholder ('Selectați') as text, and Mantine's placeholder grey
 * (#adb5bd, 2.1:1) fails WCAG contrast there; the variable is inherited, so the form overrides it.
 */
const READABLE_PLACEHOLDER = { '--mantine-color-placeholder': 'var(--mantine-color-gray-7)' } as CSSProperties;

const fieldId = (name: ProfileField) => `profile-${name.replaceAll('_', '-')}`;

/** A section of the form: a titled card (level-2 heading) with its fields in a responsive grid. */
function Section({ id, title, children, note }: { id: string; title: string; children: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {note}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
          {children}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

interface TextControlProps {
  name: ProfileField;
  control: Control<ProfileFormValues, unknown, ProfileFormOutput>;
  required: boolean;
  mode?: TextMode;
  maxLength?: number;
  description?: string;
  readOnly?: boolean;
  uppercase?: boolean;
}

/** A text field of the form (shared TextField: character mode, length, ș ț instead of ş ţ). */
function TextControl({ name, control, required, mode, maxLength, description, readOnly, uppercase }: TextControlProps) {
  const { t } = useTranslation('profile');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={fieldId(name)}
          label={t(`fields.${name}`)}
          required={required}
          description={description}
          mode={mode}
          maxLength={maxLength}
          readOnly={readOnly}
          value={(field.value as string | null) ?? ''}
          onChange={(value) => field.onChange(uppercase ? value.toUpperCase() : value)}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldState.error?.message}
          data-testid={fieldId(name)}
        />
      )}
    />
  );
}

export interface ProfileFormProps {
  profile: Profile;
}

/**
 * The profile form of spec §3: identity (CNP, ID card), address with county → locality (UAT) →
 * village dependent selects, foreigner fields, company fields for legal entities, IBAN, bank and
 * TNA. Saves with `PUT /profiles/me`; after saving the session's user is reloaded, so the profile
 * gate opens as soon as the profile is complete. Fields the server still misses are marked.
 */
export function ProfileForm({ profile }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const { refreshUser } = useSession();
  const update = useUpdateProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const villagePostalCodes = useRef(new Map<number, string | null>());
  const [formError, setFormError] = useState<string | null>(null);
  const layout = profileLayout(profile);
  const required = requiredProfileFields(layout);
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: profileFormResolver,
    defaultValues: profileToForm(profile),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { control, setValue, getValues } = form;
  const [countyId, localityId] = useWatch({ control, name: ['county_id', 'locality_id'] });
  const req = (name: ProfileField) => required.has(name);

  const markMissing = (missing: readonly string[]) => {
    for (const name of missing) {
      if ((PROFILE_FORM_FIELDS as readonly string[]).includes(name)) {
        form.setError(name as ProfileField, { type: 'missing', message: VALIDATION_MESSAGES.required });
      }
    }
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        const saved = await update.mutateAsync(toProfileUpdateBody(values, profile, layout));
        form.reset(profileToForm(saved));
        // The profile gate reads the session's user: reload it so a completed profile opens the portal.
        await refreshUser().catch(() => null);
        if (saved.missing_fields.length === 0) {
          showToast('success', t('savedComplete'));
        } else {
          showToast('warning', t('savedIncomplete'));
          markMissing(saved.missing_fields);
          focusFirstInvalid(formRef.current);
        }
      } catch (error) {
        if (applyServerFieldErrors(error, form.setError, PROFILE_FORM_FIELDS) > 0) focusFirstInvalid(formRef.current);
        else setFormError(apiErrorText(error));
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  const selectControl = (
    name: 'county_id' | 'locality_id' | 'village_id' | 'country_id',
    options: {
      load: Parameters<typeof SelectField>[0]['loadOptions'];
      knownLabel: string | null;
      knownId: number | null;
      disabled?: boolean;
      description?: string;
      reloadKey?: unknown;
      onPicked?: (id: number | null) => void;
    },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div id={fieldId(name)} data-testid={fieldId(name)}>
          <SelectField
            label={t(`fields.${name}`)}
            required={req(name)}
            value={field.value === null ? null : String(field.value)}
            valueLabel={field.value !== null && field.value === options.knownId ? (options.knownLabel ?? undefined) : undefined}
            onChange={(value) => {
              const id = value === null ? null : Number(value);
              field.onChange(id);
              field.onBlur();
              options.onPicked?.(id);
            }}
            loadOptions={options.load}
            disabled={options.disabled}
            description={options.description}
            reloadKey={options.reloadKey}
            error={fieldState.error?.message}
          />
        </div>
      )}
    />
  );

  const rememberVillages = (rows: Locality[]) => {
    for (const row of rows) villagePostalCodes.current.set(row.id, row.postal_code);
  };

  const romanianAddress = (
    <>
      {selectControl('county_id', {
        load: loadCountyOptions,
        knownId: profile.county_id,
        knownLabel: profile.county_name,
        onPicked: () => {
          setValue('locality_id', null);
          setValue('village_id', null);
        },
      })}
      {selectControl('locality_id', {
        load: countyId === null ? async () => ({ options: [], hasMore: false }) : loadUatOptions(countyId),
        knownId: profile.locality_id,
        knownLabel: profile.locality_name,
        disabled: countyId === null,
        description: countyId === null ? t('hints.localityFirst') : undefined,
        reloadKey: countyId,
        onPicked: () => setValue('village_id', null),
      })}
      {selectControl('village_id', {
        load:
          localityId === null ? async () => ({ options: [], hasMore: false }) : loadVillageOptions(localityId, rememberVillages),
        knownId: profile.village_id,
        knownLabel: profile.village_name,
        disabled: localityId === null,
        description: localityId === null ? t('hints.villageFirst') : undefined,
        reloadKey: localityId,
        onPicked: (id) => {
          // A village has its own postal code: offer it when the field is still empty.
          const code = id === null ? null : villagePostalCodes.current.get(id);
          if (code && !getValues('postal_code')) setValue('postal_code', code, { shouldValidate: true });
        },
      })}
      <TextControl name="street" control={control} required={req('street')} />
      <TextControl name="street_number" control={control} required={req('street_number')} maxLength={20} />
      <TextControl name="postal_code" control={control} required={req('postal_code')} mode="digits" maxLength={6} />
      <TextControl name="sector" control={control} required={false} maxLength={20} />
      <TextControl name="block" control={control} required={false} maxLength={20} />
      <TextControl name="staircase" control={control} required={false} maxLength={20} />
      <TextControl name="floor" control={control} required={false} maxLength={20} />
      <TextControl name="apartment" control={control} required={false} maxLength={20} />
    </>
  );

  const dateControl = (name: 'id_card_issue_date' | 'id_card_expiry_date') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          id={fieldId(name)}
          label={t(`fields.${name}`)}
          required={req(name)}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            field.onBlur();
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          maxDate={name === 'id_card_issue_date' ? todayInRomania() : undefined}
          error={fieldState.error?.message}
          data-testid={fieldId(name)}
        />
      )}
    />
  );

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('formLabel')}
      data-testid="profile-form"
      style={READABLE_PLACEHOLDER}
    >
      <Stack gap="lg">
        {formError ? (
          <Text role="alert" c="red.9" fw={600} data-testid="profile-form-error">
            {formError}
          </Text>
        ) : null}
        <Section id="profile-identity" title={t('sections.identity')}>
          <TextControl
            name="personal_numeric_code"
            control={control}
            required={req('personal_numeric_code')}
            mode="digits"
            maxLength={13}
          />
          {layout.foreigner ? (
            <TextControl
              name="passport_number"
              control={control}
              required={req('passport_number')}
              mode="lettersAndDigits"
              maxLength={20}
              uppercase
            />
          ) : null}
        </Section>
        {layout.foreigner ? null : (
          <Section id="profile-id-card" title={t('sections.idCard')}>
            <TextControl
              name="id_card_series"
              control={control}
              required={req('id_card_series')}
              mode="letters"
              maxLength={2}
              description={t('hints.series')}
              uppercase
            />
            <TextControl name="id_card_number" control={control} required={req('id_card_number')} mode="digits" maxLength={9} />
            <TextControl name="id_card_issuer" control={control} required={req('id_card_issuer')} />
            {dateControl('id_card_issue_date')}
            {dateControl('id_card_expiry_date')}
          </Section>
        )}
        {layout.foreigner ? (
          <Section id="profile-foreign-address" title={t('sections.foreignAddress')}>
            {selectControl('country_id', {
              load: loadCountryOptions,
              knownId: profile.country_id,
              knownLabel: profile.country_name,
            })}
            <TextControl name="city" control={control} required={req('city')} />
            <TextControl name="address" control={control} required={req('address')} />
          </Section>
        ) : null}
        <Section id="profile-address" title={layout.foreigner ? t('sections.addressForeigner') : t('sections.address')}>
          {romanianAddress}
        </Section>
        {layout.company ? (
          <Section
            id="profile-company"
            title={t('sections.company')}
            note={
              layout.companyReadOnly ? (
                <Text size="sm" c="gray.7">
                  {t('sections.companyInherited')}
                </Text>
              ) : null
            }
          >
            <TextControl name="company_name" control={control} required={req('company_name')} readOnly={layout.companyReadOnly} />
            <TextControl
              name="company_registration_code"
              control={control}
              required={req('company_registration_code')}
              description={layout.companyReadOnly ? undefined : t('hints.cui')}
              mode="lettersAndDigits"
              maxLength={12}
              readOnly={layout.companyReadOnly}
              uppercase
            />
            <TextControl
              name="trade_registry_number"
              control={control}
              required={req('trade_registry_number')}
              maxLength={50}
              readOnly={layout.companyReadOnly}
            />
          </Section>
        ) : null}
        <Section id="profile-bank" title={t('sections.bank')}>
          <TextControl name="iban" control={control} required={false} description={t('hints.iban')} maxLength={42} uppercase />
          <TextControl name="bank" control={control} required={false} />
          {layout.architectLicence ? (
            <TextControl name="architect_licence" control={control} required={false} maxLength={50} />
          ) : null}
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="profile-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
