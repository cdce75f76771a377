import {
  CONSTRUCTION_PURPOSE_LABELS,
  CONSTRUCTION_PURPOSES,
  CONSTRUCTION_SCOPE_LABELS,
  CONSTRUCTION_SCOPES,
  CONSTRUCTION_TYPE_VALUES,
  CONSTRUCTION_TYPES,
  type ConstructionPurpose,
  type ConstructionScope,
  type ConstructionType,
  formatRon,
  validateTaxCalculation,
} from '@ghiseu/domain';
import { Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page/page-header';
import { ApplicationTypeSummary } from '../components/application-type-summary';

/**
 * /tax-calculator (taxCalculatorView): the tax validator of spec §3 and §5 computed live with
 * `validateTaxCalculation` of @ghiseu/domain (minimum value, the 0.5 % / 1 % rate, the tax), and
 * the full tax summary of an application type.
 */
export function TaxCalculatorPage() {
  const { t } = useTranslation('taxes');
  const [scope, setScope] = useState<ConstructionScope>('new');
  const [type, setType] = useState<ConstructionType>('A_UTIL');
  const [purpose, setPurpose] = useState<ConstructionPurpose>('housing');
  const [surface, setSurface] = useState('');
  const [value, setValue] = useState('');

  const result = useMemo(
    () => validateTaxCalculation({ scope, type, purpose, surface, value }),
    [scope, type, purpose, surface, value],
  );

  const row = (label: string, content: string, testId: string) => (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{content}</Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="lg" data-testid="tax-calculator-page">
      <PageHeader title={t('calculator.title')} subtitle={t('calculator.subtitle')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="tax-validator-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="tax-validator-title">
            {t('calculator.validatorTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              id="calc-scope"
              label={t('calculator.fields.scope')}
              data={CONSTRUCTION_SCOPES.map((v) => ({ value: v, label: CONSTRUCTION_SCOPE_LABELS[v] }))}
              value={scope}
              onChange={(v) => v && setScope(v as ConstructionScope)}
              allowDeselect={false}
            />
            <Select
              id="calc-type"
              label={t('calculator.fields.type')}
              data={CONSTRUCTION_TYPES.map((v) => ({
                value: v,
                label: `${v.replace('_UTIL', ' util')} – ${CONSTRUCTION_TYPE_VALUES[v].label}`,
              }))}
              value={type}
              onChange={(v) => v && setType(v as ConstructionType)}
              allowDeselect={false}
              comboboxProps={{ width: 'target' }}
            />
            <Select
              id="calc-purpose"
              label={t('calculator.fields.purpose')}
              data={CONSTRUCTION_PURPOSES.map((v) => ({ value: v, label: CONSTRUCTION_PURPOSE_LABELS[v] }))}
              value={purpose}
              onChange={(v) => v && setPurpose(v as ConstructionPurpose)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id="calc-surface"
              label={t('calculator.fields.surface')}
              inputMode="decimal"
              rightSection={<Text size="sm">m²</Text>}
              value={surface}
              onChange={(e) => setSurface(e.currentTarget.value)}
              error={surface !== '' ? result.errors.surface : undefined}
            />
            <TextInput
              id="calc-value"
              label={t('calculator.fields.value')}
              inputMode="decimal"
              rightSection={<Text size="sm">lei</Text>}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={value !== '' ? result.errors.value : undefined}
            />
          </SimpleGrid>
          <Table withTableBorder variant="vertical" aria-label={t('calculator.resultLabel')} data-testid="calc-result">
            <Table.Tbody>
              {row(
                t('calculator.unitValue'),
                `${formatRon(CONSTRUCTION_TYPE_VALUES[type].leiPerSquareMetre * 100)}/m²`,
                'calc-unit-value',
              )}
              {row(
                t('calculator.minimum'),
                result.minimum_value !== null ? formatRon(result.minimum_value) : '—',
                'calc-minimum',
              )}
              {row(t('calculator.rate'), `${result.rate.replace('.', ',')} %`, 'calc-rate')}
              {row(t('calculator.tax'), result.tax !== null ? formatRon(result.tax) : '—', 'calc-tax')}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="gray.7">
            {t('calculator.hint')}
          </Text>
        </Stack>
      </Paper>
      <ApplicationTypeSummary />
    </Stack>
  );
}
