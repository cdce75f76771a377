import type { Application, FormField } from '@ghiseu/domain';
import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from '../../../../components/form-renderer/form-renderer';
import type { FormValues } from '../../../../components/form-renderer/form-values';

/** One problem the server found at submission, with the label of its field. */
export interface SubmitProblem {
  path: string;
  label: string;
  message: string;
}

/** The tax summary the server gives, or the note that the tax comes after registration. */
export function TaxSummary({ application }: { application: Pick<Application, 'tax_summary' | 'total_tax'> }) {
  const { t } = useTranslation('applications');
  const entries = Object.entries(application.tax_summary ?? {}).filter(
    ([, value]) => typeof value === 'number' || typeof value === 'string',
  );
  if (application.total_tax === null && entries.length === 0)
    return (
      <Alert variant="light" color="blue" data-testid="tax-none">
        {t('wizard.tax.none')}
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="tax-summary">
      {entries.length > 0 ? (
        <Table withTableBorder>
          <Table.Tbody>
            {entries.map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Th scope="row">{key}</Table.Th>
                <Table.Td>{String(value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {application.total_tax !== null ? <Text fw={600}>{t('wizard.tax.total', { total: application.total_tax })}</Text> : null}
    </Stack>
  );
}

export interface ReviewStepProps {
  application: Application;
  fields: readonly FormField[] | null;
  values: FormValues;
  signOnline: boolean;
  problems: readonly SubmitProblem[];
  problemsMessage: string | null;
}

/** Everything the applicant filled in, read-only, and the problems of a refused submission. */
export function ReviewStep({ application, fields, values, signOnline, problems, problemsMessage }: ReviewStepProps) {
  const { t } = useTranslation('applications');
  return (
    <Stack gap="md">
      <div aria-live="assertive">
        {problemsMessage ? (
          <Alert color="red" title={t('wizard.submitErrors')} data-testid="submit-errors" tabIndex={-1} id="submit-errors">
            <Text size="sm">{problemsMessage}</Text>
            {problems.length > 0 ? (
              <List size="sm" mt="xs">
                {problems.map((problem) => (
                  <List.Item key={problem.path}>
                    {problem.label}: {problem.message}
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : null}
      </div>
      <Text>{t('wizard.review.intro')}</Text>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('wizard.review.type')}
        </Title>
        <Text data-testid="review-type">{application.application_type_name}</Text>
      </Stack>
      {fields ? (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('wizard.review.answers')}
          </Title>
          <FormRenderer fields={fields} values={values} readOnly attachments="hide" />
        </Stack>
      ) : null}
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('wizard.review.beneficiaries')}
        </Title>
        <Text data-testid="review-beneficiaries">
          {application.beneficiaries.map((b) => b.display_name).join(', ') || t('details.none')}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('wizard.review.realEstates')}
        </Title>
        <Text>
          {application.real_estates.map((r) => `${r.cadastral_number} (${r.uat_name})`).join(', ') || t('details.none')}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('wizard.review.files')}
        </Title>
        <Text data-testid="review-files">{application.attachments.map((f) => f.name).join(', ') || t('details.none')}</Text>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('wizard.review.signing')}
        </Title>
        <Text>{signOnline ? t('wizard.signing.online') : t('wizard.signing.offline')}</Text>
      </Stack>
    </Stack>
  );
}
