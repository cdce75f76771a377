import type { ControlComplaintOption, ControlDetail } from '@ghiseu/domain';
import { ActionIcon, Button, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/inputs/date-input';
import { SelectField, type SelectLoadParams } from '../../../components/inputs/select-field';
import { useJurisdictionUats, useUatLocalities } from '../../../lib/territory';
import { useActiveControlTypes } from '../api/control-types';
import { getComplaintOptions } from '../api/controls';
import { emptyStaffRow, type PreparationValues, type StaffRow } from '../form-model';

export interface PreparationFormProps {
  values: PreparationValues;
  onChange: (values: PreparationValues) => void;
  /** Field problems (`staff.0.name` for an inspector's). */
  errors: Record<string, string>;
  /** Locked or not editable: every field read-only, no add/remove. */
  readOnly: boolean;
  /** The organisation whose jurisdiction gives the UATs. */
  organisationId: number | null;
  /** The saved control (labels of its type, UAT, locality and complaint before the options load). */
  control: ControlDetail | null;
  /** The complaint chosen before the form opened (`?complaint_id=`). */
  complaint?: ControlComplaintOption | null;
}

export const complaintLabel = (option: Pick<ControlComplaintOption, 'entry_code' | 'address'>) =>
  `${option.entry_code} – ${option.address}`;

/**
 * "Pregătirea controlului": type, date, UAT and locality (of the organisation's jurisdiction),
 * address, cadastral number, the complaint it starts from (search among the organisation's
 * complaints; picking one fills an empty place from it) and the control team, one row an inspector.
 */
export function PreparationForm({
  values,
  onChange,
  errors,
  readOnly,
  organisationId,
  control,
  complaint,
}: PreparationFormProps) {
  const { t } = useTranslation('controls');
  const types = useActiveControlTypes(!readOnly);
  const uats = useJurisdictionUats(organisationId);
  const localities = useUatLocalities(values.uat_id ? Number(values.uat_id) : null);

  const set = <K extends keyof PreparationValues>(key: K, value: PreparationValues[K]) => onChange({ ...values, [key]: value });

  const typeOptions = useMemo(() => {
    const options = (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }));
    if (control && !options.some((o) => o.value === String(control.control_type.id)))
      options.push({ value: String(control.control_type.id), label: control.control_type.name });
    return options;
  }, [types.data, control]);
  const uatOptions = useMemo(() => {
    const options = (uats.data ?? []).map((uat) => ({ value: String(uat.id), label: uat.name }));
    const known = control?.uat ?? complaint?.uat;
    if (known && !options.some((o) => o.value === String(known.id))) options.push({ value: String(known.id), label: known.name });
    return options;
  }, [uats.data, control, complaint]);
  const localityOptions = useMemo(() => {
    const options = (localities.data ?? []).map((l) => ({ value: String(l.id), label: l.name }));
    const known = control?.locality ?? complaint?.locality;
    if (known && !options.some((o) => o.value === String(known.id))) options.push({ value: String(known.id), label: known.name });
    return options;
  }, [localities.data, control, complaint]);

  const complaintValueLabel = control?.complaint
    ? control.complaint.entry_code
    : complaint
      ? complaintLabel(complaint)
      : undefined;

  const loadComplaints = async ({ search }: SelectLoadParams) => {
    const options = await getComplaintOptions({ search });
    return {
      options: options.map((option) => ({ value: String(option.id), label: complaintLabel(option), option })),
      hasMore: false,
    };
  };

  const onComplaint = (value: string | null, picked: (ControlComplaintOption & object) | null) => {
    // An empty place is taken from the complaint; a place already written stays.
    const next = { ...values, complaint_id: value };
    if (picked && !values.uat_id) {
      next.uat_id = String(picked.uat.id);
      next.locality_id = picked.locality ? String(picked.locality.id) : null;
    }
    if (picked && !values.address.trim()) next.address = picked.address;
    onChange(next);
  };

  const setRow = (index: number, patch: Partial<StaffRow>) =>
    set(
      'staff',
      values.staff.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const removeRow = (index: number) =>
    set(
      'staff',
      values.staff.filter((_, i) => i !== index),
    );

  return (
    <Stack gap="lg" data-testid="preparation-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('fields.type')}
          required
          allowDeselect={false}
          searchable
          data={typeOptions}
          value={values.control_type_id}
          onChange={(v) => set('control_type_id', v)}
          error={errors.control_type_id ?? (types.isError ? t('optionsFailed') : undefined)}
          nothingFoundMessage={t('nothingFound')}
          disabled={readOnly}
          data-testid="control-type-select"
        />
        <DateInput
          label={t('fields.date')}
          required
          value={values.control_date}
          onChange={(v) => set('control_date', v)}
          error={errors.control_date}
          disabled={readOnly}
          clearable={!readOnly}
          data-testid="control-date"
        />
        <Select
          label={t('fields.uat')}
          required
          allowDeselect={false}
          searchable
          data={uatOptions}
          value={values.uat_id}
          onChange={(v) => onChange({ ...values, uat_id: v, locality_id: v === values.uat_id ? values.locality_id : null })}
          error={errors.uat_id ?? (uats.isError ? t('optionsFailed') : undefined)}
          nothingFoundMessage={t('nothingFound')}
          disabled={readOnly}
          data-testid="control-uat"
        />
        <Select
          label={t('fields.locality')}
          searchable
          clearable={!readOnly}
          clearButtonProps={{ 'aria-label': t('actions.clearLocality') }}
          data={localityOptions}
          value={values.locality_id}
          onChange={(v) => set('locality_id', v)}
          error={errors.locality_id ?? (localities.isError ? t('optionsFailed') : undefined)}
          nothingFoundMessage={values.uat_id ? t('nothingFound') : t('chooseUatFirst')}
          disabled={readOnly}
          data-testid="control-locality"
        />
        <TextInput
          label={t('fields.address')}
          required
          maxLength={500}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errors.address}
          disabled={readOnly}
          data-testid="control-address"
        />
        <TextInput
          label={t('fields.cadastral')}
          maxLength={100}
          value={values.cadastral_number}
          onChange={(e) => set('cadastral_number', e.currentTarget.value)}
          error={errors.cadastral_number}
          disabled={readOnly}
          data-testid="control-cadastral"
        />
        <SelectField
          label={t('fields.complaint')}
          value={values.complaint_id}
          valueLabel={complaintValueLabel}
          onChange={(value, option) => onComplaint(value, (option as { option?: ControlComplaintOption } | null)?.option ?? null)}
          loadOptions={loadComplaints}
          // No placeholder: Mantine's placeholder grey is below 4.5:1 (axe); the description says it instead.
          placeholder=""
          description={t('complaintHelp')}
          error={errors.complaint_id}
          disabled={readOnly}
          clearable={!readOnly}
        />
      </SimpleGrid>

      <Fieldset legend={t('staff.title')} data-testid="control-staff" disabled={readOnly}>
        <Stack gap="md">
          {errors.staff ? (
            <Text size="sm" c="red.8" role="alert">
              {errors.staff}
            </Text>
          ) : null}
          {values.staff.map((row, index) => (
            <Paper key={row.key} withBorder radius="md" p="sm" data-testid={`staff-row-${index}`}>
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  {t('staff.rowTitle', { number: index + 1 })}
                </Text>
                {readOnly ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('staff.remove', { number: index + 1 })}
                    onClick={() => removeRow(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                <TextInput
                  label={t('staff.name')}
                  required
                  value={row.name}
                  onChange={(e) => setRow(index, { name: e.currentTarget.value })}
                  error={errors[`staff.${index}.name`]}
                  disabled={readOnly}
                  data-testid={`staff-name-${index}`}
                />
                <TextInput
                  label={t('staff.function')}
                  required
                  value={row.function}
                  onChange={(e) => setRow(index, { function: e.currentTarget.value })}
                  error={errors[`staff.${index}.function`]}
                  disabled={readOnly}
                  data-testid={`staff-function-${index}`}
                />
                <TextInput
                  label={t('staff.controlBody')}
                  required
                  value={row.control_body}
                  onChange={(e) => setRow(index, { control_body: e.currentTarget.value })}
                  error={errors[`staff.${index}.control_body`]}
                  disabled={readOnly}
                  data-testid={`staff-body-${index}`}
                />
                <TextInput
                  label={t('staff.idNumber')}
                  required
                  value={row.id_number}
                  onChange={(e) => setRow(index, { id_number: e.currentTarget.value })}
                  error={errors[`staff.${index}.id_number`]}
                  disabled={readOnly}
                  data-testid={`staff-id-${index}`}
                />
                <DateInput
                  label={t('staff.idExpiry')}
                  value={row.id_expiry}
                  onChange={(v) => setRow(index, { id_expiry: v })}
                  error={errors[`staff.${index}.id_expiry`]}
                  disabled={readOnly}
                  clearable={!readOnly}
                />
                <TextInput
                  label={t('staff.idIssuer')}
                  value={row.id_issuer}
                  onChange={(e) => setRow(index, { id_issuer: e.currentTarget.value })}
                  error={errors[`staff.${index}.id_issuer`]}
                  disabled={readOnly}
                />
              </SimpleGrid>
            </Paper>
          ))}
          {readOnly ? null : (
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => set('staff', [...values.staff, emptyStaffRow()])}
                data-testid="staff-add"
              >
                {t('staff.add')}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
