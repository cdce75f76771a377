import type { ReactNode } from 'react';
import type { Application, FormField } from '@ghiseu/domain';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../../../../components/form-renderer/form-values';
import { AnswersSummary, AreaDifferenceNotice, SummarySection } from '../answers-summary';
import type { WizardStepId } from './wizard-logic';

/** One problem the server found at submission, with the label of its field. */
export interface SubmitProblem {
  path: string;
  label: string;
  message: string;
}

export interface ReviewStepProps {
  application: Application;
  fields: readonly FormField[] | null;
  values: FormValues;
  signOnline: boolean;
  /** "Semnați și trimiteți" (online signing chosen): the applicant signs the request, then it is sent. */
  signAndSubmit?: ReactNode;
  problems: readonly SubmitProblem[];
  problemsMessage: string | null;
  /** Goes back to a step to change its answers ('Modificați'). */
  onEdit: (step: WizardStepId) => void;
  /** The tax summary computed live (LiveTaxSummary): what the applicant will pay. */
  taxes?: ReactNode;
}

/**
 * Check your answers: every step's answers in words, each block with a 'Modificați' link to its
 * step, the land areas when they disagree, and the problems of a refused submission.
 */
export function ReviewStep({
  application,
  fields,
  values,
  signOnline,
  signAndSubmit,
  problems,
  problemsMessage,
  onEdit,
  taxes,
}: ReviewStepProps) {
  const { t } = useTranslation('applications');
  const edit = (step: WizardStepId, title: string) => (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconPencil size={14} aria-hidden />}
      onClick={() => onEdit(step)}
      aria-label={t('summary.editStep', { step: title })}
      data-testid={`summary-edit-${step}`}
    >
      {t('summary.edit')}
    </Button>
  );
  const none = t('details.none');
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
      <AreaDifferenceNotice fields={fields} values={values} realEstates={application.real_estates} />
      <SummarySection id="type" title={t('wizard.review.type')} action={edit('type', t('wizard.steps.type'))}>
        <Text data-testid="review-type">{application.application_type_name}</Text>
      </SummarySection>
      {fields ? (
        <SummarySection id="form" title={t('wizard.review.answers')} action={edit('form', t('wizard.steps.form'))}>
          <AnswersSummary fields={fields} values={values} />
        </SummarySection>
      ) : null}
      <SummarySection
        id="beneficiaries"
        title={t('wizard.review.beneficiaries')}
        action={edit('beneficiaries', t('wizard.steps.beneficiaries'))}
      >
        <Text data-testid="review-beneficiaries">{application.beneficiaries.map((b) => b.display_name).join(', ') || none}</Text>
      </SummarySection>
      <SummarySection
        id="realEstates"
        title={t('wizard.review.realEstates')}
        action={edit('realEstates', t('wizard.steps.realEstates'))}
      >
        <Text data-testid="review-real-estates">
          {application.real_estates
            .map((r) => `${r.cadastral_number} (${r.uat_name})${r.area !== null ? `, ${r.area.toLocaleString('ro-RO')} mp` : ''}`)
            .join('; ') || none}
        </Text>
      </SummarySection>
      <SummarySection id="files" title={t('wizard.review.files')} action={edit('attachments', t('wizard.steps.attachments'))}>
        <Text data-testid="review-files">{application.attachments.map((f) => f.name).join(', ') || none}</Text>
      </SummarySection>
      {taxes ? (
        <SummarySection id="tax" title={t('wizard.review.taxes')} action={edit('tax', t('wizard.steps.tax'))}>
          {taxes}
        </SummarySection>
      ) : null}
      <SummarySection id="signing" title={t('wizard.review.signing')} action={edit('signing', t('wizard.steps.signing'))}>
        <Text>{signOnline ? t('wizard.signing.online') : t('wizard.signing.offline')}</Text>
        {signOnline ? signAndSubmit : null}
      </SummarySection>
    </Stack>
  );
}
