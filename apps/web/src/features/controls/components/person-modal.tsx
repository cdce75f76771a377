import {
  CITIZENSHIPS,
  CONTROL_CITIZENSHIP_LABELS,
  CONTROL_PERSON_ROLE_LABELS,
  CONTROL_PERSON_ROLES,
  CONTROL_PERSON_TYPE_LABELS,
  CONTROL_PERSON_TYPES,
  type Citizenship,
  type ControlDetail,
  type ControlPerson,
  type ControlPersonRole,
  type ControlPersonType,
} from '@ghiseu/domain';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { DateInput } from '../../../components/inputs/date-input';
import { Notice } from '../../../components/page/notice';
import { errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import { useAddPerson, usePatchPerson } from '../api/controls';
import { controlErrorText } from '../errors';
import { type PersonValues, personBody, personErrors, personName, personValues } from '../form-model';

export interface PersonModalProps {
  opened: boolean;
  onClose: () => void;
  control: ControlDetail;
  /** The person being edited; null to add one. */
  person: ControlPerson | null;
  /** The role proposed for a new person. */
  role: ControlPersonRole;
}

/**
 * Add or edit an offender or witness: role, person type, citizenship, the identity (a Romanian
 * citizen's CNP and ID card, a foreigner's passport), address and contact. The same CNP or
 * passport twice on a control is refused (DUPLICATE_CONTROL_PERSON), shown on that field.
 */
export function PersonModal({ opened, onClose, control, person, role }: PersonModalProps) {
  const { t } = useTranslation('controls');
  const add = useAddPerson(control.id);
  const patch = usePatchPerson(control.id);
  const [values, setValues] = useState<PersonValues>(() => personValues(person, role));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another person opens.
  useEffect(() => {
    if (opened) {
      setValues(personValues(person, role));
      setErrors({});
      setFormError(null);
    }
  }, [opened, person?.id, role]);

  const set = <K extends keyof PersonValues>(key: K, value: PersonValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const legal = values.person_type === 'legal';
  const romanian = values.citizenship === 'romanian';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = personErrors(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const body = personBody(values, control.version);
    try {
      if (person) await patch.mutateAsync({ personId: person.id, body });
      else await add.mutateAsync(body);
      showToast('success', t(person ? 'persons.saved' : 'persons.added', { name: personName(body as ControlPerson) }));
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === 'DUPLICATE_CONTROL_PERSON') {
        const field = values.personal_numeric_code.trim() ? 'personal_numeric_code' : 'passport_number';
        setErrors({ [field]: controlErrorText(error) });
        return;
      }
      const fields = validationFieldErrors(error);
      const known = Object.keys(fields).filter((f) => f in values);
      if (known.length > 0) {
        setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
        return;
      }
      setFormError(controlErrorText(error));
    }
  };

  const title = person ? t('persons.editTitle') : t('persons.createTitle');
  const err = (field: keyof PersonValues) => errors[field] || undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} data-testid="person-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Radio.Group
              label={t('persons.fields.role')}
              value={values.role}
              onChange={(v) => set('role', v as ControlPersonRole)}
            >
              <Stack gap={6} mt={6}>
                {CONTROL_PERSON_ROLES.map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    label={CONTROL_PERSON_ROLE_LABELS[value]}
                    data-testid={`person-role-${value}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Radio.Group
              label={t('persons.fields.personType')}
              value={values.person_type}
              onChange={(v) => set('person_type', v as ControlPersonType)}
            >
              <Stack gap={6} mt={6}>
                {CONTROL_PERSON_TYPES.map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    label={CONTROL_PERSON_TYPE_LABELS[value]}
                    data-testid={`person-type-${value}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Radio.Group
              label={t('persons.fields.citizenship')}
              value={values.citizenship}
              onChange={(v) => set('citizenship', v as Citizenship)}
            >
              <Stack gap={6} mt={6}>
                {CITIZENSHIPS.map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    label={CONTROL_CITIZENSHIP_LABELS[value]}
                    data-testid={`person-citizenship-${value}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </SimpleGrid>

          {legal ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('persons.fields.companyName')}
                required
                maxLength={255}
                value={values.company_name}
                onChange={(e) => set('company_name', e.currentTarget.value)}
                error={err('company_name')}
                data-testid="person-company"
              />
              <TextInput
                label={t('persons.fields.cui')}
                maxLength={20}
                value={values.unique_registration_code}
                onChange={(e) => set('unique_registration_code', e.currentTarget.value)}
                error={err('unique_registration_code')}
                data-testid="person-cui"
              />
            </SimpleGrid>
          ) : null}
          {legal ? (
            <Text size="sm" fw={600}>
              {t('persons.representative')}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('persons.fields.lastName')}
              required={!legal}
              maxLength={100}
              value={values.last_name}
              onChange={(e) => set('last_name', e.currentTarget.value)}
              error={err('last_name')}
              data-testid="person-last-name"
            />
            <TextInput
              label={t('persons.fields.firstName')}
              required={!legal}
              maxLength={100}
              value={values.first_name}
              onChange={(e) => set('first_name', e.currentTarget.value)}
              error={err('first_name')}
              data-testid="person-first-name"
            />
            <TextInput
              label={t('persons.fields.cnp')}
              required={romanian && !legal}
              inputMode="numeric"
              maxLength={13}
              value={values.personal_numeric_code}
              onChange={(e) => set('personal_numeric_code', e.currentTarget.value.replace(/\D/g, ''))}
              error={err('personal_numeric_code')}
              data-testid="person-cnp"
            />
            {romanian ? null : (
              <TextInput
                label={t('persons.fields.passport')}
                required={!legal && !values.personal_numeric_code.trim()}
                maxLength={30}
                value={values.passport_number}
                onChange={(e) => set('passport_number', e.currentTarget.value)}
                error={err('passport_number')}
                data-testid="person-passport"
              />
            )}
          </SimpleGrid>

          {romanian ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('persons.fields.idSeries')}
                maxLength={10}
                value={values.id_card_series}
                onChange={(e) => set('id_card_series', e.currentTarget.value.toUpperCase())}
                error={err('id_card_series')}
                data-testid="person-id-series"
              />
              <TextInput
                label={t('persons.fields.idNumber')}
                maxLength={20}
                value={values.id_card_number}
                onChange={(e) => set('id_card_number', e.currentTarget.value)}
                error={err('id_card_number')}
                data-testid="person-id-number"
              />
              <TextInput
                label={t('persons.fields.idIssuedBy')}
                maxLength={255}
                value={values.id_card_issued_by}
                onChange={(e) => set('id_card_issued_by', e.currentTarget.value)}
                error={err('id_card_issued_by')}
              />
              <DateInput
                label={t('persons.fields.idIssuedAt')}
                value={values.id_card_issued_at}
                onChange={(v) => set('id_card_issued_at', v)}
                error={err('id_card_issued_at')}
              />
            </SimpleGrid>
          ) : null}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('persons.fields.address')}
              maxLength={500}
              value={values.address}
              onChange={(e) => set('address', e.currentTarget.value)}
              error={err('address')}
              data-testid="person-address"
            />
            <TextInput
              label={t('persons.fields.phone')}
              type="tel"
              maxLength={30}
              value={values.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
              error={err('phone')}
            />
            <TextInput
              label={t('persons.fields.email')}
              type="email"
              maxLength={255}
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={err('email')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || patch.isPending} data-testid="person-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
