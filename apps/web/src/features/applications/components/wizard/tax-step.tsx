import {
  type Application,
  type ApplicationTypeTaxRules,
  CONSTRUCTION_PURPOSE_LABELS,
  CONSTRUCTION_PURPOSES,
  CONSTRUCTION_SCOPE_LABELS,
  CONSTRUCTION_SCOPES,
  CONSTRUCTION_TYPE_VALUES,
  CONSTRUCTION_TYPES,
} from '@ghiseu/domain';
import { Alert, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/feedback/error-state';
import { fieldDomId } from '../../../../components/form-renderer/form-values';
import { useApplicationTypeTaxRules } from '../../api/applications';
import { errorText } from '../../errors';
import { TaxSummary } from '../tax-summary';
import { liveTaxSummary, type TaxInputErrors, type TaxInputsState } from './tax-logic';

const NO_DISCOUNT = '';

export interface TaxContext {
  inputs: TaxInputsState;
  discountName: string | null;
  signOnline: boolean;
}

/** The live tax summary of a draft: the type's rules from the server, computed here as the server will. */
export function LiveTaxSummary({
  application,
  context,
}: {
  application: Pick<Application, 'application_type_id' | 'land_area'>;
  context: TaxContext;
}) {
  const { t } = useTranslation('applications');
  const rules = useApplicationTypeTaxRules(application.application_type_id);
  if (rules.isPending) return <Loader size="sm" aria-label={t('wizard.tax.loading')} />;
  if (rules.isError)
    return <ErrorState title={t('wizard.tax.loadError')} message={errorText(rules.error)} onRetry={() => void rules.refetch()} />;
  return (
    <TaxSummary summary={liveTaxSummary(rules.data, { landArea: application.land_area, ...context })} testId="tax-summary" />
  );
}

export interface TaxStepProps {
  application: Pick<Application, 'application_type_id' | 'land_area'>;
  context: TaxContext;
  errors: TaxInputErrors;
  onInputsChange: (inputs: TaxInputsState) => void;
  onDiscountChange: (name: string | null) => void;
}

/** Does the type need the construction fields? (false while its rules load) */
export const needsConstruction = (rules: ApplicationTypeTaxRules | undefined): boolean =>
  rules?.needs_construction_value ?? false;

/**
 * The wizard's taxes step: the tax validator fields when the type's taxes are computed on the
 * construction value (checked as they are typed, with the validator's exact messages), the land
 * area the taxes use (from the real estates), a discount among the type's, and the summary.
 */
export function TaxStep({ application, context, errors, onInputsChange, onDiscountChange }: TaxStepProps) {
  const { t } = useTranslation('applications');
  const rules = useApplicationTypeTaxRules(application.application_type_id);
  if (rules.isPending) return <Loader size="sm" aria-label={t('wizard.tax.loading')} />;
  if (rules.isError)
    return <ErrorState title={t('wizard.tax.loadError')} message={errorText(rules.error)} onRetry={() => void rules.refetch()} />;
  const { inputs } = context;
  const set = (patch: Partial<TaxInputsState>) => onInputsChange({ ...inputs, ...patch });
  const data = rules.data;
  return (
    <Stack gap="md" data-testid="tax-step">
      <Text>{t('wizard.tax.intro')}</Text>
      {data.needs_construction_value ? (
        <section aria-labelledby="tax-construction-title">
          <Title order={3} size="h5" id="tax-construction-title" mb="xs">
            {t('wizard.tax.construction')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('wizard.tax.scope')}
              required
              data={CONSTRUCTION_SCOPES.map((value) => ({ value, label: CONSTRUCTION_SCOPE_LABELS[value] }))}
              value={inputs.construction_scope}
              onChange={(value) => set({ construction_scope: value as TaxInputsState['construction_scope'] })}
              error={errors.construction_scope}
              data-testid="tax-scope"
              id={fieldDomId('tax_inputs.construction_scope')}
            />
            <Select
              label={t('wizard.tax.purpose')}
              description={t('wizard.tax.purposeHint')}
              required
              data={CONSTRUCTION_PURPOSES.map((value) => ({ value, label: CONSTRUCTION_PURPOSE_LABELS[value] }))}
              value={inputs.construction_purpose}
              onChange={(value) => set({ construction_purpose: value as TaxInputsState['construction_purpose'] })}
              error={errors.construction_purpose}
              data-testid="tax-purpose"
              id={fieldDomId('tax_inputs.construction_purpose')}
            />
            <Select
              label={t('wizard.tax.type')}
              required
              data={CONSTRUCTION_TYPES.map((value) => ({
                value,
                label: `${CONSTRUCTION_TYPE_VALUES[value].label} (${CONSTRUCTION_TYPE_VALUES[value].leiPerSquareMetre} lei/mp)`,
              }))}
              value={inputs.construction_type}
              onChange={(value) => set({ construction_type: value as TaxInputsState['construction_type'] })}
              error={errors.construction_type}
              data-testid="tax-type"
              id={fieldDomId('tax_inputs.construction_type')}
            />
            <TextInput
              label={t('wizard.tax.surface')}
              required
              inputMode="decimal"
              rightSection={<Text size="sm">mp</Text>}
              value={inputs.surface}
              onChange={(event) => set({ surface: event.currentTarget.value })}
              error={errors.surface}
              data-testid="tax-surface"
              id={fieldDomId('tax_inputs.surface')}
            />
            <TextInput
              label={t('wizard.tax.value')}
              description={t('wizard.tax.valueHint')}
              required
              inputMode="decimal"
              rightSection={<Text size="sm">lei</Text>}
              value={inputs.construction_value}
              onChange={(event) => set({ construction_value: event.currentTarget.value })}
              error={errors.construction_value}
              data-testid="tax-value"
              id={fieldDomId('tax_inputs.construction_value')}
            />
          </SimpleGrid>
        </section>
      ) : null}
      {data.needs_land_area ? (
        application.land_area !== null ? (
          <Text data-testid="tax-land-area">
            {t('wizard.tax.landArea', { area: application.land_area.toLocaleString('ro-RO') })}
          </Text>
        ) : (
          <Alert color="orange" data-testid="tax-land-area-missing">
            {t('wizard.tax.landAreaMissing')}
          </Alert>
        )
      ) : null}
      {data.discounts.length > 0 ? (
        <Select
          label={t('wizard.tax.discount')}
          description={t('wizard.tax.discountHint')}
          data={[
            { value: NO_DISCOUNT, label: t('wizard.tax.noDiscount') },
            ...data.discounts.map((d) => ({ value: d.name, label: `${d.name} (${d.percent}%)` })),
          ]}
          value={context.discountName ?? NO_DISCOUNT}
          onChange={(value) => onDiscountChange(value ? value : null)}
          allowDeselect={false}
          maw={480}
          data-testid="tax-discount-choice"
        />
      ) : null}
      <section aria-labelledby="tax-summary-title">
        <Title order={3} size="h5" id="tax-summary-title" mb="xs">
          {t('wizard.tax.summaryTitle')}
        </Title>
        <TaxSummary summary={liveTaxSummary(data, { landArea: application.land_area, ...context })} />
      </section>
    </Stack>
  );
}
