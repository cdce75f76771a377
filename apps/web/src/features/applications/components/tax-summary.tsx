import { formatRon, formatRonText, type TaxLineJson } from '@ghiseu/domain';
import { Alert, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isTaxSummaryJson } from './wizard/tax-logic';

const ron = (lei: string) => formatRonText(lei) ?? formatRon(0);

/**
 * The application tax summary of spec §3 (taxSummaryToJson): the application taxes, the signing
 * taxes (only with online signing), the discount and the total to pay. A line whose input is
 * still missing (land area, construction value) says so instead of showing 0 as an amount.
 */
export function TaxSummary({ summary, testId = 'tax-summary' }: { summary: unknown; testId?: string }) {
  const { t } = useTranslation('applications');
  if (!isTaxSummaryJson(summary))
    return (
      <Alert variant="light" color="blue" data-testid="tax-none">
        {t('wizard.tax.none')}
      </Alert>
    );
  const lines = (values: readonly TaxLineJson[]) =>
    values.map((line) => (
      <Table.Tr key={`${line.tax_id}`}>
        <Table.Th scope="row" fw={400}>
          {line.name}
        </Table.Th>
        <Table.Td ta="right">{line.missing_input ? t('wizard.tax.missingInput') : ron(line.amount)}</Table.Td>
      </Table.Tr>
    ));
  const empty = summary.application_tax_values.length === 0 && summary.signing_tax_values.length === 0;
  if (empty) return <Text data-testid={testId}>{t('wizard.tax.noTaxes')}</Text>;
  const group = (title: string) => (
    <Table.Tr>
      <Table.Th colSpan={2} scope="colgroup" bg="gray.0">
        {title}
      </Table.Th>
    </Table.Tr>
  );
  return (
    <Table withTableBorder data-testid={testId} maw={640}>
      <Table.Caption>{t('wizard.tax.caption')}</Table.Caption>
      <Table.Tbody>
        {summary.application_tax_values.length > 0 ? group(t('wizard.tax.applicationTaxes')) : null}
        {lines(summary.application_tax_values)}
        {summary.signing_tax_values.length > 0 ? group(t('wizard.tax.signingTaxes')) : null}
        {lines(summary.signing_tax_values)}
        {summary.discount ? (
          <Table.Tr data-testid="tax-discount">
            <Table.Th scope="row" fw={400}>
              {t('wizard.tax.discountLine', { name: summary.discount.name, percent: summary.discount.discount_percent_value })}
            </Table.Th>
            <Table.Td ta="right">−{ron(summary.discount.diff_value)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Th scope="row">{t('wizard.tax.totalLabel')}</Table.Th>
          <Table.Td ta="right" fw={700} data-testid="tax-total">
            {ron(summary.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
