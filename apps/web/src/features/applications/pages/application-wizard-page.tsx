import { type Application, FORM_MESSAGES, type PublicApplicationType } from '@ghiseu/domain';
import { Alert, Anchor, Button, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Wizard, type WizardStep } from '../../../components/wizard/wizard';
import { ApiError } from '../../../lib/api-client';
import { useApplication, useCreateApplication, usePatchApplication, useSubmitApplication } from '../api/applications';
import { focusFieldPath } from '../../../components/form-renderer/focus';
import { FormRenderer } from '../../../components/form-renderer/form-renderer';
import type { FormErrors, FormValues } from '../../../components/form-renderer/form-values';
import { PageHeader } from '../../../components/page/page-header';
import { AttachmentUpload } from '../components/wizard/attachment-upload';
import { BeneficiariesStep } from '../components/wizard/beneficiaries-step';
import { RealEstatesStep } from '../components/wizard/real-estates-step';
import { ReviewStep, type SubmitProblem, TaxSummary } from '../components/wizard/review-step';
import { TypeStep } from '../components/wizard/type-step';
import {
  answerErrors,
  answersOf,
  attachmentErrors,
  filesByField,
  firstIncompleteStep,
  formFieldsOf,
  formPatch,
  markerError,
  stepIndex,
} from '../components/wizard/wizard-logic';
import { errorText, fieldErrorsOf, showError } from '../errors';

/**
 * /application/new/:appId? and /application/:id/edit: the filing wizard (spec §4). Without a
 * draft only the type is chosen; choosing creates the draft (`POST /applications?echo=true`) and
 * the address becomes /application/new/{draft id}, so a reload keeps it. `/edit` resumes a draft
 * at its first incomplete step.
 */
