import {
  APPLICATION_TYPE_CATEGORIES,
  APPLICATION_TYPE_CATEGORY_LABELS,
  type ApplicationTypeRecord,
  DOMAIN_LABELS,
  DOMAINS,
  type Domain,
  RESPONSE_PERIOD_BOUNDS,
  SERIES_TYPE_USE_LABELS,
  SERIES_TYPE_USES,
  type ApplicationTypeCategory,
} from '@ghiseu/domain';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../components/inputs/autocomplete-field';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Toggle } from '../../../components/toggle/toggle';
import { ApiError } from '../../../lib/api-client';
import { useJurisdictionUats } from '../../../lib/territory';
import {
  useApplicationTypeOptions,
  useCreateApplicationType,
  useDepartmentOptions,
  useFormOptions,
  useFunctionOptions,
  useOrganisationOptions,
  usePatchApplicationType,
  useSeriesTypeOptions,
} from '../api/application-types';
import { typeErrorText } from '../errors';
import { SealField } from './seal-field';
import { errorCodeOf } from '../../../lib/api-errors';
import {
  type ApplicationTypeValues,
  applicationTypeCreateBody,
  applicationTypePatch,
  applicationTypeValues,
  errorAt,
  type FieldErrors,
  serverFieldErrors,
  validateApplicationType,
  withAuto,
  withOrganisation,
} from '../form-model';

export interface ApplicationTypeModalProps {
  opened: boolean;
  onClose: () => void;
  /** The type being edited; null to add one. */
  record: ApplicationTypeRecord | null;
  /** The super administrator chooses the organisation. */
  superAdmin: boolean;
  /** The organisation proposed for a new type (the user's own). */
  defaultOrganisationId: number | null;
}

