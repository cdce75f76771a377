import { PRICE_MODELS, type Tax, TAX_BASES, TAX_MOMENTS, TAX_RULE_MESSAGES } from '@ghiseu/domain';
import { ActionIcon, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { DateInput } from '../../../components/inputs/date-input';
import { Notice } from '../../../components/page/notice';
import { Toggle } from '../../../components/toggle/toggle';
import { validationIssues } from '../../../lib/api-errors';
import { useCreateTax, usePatchTax, useTaxCategoryOptions } from '../api/taxes';
import { taxErrorText } from '../errors';
import {
  emptyRange,
  priceIssues,
  type RangeValues,
  requiredIssues,
  type TaxValues,
  taxBody,
  taxPatch,
  taxValues,
  usesPercentage,
  usesRanges,
} from '../tax-form-model';

export interface TaxModalProps {
  opened: boolean;
  onClose: () => void;
  tax: Tax | null;
  /** The institution whose taxes these are (sent by the super administrator). */
  organisationId: number;
  superAdmin: boolean;
}

/**
 * Add or edit a tax (spec §3): name, category, entry into force, the council decision, the price
 * model switching the value fields, and the ranges checked live with `validateTaxRule`.
 */
export function TaxModal({ opened, onClose, tax, organisationId, superAdmin }: TaxModalProps) {
  const { t } = useTranslation('taxes');
  const create = useCreateTax();
  const patch = usePatchTax();
  const categories = useTaxCategoryOptions(opened);
  const [values, setValues] = useState<TaxValues>(() => taxValues(tax));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another tax opens.
  useEffect(() => {
    if (opened) {
      setValues(taxValues(tax));
      setSubmitted(false);
      setServerErrors({});
      setFormError(null);
    }
  }, [opened, tax?.id]);

  const set = <K extends keyof TaxValues>(key: K, value: TaxValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors({});
  };
  const setRange = (index: number, key: keyof RangeValues, value: string) =>
    set(
      'ranges',
      values.ranges.map((range, i) => (i === index ? { ...range, [key]: value } : range)),
    );

  const live = useMemo(() => priceIssues(values), [values]);
  const required = useMemo(() => requiredIssues(values, t('required')), [values, t]);
  const model = values.price_model;
  /** A field's problem: the live rule (shown once typed in or after saving), else the server's. */
  const errorOf = (path: string, typed: boolean) =>
    ((submitted || typed) && (live[path] ?? required[path])) || serverErrors[path];
  const rangeIssues = Object.keys(live).some((path) => path.startsWith('ranges'));

  const categoryOptions = useMemo(() => {
    const options = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
    if (tax && !options.some((o) => o.value === String(tax.category_id))) {
      options.push({ value: String(tax.category_id), label: tax.category_name });
    }
    return options;
  }, [categories.data, tax]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const relevant = Object.keys(live).filter((path) => path !== 'ranges' || usesRanges(model));
    if (relevant.length > 0 || Object.keys(required).length > 0) return;
    const body = taxBody(values);
    try {
      if (tax) {
        const changes = taxPatch(tax, body);
        if (Object.keys(changes).length === 0) {
          showToast('info', t('unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: tax.id, patch: changes });
      } else {
        await create.mutateAsync(superAdmin ? { ...body, organisation_id: organisationId } : body);
      }
      showToast('success', t(tax ? 'taxes.saved' : 'taxes.created', { name: body.name }));
      onClose();
    } catch (error) {
      const issues = validationIssues(error);
      if (issues.length > 0) {
        setServerErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
        return;
      }
      setFormError(taxErrorText(error));
    }
  };

  const title = tax ? t('taxes.editTitle') : t('taxes.createTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} data-testid="tax-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id="tax-name"
              label={t('taxes.fields.name')}
              required
              maxLength={200}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errorOf('name', false)}
            />
            <Select
              id="tax-category"
              label={t('taxes.fields.category')}
              required
              data={categoryOptions}
              value={values.category_id === null ? null : String(values.category_id)}
              onChange={(value) => value && set('category_id', Number(value))}
              allowDeselect={false}
              searchable
              nothingFoundMessage={t('nothingFound')}
              placeholder={categories.isPending ? t('loading') : undefined}
              error={errorOf('category_id', false) ?? (categories.isError ? t('optionsFailed') : undefined)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateInput
              id="tax-entry-into-force"
              label={t('taxes.fields.entryIntoForce')}
              required
              value={values.entry_into_force}
              onChange={(value) => set('entry_into_force', value)}
              error={errorOf('entry_into_force', false)}
            />
            <TextInput
              id="tax-decision-number"
              label={t('taxes.fields.decisionNumber')}
              maxLength={100}
              value={values.decision_number}
              onChange={(e) => set('decision_number', e.currentTarget.value)}
              error={serverErrors.decision_number}
            />
            <DateInput
              id="tax-decision-date"
              label={t('taxes.fields.decisionDate')}
              value={values.decision_date}
              onChange={(value) => set('decision_date', value)}
              error={serverErrors.decision_date}
            />
          </SimpleGrid>
          <Textarea
            id="tax-justification"
            label={t('taxes.fields.justification')}
            autosize
            minRows={2}
            maxLength={2000}
            value={values.justification}
            onChange={(e) => set('justification', e.currentTarget.value)}
            error={serverErrors.justification}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              id="tax-price-model"
              label={t('taxes.fields.priceModel')}
              required
              data={PRICE_MODELS.map((value) => ({ value, label: t(`priceModels.${value}`) }))}
              value={model}
              onChange={(value) => value && set('price_model', value as TaxValues['price_model'])}
              allowDeselect={false}
              data-testid="tax-price-model"
            />
            <Select
              id="tax-moment"
              label={t('taxes.fields.moment')}
              data={TAX_MOMENTS.map((value) => ({ value, label: t(`moments.${value}`) }))}
              value={values.moment}
              onChange={(value) => value && set('moment', value as TaxValues['moment'])}
              allowDeselect={false}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {model !== 'fixed' ? (
              <Select
                id="tax-base"
                label={t('taxes.fields.base')}
                required
                data={TAX_BASES.map((value) => ({ value, label: t(`bases.${value}`) }))}
                value={values.base}
                onChange={(value) => value && set('base', value as TaxValues['base'])}
                allowDeselect={false}
                error={errorOf('base', values.base !== 'none')}
              />
            ) : null}
            <Select
              id="tax-purpose"
              label={t('taxes.fields.purpose')}
              description={t('taxes.hints.purpose')}
              data={[
                { value: 'all', label: t('purposes.all') },
                { value: 'housing', label: t('purposes.housing') },
                { value: 'other', label: t('purposes.other') },
              ]}
              value={values.purpose ?? 'all'}
              onChange={(value) => set('purpose', value === 'housing' || value === 'other' ? value : null)}
              allowDeselect={false}
            />
          </SimpleGrid>
          {model === 'fixed' ? (
            <TextInput
              id="tax-fixed-value"
              label={t('taxes.fields.fixedValue')}
              required
              inputMode="decimal"
              rightSection={<Text size="sm">lei</Text>}
              value={values.fixed_value}
              onChange={(e) => set('fixed_value', e.currentTarget.value)}
              error={errorOf('fixed_value', values.fixed_value !== '')}
              data-testid="tax-fixed-value"
            />
          ) : null}
          {usesPercentage(model) ? (
            <TextInput
              id="tax-percentage-value"
              label={t(model === 'mixed' ? 'taxes.fields.percentageExcess' : 'taxes.fields.percentage')}
              required
              inputMode="decimal"
              rightSection={<Text size="sm">%</Text>}
              value={values.percentage_value}
              onChange={(e) => set('percentage_value', e.currentTarget.value)}
              error={errorOf('percentage_value', values.percentage_value !== '')}
              data-testid="tax-percentage-value"
            />
          ) : null}
          {usesRanges(model) ? (
            <Stack gap="xs" data-testid="tax-ranges">
              <Text fw={600} id="tax-ranges-title">
                {t('taxes.ranges.title')}
              </Text>
              <Text size="sm" c="gray.7">
                {t('taxes.ranges.hint')}
              </Text>
              {rangeIssues ? (
                <Notice tone="error" data-testid="tax-ranges-error">
                  {TAX_RULE_MESSAGES.intervals}
                </Notice>
              ) : null}
              {live.ranges && (submitted || values.ranges.length === 0) ? (
                <Text size="sm" c="red.8" role="alert">
                  {live.ranges}
                </Text>
              ) : null}
              {values.ranges.map((range, index) => {
                const n = index + 1;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
                  <Group key={index} align="flex-start" gap="xs" wrap="nowrap" data-testid={`tax-range-${index}`}>
                    <TextInput
                      label={t('taxes.ranges.start', { n })}
                      inputMode="decimal"
                      value={range.start}
                      onChange={(e) => setRange(index, 'start', e.currentTarget.value)}
                      error={errorOf(`ranges.${index}.start`, true)}
                      style={{ flex: 1 }}
                    />
                    <TextInput
                      label={t('taxes.ranges.end', { n })}
                      description={index === values.ranges.length - 1 ? t('taxes.ranges.openHint') : undefined}
                      inputMode="decimal"
                      value={range.end}
                      onChange={(e) => setRange(index, 'end', e.currentTarget.value)}
                      error={errorOf(`ranges.${index}.end`, true)}
                      style={{ flex: 1 }}
                    />
                    <TextInput
                      label={t('taxes.ranges.value', { n })}
                      inputMode="decimal"
                      rightSection={<Text size="sm">lei</Text>}
                      value={range.value}
                      onChange={(e) => setRange(index, 'value', e.currentTarget.value)}
                      error={errorOf(`ranges.${index}.value`, range.value !== '')}
                      style={{ flex: 1 }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      mt={28}
                      aria-label={t('taxes.ranges.remove', { n })}
                      disabled={values.ranges.length === 1}
                      onClick={() =>
                        set(
                          'ranges',
                          values.ranges.filter((_, i) => i !== index),
                        )
                      }
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                );
              })}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => set('ranges', [...values.ranges, emptyRange(values.ranges.at(-1)?.end ?? '')])}
                >
                  {t('taxes.ranges.add')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          <Toggle id="tax-active" label={t('taxes.fields.active')} checked={values.active} onChange={(v) => set('active', v)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || patch.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
