import {
  activeTaxRules,
  computeTaxSummary,
  formatRon,
  parseLei,
  type TaxLine,
  type TaxPurposeGroup,
  todayInRomania,
} from '@ghiseu/domain';
import { Checkbox, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { usePermissions } from '../../../lib/permissions';
import { useApplicationTypeTaxRules, useCalculatorTypes } from '../api/taxes';
import { taxErrorText } from '../errors';

const AREA_PATTERN = /^\d{1,9}(?:[.,]\d{1,2})?$/;

/**
 * The calculator's second part: the full tax summary of an application type (spec §3), computed
 * with `computeTaxSummary` from the type's tax rules, a land area, a construction value, the rate
 * group and whether the applicant signs online.
 */
export function ApplicationTypeSummary() {
  const { t } = useTranslation('taxes');
  const { can } = usePermissions();
  // The same readers as GET /application-types; others do not see this part.
  const readsTypes = can('applicationTypeRead', 'applicationsStaffOwnRead', 'applicationsRegister');
  const types = useCalculatorTypes(readsTypes);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [area, setArea] = useState('');
  const [value, setValue] = useState('');
  const [group, setGroup] = useState<TaxPurposeGroup>('housing');
  const [online, setOnline] = useState(false);
  const [discount, setDiscount] = useState<string | null>(null);
  const rules = useApplicationTypeTaxRules(typeId);

  const areaValid = area === '' || AREA_PATTERN.test(area.trim());
  const valueBani = value === '' ? null : parseLei(value);
  const summary = useMemo(() => {
    if (!rules.data) return null;
    const chosen = rules.data.discounts.find((d) => d.name === discount) ?? null;
    return computeTaxSummary(
      activeTaxRules(rules.data),
      {
        land_area: area !== '' && areaValid ? Number(area.trim().replace(',', '.')) : null,
        construction_value: valueBani,
        construction_purpose_group: group,
        online_signing: online,
      },
      todayInRomania(),
      chosen,
    );
  }, [rules.data, area, areaValid, valueBani, group, online, discount]);

  if (!readsTypes || types.isError) return null;

  const lines = (title: string, items: TaxLine[], testId: string) =>
    items.length > 0 ? (
      <Table withTableBorder aria-label={title} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{title}</Table.Th>
            <Table.Th ta="right">{t('summary.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((line) => (
            <Table.Tr key={line.tax_id}>
              <Table.Td>
                {line.name}
                {line.missing_input ? (
                  <Text size="xs" c="orange.9">
                    {t(`summary.missing.${line.base}`)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{formatRon(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    ) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="tax-summary-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="tax-summary-title">
          {t('summary.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            id="summary-type"
            label={t('summary.type')}
            data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
            value={typeId === null ? null : String(typeId)}
            onChange={(v) => {
              setTypeId(v === null ? null : Number(v));
              setDiscount(null);
            }}
            searchable
            clearable
            nothingFoundMessage={t('nothingFound')}
            placeholder={types.isPending ? t('loading') : t('summary.choose')}
          />
          <Select
            id="summary-group"
            label={t('summary.group')}
            data={[
              { value: 'housing', label: t('purposes.housing') },
              { value: 'other', label: t('purposes.other') },
            ]}
            value={group}
            onChange={(v) => v && setGroup(v as TaxPurposeGroup)}
            allowDeselect={false}
          />
          <TextInput
            id="summary-area"
            label={t('summary.landArea')}
            inputMode="decimal"
            rightSection={<Text size="sm">m²</Text>}
            value={area}
            onChange={(e) => setArea(e.currentTarget.value)}
            error={areaValid ? undefined : t('summary.invalid')}
          />
          <TextInput
            id="summary-value"
            label={t('summary.constructionValue')}
            inputMode="decimal"
            rightSection={<Text size="sm">lei</Text>}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={value !== '' && valueBani === null ? t('summary.invalid') : undefined}
          />
          {rules.data && rules.data.discounts.length > 0 ? (
            <Select
              id="summary-discount"
              label={t('summary.discount')}
              data={rules.data.discounts.map((d) => ({ value: d.name, label: `${d.name} (${d.percent} %)` }))}
              value={discount}
              onChange={setDiscount}
              clearable
              placeholder={t('summary.noDiscount')}
            />
          ) : null}
        </SimpleGrid>
        <Checkbox
          id="summary-online"
          label={t('summary.online')}
          checked={online}
          onChange={(e) => setOnline(e.currentTarget.checked)}
        />
        {typeId === null ? null : rules.isPending ? (
          <PageLoader minHeight={80} />
        ) : rules.isError ? (
          <ErrorState title={t('loadError')} message={taxErrorText(rules.error)} onRetry={() => void rules.refetch()} />
        ) : summary && summary.application_tax_values.length + summary.signing_tax_values.length === 0 ? (
          <EmptyState title={t('summary.noTaxes')} />
        ) : summary ? (
          <Stack gap="sm" data-testid="summary-result">
            {lines(t('summary.applicationTaxes'), summary.application_tax_values, 'summary-application')}
            {lines(t('summary.signingTaxes'), summary.signing_tax_values, 'summary-signing')}
            {summary.discount ? (
              <Text size="sm">
                {t('summary.discountLine', { name: summary.discount.name, amount: formatRon(summary.discount.diff_value) })}
              </Text>
            ) : null}
            <Text fw={700} data-testid="summary-total">
              {t('summary.total', { amount: formatRon(summary.total) })}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