export function ApplicationWizardPage() {
  const { t } = useTranslation('applications');
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const draftId = Number(params.appId ?? params.id) || null;
  const resuming = params.id !== undefined;
  const query = useApplication(draftId);
  const create = useCreateApplication();

  const onChooseFirst = async (type: PublicApplicationType) => {
    try {
      const created = await create.mutateAsync(type.id);
      if (created) {
        showToast('success', t('wizard.type.created'));
        navigate(`/application/new/${created.id}`, { replace: true });
      }
    } catch (error) {
      showError(error);
    }
  };

  const title = resuming ? t('wizard.editTitle') : t('wizard.title');
  if (draftId === null)
    return (
      <Stack gap="lg" data-testid="application-wizard">
        <PageHeader title={title} subtitle={`1. ${t('wizard.steps.type')}`} />
        <TypeStep
          selectedId={null}
          onChoose={(type) => void onChooseFirst(type)}
          domain={search.get('domain') ?? undefined}
          busy={create.isPending}
        />
      </Stack>
    );
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return <ErrorState title={t('wizard.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const application = query.data;
  if (application.status !== 'DRAFT')
    return (
      <Stack gap="lg">
        <PageHeader title={title} />
        <Alert color="blue">
          <Text>{t('wizard.notDraft')}</Text>
          <Anchor component={Link} to={`/application/${application.id}`}>
            {t('wizard.openDetails')}
          </Anchor>
        </Alert>
      </Stack>
    );
  return (
    <Stack gap="lg" data-testid="application-wizard">
      <PageHeader title={title} subtitle={application.application_type_name} />
      <DraftWizard
        key={application.id}
        application={application}
        initialStep={resuming ? firstIncompleteStep(application) : stepIndex('form')}
        onRefresh={() => query.refetch()}
      />
    </Stack>
  );
}

interface DraftWizardProps {
  application: Application;
  initialStep: number;
  onRefresh: () => Promise<unknown>;
}

function DraftWizard({ application, initialStep, onRefresh }: DraftWizardProps) {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const patch = usePatchApplication();
  const submit = useSubmitApplication();
  const fields = useMemo(() => formFieldsOf(application), [application]);
  const [values, setValues] = useState<FormValues>(() => answersOf(application));
  const [formErrors, setFormErrors] = useState<FormErrors>({});
  const [beneficiaryError, setBeneficiaryError] = useState<string | null>(null);
  const [realEstateError, setRealEstateError] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<FormErrors>({});
  const [filesValidated, setFilesValidated] = useState(false);
  const [signOnline, setSignOnline] = useState(application.sign_details.isOnline);
  const [problems, setProblems] = useState<SubmitProblem[]>([]);
  const [problemsMessage, setProblemsMessage] = useState<string | null>(null);

  // Another type moves the draft to another form, and the server resets the signing details.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form version changes.
  useEffect(() => {
    setValues(answersOf(application));
    setFormErrors({});
    setSignOnline(application.sign_details.isOnline);
  }, [application.form_version_id, application.application_type_id]);

  const save = async (extra: { sign?: boolean } = {}) => {
    await patch.mutateAsync({
      id: application.id,
      patch: {
        ...(fields ? { form: formPatch(fields, values) } : {}),
        ...(extra.sign ? { sign_details: { isOnline: signOnline, package: null } } : {}),
      },
    });
  };

  const saveOrReport = async (extra: { sign?: boolean } = {}): Promise<boolean> => {
    try {
      await save(extra);
      return true;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (Object.keys(errors).length > 0) {
        setFormErrors(errors);
        focusFieldPath(Object.keys(errors)[0]);
      } else showError(error);
      return false;
    }
  };

  const onChangeType = async (type: PublicApplicationType) => {
    if (type.id === application.application_type_id) return;
    const confirmed = await confirmDialog({
      title: t('wizard.type.changeTitle'),
      message: t('wizard.type.changeQuestion'),
      confirmLabel: t('wizard.type.changeConfirm'),
      cancelLabel: t('list.cancel'),
    });
    if (!confirmed) return;
    try {
      await patch.mutateAsync({ id: application.id, patch: { application_type_id: type.id } });
    } catch (error) {
      showError(error);
    }
  };

  const labelOf = (path: string) => {
    const key = path.split('.')[0];
    const field = fields?.find((f) => f.key === key);
    return field?.label ?? key;
  };

  const onSubmit = async () => {
    if (!(await saveOrReport({ sign: true }))) return;
    try {
      const submitted = await submit.mutateAsync(application.id);
      showToast('success', t('wizard.submitted'));
      navigate(`/application-confirmation/${submitted?.id ?? application.id}`);
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (error instanceof ApiError && Object.keys(errors).length > 0) {
        setProblems(Object.entries(errors).map(([path, message]) => ({ path, label: labelOf(path), message })));
        setProblemsMessage(FORM_MESSAGES.requiredFields);
        setFormErrors(errors);
        focusFieldPath('submit-errors');
        setTimeout(() => document.getElementById('submit-errors')?.focus(), 0);
      } else {
        setProblems([]);
        setProblemsMessage(errorText(error));
      }
    }
  };

  const onSaveDraft = async () => {
    try {
      await save({ sign: true });
      showToast('success', t('wizard.draftSaved'));
    } catch (error) {
      showError(error);
    }
  };

  // A changed answer drops its own errors (and those inside it), the others stay until the next check.
  const onValuesChange = (next: FormValues) => {
    const changed = Object.keys({ ...values, ...next }).filter((key) => next[key] !== values[key]);
    setValues(next);
    if (changed.length > 0)
      setFormErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([path]) => !changed.includes(path.split('.')[0]))),
      );
  };

  const files = filesByField(application);
  const steps: WizardStep[] = [
    {
      id: 'type',
      title: t('wizard.steps.type'),
      content: (
        <TypeStep
          selectedId={application.application_type_id}
          onChoose={(type) => void onChangeType(type)}
          busy={patch.isPending}
        />
      ),
    },
    {
      id: 'form',
      title: t('wizard.steps.form'),
      content: fields ? (
        <Stack gap="md">
          <div aria-live="polite">
            {Object.keys(formErrors).length > 0 ? (
              <Alert color="red" data-testid="form-errors">
                {FORM_MESSAGES.requiredFields}
              </Alert>
            ) : null}
          </div>
          <FormRenderer fields={fields} values={values} onChange={onValuesChange} errors={formErrors} attachments="note" />
        </Stack>
      ) : (
        <Alert color="orange">{t('wizard.form.noForm')}</Alert>
      ),
      validate: async () => {
        if (!fields) return false;
        const errors = answerErrors(fields, values);
        setFormErrors(errors);
        if (Object.keys(errors).length > 0) {
          focusFieldPath(Object.keys(errors)[0]);
          return false;
        }
        return saveOrReport();
      },
    },
    {
      id: 'beneficiaries',
      title: t('wizard.steps.beneficiaries'),
      content: (
        <BeneficiariesStep
          applicationId={application.id}
          beneficiaries={application.beneficiaries}
          error={beneficiaryError}
          onChanged={async () => {
            setBeneficiaryError(null);
            await onRefresh();
          }}
        />
      ),
      validate: async () => {
        const error = fields ? markerError(fields, values, 'beneficiaries', application.beneficiaries.length) : null;
        setBeneficiaryError(error);
        if (error) focusFieldPath('beneficiaries');
        return error === null;
      },
    },
    {
      id: 'realEstates',
      title: t('wizard.steps.realEstates'),
      content: (
        <RealEstatesStep
          applicationId={application.id}
          realEstates={application.real_estates}
          error={realEstateError}
          onChanged={async () => {
            setRealEstateError(null);
            await onRefresh();
          }}
        />
      ),
      validate: async () => {
        const error = fields ? markerError(fields, values, 'real_estate_target', application.real_estates.length) : null;
        setRealEstateError(error);
        if (error) focusFieldPath('real_estate_target');
        return error === null;
      },
    },
    {
      id: 'attachments',
      title: t('wizard.steps.attachments'),
      content: fields?.some((f) => f.type === 'attachments') ? (
        <Stack gap="md">
          <Text>{t('wizard.attachments.intro')}</Text>
          <FormRenderer
            fields={fields}
            values={values}
            onlyTypes={['attachments']}
            attachments="render"
            renderAttachments={(field) => (
              <AttachmentUpload
                applicationId={application.id}
                field={field}
                files={application.attachments.filter((file) => file.category === field.key)}
                validated={filesValidated}
                error={fileErrors[field.key]}
                onChanged={async () => {
                  setFileErrors({});
                  await onRefresh();
                }}
              />
            )}
          />
        </Stack>
      ) : (
        <Text>{t('wizard.attachments.none')}</Text>
      ),
      validate: async () => {
        if (!fields) return true;
        setFilesValidated(true);
        const errors = attachmentErrors(fields, values, files);
        setFileErrors(errors);
        if (Object.keys(errors).length > 0) {
          focusFieldPath(Object.keys(errors)[0]);
          return false;
        }
        return true;
      },
    },
    {
      id: 'tax',
      title: t('wizard.steps.tax'),
      content: (
        <Stack gap="md">
          <Text>{t('wizard.tax.intro')}</Text>
          <TaxSummary application={application} />
        </Stack>
      ),
    },
    {
      id: 'signing',
      title: t('wizard.steps.signing'),
      content: (
        <Radio.Group
          label={t('wizard.signing.legend')}
          value={signOnline ? 'online' : 'offline'}
          onChange={(value) => setSignOnline(value === 'online')}
          data-testid="signing-choice"
        >
          <Stack mt="xs" gap="xs">
            <Radio value="online" label={t('wizard.signing.online')} />
            <Radio value="offline" label={t('wizard.signing.offline')} />
          </Stack>
        </Radio.Group>
      ),
      validate: () => saveOrReport({ sign: true }),
    },
    {
      id: 'review',
      title: t('wizard.steps.review'),
      content: (
        <ReviewStep
          application={application}
          fields={fields}
          values={values}
          signOnline={signOnline}
          problems={problems}
          problemsMessage={problemsMessage}
        />
      ),
    },
  ];

  return (
    <>
      <Wizard
        steps={steps}
        initialStep={initialStep}
        onSubmit={onSubmit}
        onSaveDraft={onSaveDraft}
        label={t('wizard.stepsLabel')}
        labels={{ submit: t('wizard.submit'), saveDraft: t('wizard.saveDraft') }}
      />
      <Button component={Link} to="/applications" variant="subtle" w="fit-content">
        {t('confirmation.list')}
      </Button>
    </>
  );
}