/** Input id of a field path, to focus the first field with an error. */
function inputIdOf(path: string): string {
  const [field, second, third] = path.split('.');
  if (field === 'series_type_ids') return `at-series-${second ?? 'incoming'}`;
  if (field === 'discounts') return `at-discount-${third === 'percent' ? 'percent' : 'name'}-${second ?? 0}`;
  return `at-${field.replace(/_id(s)?$/, '').replace(/_/g, '-')}`;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="sm" component="section" aria-label={title} data-testid={testId}>
      <Divider />
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const idsText = (ids: Record<string, number | null> | undefined) =>
  Object.entries(ids ?? {})
    .filter(([, id]) => id !== null)
    .map(([key, id]) => `${key}: ${id}`)
    .join(', ');

/**
 * Create or edit an application type: every field of spec §3 in sections. Field problems
 * (the form's own, VALIDATION_ERROR `data.fields[].path`, APPLICATION_TYPE_EXISTS) appear under
 * their inputs.
 */
export function ApplicationTypeModal({ opened, onClose, record, superAdmin, defaultOrganisationId }: ApplicationTypeModalProps) {
  const { t } = useTranslation('application-types');
  const create = useCreateApplicationType();
  const patch = usePatchApplicationType();
  const initial = () => applicationTypeValues(record, { organisationId: defaultOrganisationId });
  const [values, setValues] = useState<ApplicationTypeValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const organisationId = values.organisation_id ? Number(values.organisation_id) : null;
  const forms = useFormOptions(opened);
  const organisations = useOrganisationOptions(opened && superAdmin);
  const uats = useJurisdictionUats(opened ? organisationId : null);
  const departments = useDepartmentOptions(opened ? organisationId : null);
  const functions = useFunctionOptions(opened ? organisationId : null);
  const seriesTypes = useSeriesTypeOptions(opened);
  const otherTypes = useApplicationTypeOptions(opened);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another type opens.
  useEffect(() => {
    if (opened) {
      setValues(initial());
      setErrors({});
      setFormError(null);
    }
  }, [opened, record?.id]);

  const update = (next: ApplicationTypeValues, ...cleared: string[]) => {
    setValues(next);
    if (cleared.length > 0)
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.some((c) => key === c || key.startsWith(`${c}.`)))),
      );
  };
  const set = <K extends keyof ApplicationTypeValues>(key: K, value: ApplicationTypeValues[K]) =>
    update({ ...values, [key]: value }, key);

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
  const typeOptions = useMemo(
    () =>
      (otherTypes.data ?? [])
        .filter((type) => type.id !== record?.id)
        .map((type) => ({ value: String(type.id), label: type.name })),
    [otherTypes.data, record?.id],
  );
  const options = <T extends { id: number; name: string }>(rows: readonly T[] | undefined) =>
    (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  const loadingOr = (query: { isPending: boolean; isError: boolean; fetchStatus?: string }) =>
    query.isPending && query.fetchStatus !== 'idle' ? t('loading') : undefined;
  const failed = (query: { isError: boolean }) => (query.isError ? t('optionsFailed') : undefined);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problems = validateApplicationType(values, { requireOrganisation: superAdmin && !record });
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(inputIdOf(first))?.focus();
      return;
    }
    try {
      if (record) {
        const body = applicationTypePatch(record, values);
        if (Object.keys(body).length === 0) {
          showToast('info', t('unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: record.id, patch: body });
      } else {
        await create.mutateAsync(applicationTypeCreateBody(values));
      }
      showToast('success', t(record ? 'saved' : 'created', { name: values.name.trim() }));
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === 'APPLICATION_TYPE_EXISTS') {
        setErrors({ name: typeErrorText(error) });
        document.getElementById('at-name')?.focus();
        return;
      }
      const fields = error instanceof ApiError && error.code === 'VALIDATION_ERROR' ? serverFieldErrors(error.data?.fields) : {};
      const firstField = Object.keys(fields)[0];
      if (firstField) {
        setErrors(fields);
        setFormError(t('checkFields'));
        document.getElementById(inputIdOf(firstField))?.focus();
        return;
      }
      setFormError(typeErrorText(error));
    }
  };

  const err = (path: string) => errorAt(errors, path);
  const title = record ? t('editTitle') : t('createTitle');
  const organisationChosen = organisationId !== null;

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="70rem" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <form onSubmit={onSubmit} noValidate aria-label={title} data-testid="application-type-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}

          <Section title={t('sections.general')} testId="at-section-general">
            <TextInput
              id="at-name"
              label={t('fields.name')}
              required
              maxLength={255}
              data-autofocus
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={err('name')}
              data-testid="at-name"
            />
            <Textarea
              id="at-description"
              label={t('fields.description')}
              autosize
              minRows={2}
              maxLength={4000}
              value={values.description}
              onChange={(event) => set('description', event.currentTarget.value)}
              error={err('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {superAdmin ? (
                <Select
                  id="at-organisation"
                  label={t('fields.organisation')}
                  required
                  data={options(organisations.data)}
                  value={values.organisation_id}
                  onChange={(value) =>
                    value &&
                    update(withOrganisation(values, value), 'organisation_id', 'uat_ids', 'department_ids', 'function_ids')
                  }
                  allowDeselect={false}
                  searchable
                  filter={foldedOptionsFilter}
                  nothingFoundMessage={t('nothingFound')}
                  placeholder={loadingOr(organisations)}
                  error={err('organisation_id') ?? failed(organisations)}
                  data-testid="at-organisation"
                />
              ) : null}
              <Select
                id="at-domain"
                label={t('fields.domain')}
                required
                data={DOMAINS.map((value) => ({ value, label: DOMAIN_LABELS[value] }))}
                value={values.domain}
                onChange={(value) => value && set('domain', value as Domain)}
                allowDeselect={false}
                error={err('domain')}
              />
              <Select
                id="at-category"
                label={t('fields.category')}
                required
                data={APPLICATION_TYPE_CATEGORIES.map((value) => ({ value, label: APPLICATION_TYPE_CATEGORY_LABELS[value] }))}
                value={values.category}
                onChange={(value) => value && set('category', value as ApplicationTypeCategory)}
                allowDeselect={false}
                error={err('category')}
              />
              <Select
                id="at-status"
                label={t('fields.status')}
                required
                data={[
                  { value: 'active', label: t('statuses.active') },
                  { value: 'inactive', label: t('statuses.inactive') },
                ]}
                value={values.status}
                onChange={(value) => value && set('status', value as 'active' | 'inactive')}
                allowDeselect={false}
              />
              <NumberInput
                id="at-remaining-period"
                label={t('fields.period')}
                description={t('hints.period')}
                required
                min={RESPONSE_PERIOD_BOUNDS.min}
                max={RESPONSE_PERIOD_BOUNDS.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={values.remaining_period}
                onChange={(value) =>
                  set('remaining_period', typeof value === 'number' ? value : value === '' ? '' : Number(value))
                }
                error={err('remaining_period')}
                data-testid="at-period"
              />
              <NumberInput
                id="at-list-order"
                label={t('fields.listOrder')}
                description={t('hints.listOrder')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={values.list_order}
                onChange={(value) => set('list_order', typeof value === 'number' ? value : value === '' ? '' : Number(value))}
                error={err('list_order')}
              />
            </SimpleGrid>
          </Section>

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
                <Select
                  key={field}
                  id={id}
                  label={label}
                  data={formOptions}
                  value={values[field]}
                  onChange={(value) => set(field, value)}
                  searchable
                  clearable
                  filter={foldedOptionsFilter}
                  nothingFoundMessage={t('nothingFound')}
                  placeholder={loadingOr(forms)}
                  error={err(field) ?? failed(forms)}
                  data-testid={id}
                />
              ))}
            </SimpleGrid>
          </Section>

          <Section title={t('sections.series')} testId="at-section-series">
            <Text size="sm" c="gray.7">
              {t('hints.series')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {SERIES_TYPE_USES.map((use) => (
                <Select
                  key={use}
                  id={`at-series-${use}`}
                  label={SERIES_TYPE_USE_LABELS[use]}
                  description={use === 'incoming' ? t('hints.incoming') : undefined}
                  data={options(seriesTypes.data)}
                  value={values.series_type_ids[use]}
                  onChange={(value) =>
                    update({ ...values, series_type_ids: { ...values.series_type_ids, [use]: value } }, `series_type_ids.${use}`)
                  }
                  clearable
                  placeholder={loadingOr(seriesTypes)}
                  error={err(`series_type_ids.${use}`) ?? failed(seriesTypes)}
                  data-testid={`at-series-${use}`}
                />
              ))}
            </SimpleGrid>
          </Section>

          <Section title={t('sections.territory')} testId="at-section-territory">
            <MultiSelect
              id="at-uat"
              label={t('fields.uats')}
              description={organisationChosen ? t('hints.uats') : t('hints.chooseOrganisation')}
              data={options(uats.data)}
              value={values.uat_ids}
              onChange={(value) => set('uat_ids', value)}
              searchable
              clearable
              disabled={!organisationChosen}
              filter={foldedOptionsFilter}
              nothingFoundMessage={t('nothingFound')}
              placeholder={loadingOr(uats)}
              error={err('uat_ids') ?? failed(uats)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MultiSelect
                id="at-department"
                label={t('fields.departments')}
                data={options(departments.data)}
                value={values.department_ids}
                onChange={(value) => set('department_ids', value)}
                searchable
                clearable
                disabled={!organisationChosen}
                filter={foldedOptionsFilter}
                nothingFoundMessage={t('nothingFound')}
                placeholder={loadingOr(departments)}
                error={err('department_ids') ?? failed(departments)}
              />
              <MultiSelect
                id="at-function"
                label={t('fields.functions')}
                data={options(functions.data)}
                value={values.function_ids}
                onChange={(value) => set('function_ids', value)}
                searchable
                clearable
                disabled={!organisationChosen}
                filter={foldedOptionsFilter}
                nothingFoundMessage={t('nothingFound')}
                placeholder={loadingOr(functions)}
                error={err('function_ids') ?? failed(functions)}
              />
            </SimpleGrid>
          </Section>

          <Section title={t('sections.references')} testId="at-section-references">
            <Toggle
              id="at-is-auto"
              label={t('fields.isAuto')}
              description={t('hints.isAuto')}
              checked={values.is_auto}
              onChange={(checked) => update(withAuto(values, checked), 'is_auto', 'reference_type_ids')}
              data-testid="at-is-auto"
            />
            <MultiSelect
              id="at-reference-type"
              label={t('fields.referenceTypes')}
              data={typeOptions}
              value={values.reference_type_ids}
              onChange={(value) => set('reference_type_ids', value)}
              searchable
              clearable
              disabled={values.is_auto}
              filter={foldedOptionsFilter}
              nothingFoundMessage={t('nothingFound')}
              placeholder={loadingOr(otherTypes)}
              error={err('reference_type_ids') ?? failed(otherTypes)}
              data-testid="at-reference-types"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                id="at-related-clarification-type"
                label={t('fields.clarificationType')}
                data={typeOptions}
                value={values.related_clarification_type_id}
                onChange={(value) => set('related_clarification_type_id', value)}
                searchable
                clearable
                filter={foldedOptionsFilter}
                nothingFoundMessage={t('nothingFound')}
                error={err('related_clarification_type_id')}
              />
              <Select
                id="at-related-internal-type"
                label={t('fields.internalType')}
                data={typeOptions}
                value={values.related_internal_type_id}
                onChange={(value) => set('related_internal_type_id', value)}
                searchable
                clearable
                filter={foldedOptionsFilter}
                nothingFoundMessage={t('nothingFound')}
                error={err('related_internal_type_id')}
              />
            </SimpleGrid>
          </Section>

          <Section title={t('sections.discounts')} testId="at-section-discounts">
            {values.discounts.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t('hints.noDiscounts')}
              </Text>
            ) : null}
            {values.discounts.map((discount, index) => {
              const n = index + 1;
              const setDiscount = (next: Partial<typeof discount>) =>
                update(
                  { ...values, discounts: values.discounts.map((d, i) => (i === index ? { ...d, ...next } : d)) },
                  `discounts.${index}`,
                );
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; removal re-renders the list.
                <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
                  <TextInput
                    id={`at-discount-name-${index}`}
                    label={t('fields.discountName', { index: n })}
                    required
                    maxLength={255}
                    style={{ flex: 1 }}
                    value={discount.name}
                    onChange={(event) => setDiscount({ name: event.currentTarget.value })}
                    error={err(`discounts.${index}.name`)}
                  />
                  <NumberInput
                    id={`at-discount-percent-${index}`}
                    label={t('fields.discountPercent', { index: n })}
                    required
                    w={200}
                    min={0}
                    max={100}
                    decimalScale={2}
                    decimalSeparator=","
                    allowNegative={false}
                    clampBehavior="none"
                    value={discount.percent}
                    onChange={(value) =>
                      setDiscount({ percent: typeof value === 'number' ? value : value === '' ? '' : Number(value) })
                    }
                    error={err(`discounts.${index}.percent`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    mt={28}
                    aria-label={t('discounts.remove', { index: n })}
                    onClick={() => update({ ...values, discounts: values.discounts.filter((_, i) => i !== index) }, 'discounts')}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              );
            })}
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => update({ ...values, discounts: [...values.discounts, { name: '', percent: '' }] })}
                disabled={values.discounts.length >= 50}
                data-testid="at-discount-add"
              >
                {t('discounts.add')}
              </Button>
            </Group>
          </Section>

          <Section title={t('sections.other')} testId="at-section-other">
            <Group gap="xl">
              <Toggle
                id="at-dynamic-form"
                label={t('fields.dynamicForm')}
                checked={values.dynamic_form}
                onChange={(checked) => set('dynamic_form', checked)}
              />
              <Toggle
                id="at-digital-seal"
                label={t('fields.digitalSeal')}
                checked={values.digital_seal}
                onChange={(checked) => set('digital_seal', checked)}
              />
            </Group>
            {values.digital_seal ? (
              <SealField
                value={values.custom_seal_file_id}
                onChange={(fileId) => set('custom_seal_file_id', fileId)}
                error={err('custom_seal_file_id')}
              />
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                id="at-archive-document-type-code"
                label={t('fields.archiveCode')}
                maxLength={100}
                value={values.archive_document_type_code}
                onChange={(event) => set('archive_document_type_code', event.currentTarget.value)}
                error={err('archive_document_type_code')}
              />
              <TagsInput
                id="at-usage-categories"
                label={t('fields.usageCategories')}
                description={t('hints.usageCategories')}
                value={values.usage_categories}
                onChange={(value) => set('usage_categories', value)}
                maxTags={50}
                clearable
                error={err('usage_categories')}
              />
            </SimpleGrid>
          </Section>

          <Section title={t('sections.later')} testId="at-section-later">
            <Notice tone="info">{t('later.notice')}</Notice>
            {record ? (
              <Stack gap={4}>
                <Text size="sm">
                  {t('later.templates')}: {idsText(record.document_template_ids) || t('later.none')}
                </Text>
                <Text size="sm">
                  {t('later.workflow')}: {record.workflow_id ?? t('later.none')}
                </Text>
                <Text size="sm">
                  {t('later.taxes')}: {idsText(record.tax_category_ids) || t('later.none')}
                </Text>
              </Stack>
            ) : null}
          </Section>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || patch.isPending} data-testid="at-submit">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
