import { type Application, FORM_MESSAGES, type PublicApplicationType } from '@ghiseu/domain';
import { Alert, Anchor, Button, Radio, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Wizard, type WizardStep } from '../../../components/wizard/wizard';
import { ApiError } from '../../../lib/api-client';
import {
  useApplication,
  useApplicationTypeTaxRules,
  useCreateApplication,
  useDiscardDraft,
  usePatchApplication,
  useSubmitApplication,
} from '../api/applications';
import { focusFieldPath } from '../../../components/form-renderer/focus';
import { FormRenderer } from '../../../components/form-renderer/form-renderer';
import type { FormErrors, FormValues } from '../../../components/form-renderer/form-values';
import { PageHeader } from '../../../components/page/page-header';
import { AttachmentUpload } from '../components/wizard/attachment-upload';
import { BeneficiariesStep } from '../components/wizard/beneficiaries-step';
import { RealEstatesStep } from '../components/wizard/real-estates-step';
import { ReviewStep, type SubmitProblem } from '../components/wizard/review-step';
import { LiveTaxSummary, TaxStep } from '../components/wizard/tax-step';
import {
  type TaxInputErrors,
  type TaxInputsState,
  taxInputErrors,
  taxInputsOf,
  taxInputsPatch,
} from '../components/wizard/tax-logic';
import { TypeStep } from '../components/wizard/type-step';
import { type LeaveDecision, useLeaveDecision } from '../components/wizard/use-leave-decision';
import {
  answerErrors,
  answersOf,
  attachmentErrors,
  filesByField,
  firstIncompleteStep,
  formFieldsOf,
  formPatch,
  hasAnswers,
  markerError,
  stepIndex,
  type WizardStepId,
} from '../components/wizard/wizard-logic';
import { formatDate } from '../../../lib/format';
import { errorText, fieldErrorsOf, showError } from '../errors';
import { applicationSubmitSigningFlow, SigningDialog } from '../../signing';

/**
 * /application/new/:appId? and /application/:id/edit: the filing wizard (spec §4). Without a
 * draft only the type is chosen; choosing creates the draft (`POST /applications?echo=true`) and
 * the address becomes /application/new/{draft id}, so a reload keeps it. `/edit` resumes a draft
 * at its first incomplete step. The answers are saved as they are typed (debounced); leaving with
 * answers not saved saves them first (or asks), and leaving a draft that holds nothing yet offers
 * to delete it, so a mis-clicked type leaves no orphan draft.
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
  /** Reloads the draft; answers the fresh record (undefined when the reload failed). */
  onRefresh: () => Promise<{ data?: Application }>;
}

/** How long typing must pause before the answers are saved. */
export const AUTOSAVE_DELAY_MS = 1500;

type AutosaveState = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed' };

function DraftWizard({ application, initialStep, onRefresh }: DraftWizardProps) {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const patch = usePatchApplication();
  const submit = useSubmitApplication();
  const discardDraft = useDiscardDraft();
  const fields = useMemo(() => formFieldsOf(application), [application]);
  const [values, setValues] = useState<FormValues>(() => answersOf(application));
  // The answers as last sent to the server (the merge patch, as JSON): what differs is unsaved.
  const [savedPatch, setSavedPatch] = useState(() => (fields ? JSON.stringify(formPatch(fields, values)) : ''));
  const currentPatch = fields ? JSON.stringify(formPatch(fields, values)) : '';
  const dirty = currentPatch !== savedPatch;
  const [autosave, setAutosave] = useState<AutosaveState>({ state: 'idle' });
  const [wizardStart, setWizardStart] = useState({ step: initialStep, key: 0 });
  const leaving = useRef(false);
  const [formErrors, setFormErrors] = useState<FormErrors>({});
  const [beneficiaryError, setBeneficiaryError] = useState<string | null>(null);
  const [realEstateError, setRealEstateError] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<FormErrors>({});
  const [filesValidated, setFilesValidated] = useState(false);
  const [signOnline, setSignOnline] = useState(application.sign_details.isOnline);
  const [problems, setProblems] = useState<SubmitProblem[]>([]);
  // The taxes: the tax validator fields and the discount, saved with the draft (tax_inputs, discount_name).
  const taxRules = useApplicationTypeTaxRules(application.application_type_id);
  const [taxInputs, setTaxInputs] = useState<TaxInputsState>(() => taxInputsOf(application));
  const [discountName, setDiscountName] = useState<string | null>(application.discount_name);
  const [taxErrors, setTaxErrors] = useState<TaxInputErrors>({});
  const [taxChecked, setTaxChecked] = useState(false);
  const needsConstruction = taxRules.data?.needs_construction_value ?? false;
  const [problemsMessage, setProblemsMessage] = useState<string | null>(null);

  // Another type moves the draft to another form, and the server resets the signing details.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form version changes.
  useEffect(() => {
    const answers = answersOf(application);
    setValues(answers);
    setSavedPatch(fields ? JSON.stringify(formPatch(fields, answers)) : '');
    setFormErrors({});
    setSignOnline(application.sign_details.isOnline);
    setTaxInputs(taxInputsOf(application));
    setDiscountName(application.discount_name);
    setTaxErrors({});
    setTaxChecked(false);
  }, [application.form_version_id, application.application_type_id]);

  /** The taxes' part of the patch, only when it changed (a type without taxes never gets one). */
  const taxPatch = () => {
    // Half-filled construction fields stay in the page until they make sense together (the server
    // refuses a surface or value without the construction's type and purpose); the step checks them.
    const typed = taxInputs.surface.trim() !== '' || taxInputs.construction_value.trim() !== '';
    const chosen = taxInputs.construction_scope && taxInputs.construction_type && taxInputs.construction_purpose;
    const sendInputs = Object.keys(taxInputErrors(taxInputs, false)).length === 0 && (!typed || chosen);
    const inputs = taxInputsPatch(taxInputs);
    const changedInputs = JSON.stringify(inputs) !== JSON.stringify(taxInputsPatch(taxInputsOf(application)));
    return {
      ...(changedInputs && sendInputs ? { tax_inputs: inputs } : {}),
      ...(discountName !== application.discount_name ? { discount_name: discountName } : {}),
    };
  };

  const save = async (extra: { sign?: boolean } = {}) => {
    const sent = fields ? formPatch(fields, values) : null;
    await patch.mutateAsync({
      id: application.id,
      patch: {
        ...(sent ? { form: sent } : {}),
        ...(extra.sign ? { sign_details: { isOnline: signOnline, package: null } } : {}),
        ...taxPatch(),
      },
    });
    if (sent) setSavedPatch(JSON.stringify(sent));
  };

  /** Saves the answers as they stand (autosave and leaving); false when the server refused them. */
  const saveAnswers = useCallback(async (): Promise<boolean> => {
    if (!fields) return true;
    const sent = formPatch(fields, values);
    setAutosave({ state: 'saving' });
    try {
      await patch.mutateAsync({ id: application.id, patch: { form: sent } });
      setSavedPatch(JSON.stringify(sent));
      setAutosave({ state: 'saved', at: new Date() });
      return true;
    } catch {
      // Half-typed answers may be refused (a field's type); 'Continuați' shows why, field by field.
      setAutosave({ state: 'failed' });
      return false;
    }
  }, [fields, values, patch.mutateAsync, application.id]);

  // Autosave: once typing pauses, the answers go to the draft.
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => void saveAnswers(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dirty, saveAnswers]);

  // Nothing in the draft yet: no answer (saved or typed), beneficiary, real estate or file.
  const empty =
    !hasAnswers(fields, values) &&
    !hasAnswers(fields, answersOf(application)) &&
    application.beneficiaries.length === 0 &&
    application.real_estates.length === 0 &&
    application.attachments.length === 0;

  const decideLeave = async (): Promise<LeaveDecision> => {
    if (leaving.current) return { leave: true };
    if (empty) {
      const remove = await confirmDialog({
        title: t('wizard.leave.emptyTitle'),
        message: t('wizard.leave.emptyMessage', { name: application.application_type_name }),
        confirmLabel: t('wizard.leave.emptyDelete'),
        cancelLabel: t('wizard.leave.emptyKeep'),
        destructive: true,
      });
      if (!remove) return { leave: true };
      return {
        leave: true,
        // After leaving: the draft's own page must not fetch it again once it is gone.
        afterLeave: () =>
          void discardDraft(application.id).then(
            () => showToast('success', t('wizard.leave.emptyDeleted')),
            (error: unknown) => showError(error),
          ),
      };
    }
    if (dirty && (await saveAnswers())) return { leave: true };
    if (!dirty) return { leave: true };
    const leave = await confirmDialog({
      title: t('wizard.leave.unsavedTitle'),
      message: t('wizard.leave.unsavedMessage'),
      confirmLabel: t('wizard.leave.unsavedConfirm'),
      cancelLabel: t('wizard.leave.stay'),
      destructive: true,
    });
    return leave ? { leave: true } : { leave: false };
  };
  useLeaveDecision(empty || dirty, dirty, decideLeave);

  /** 'Modificați' in the review: back to that step (the wizard restarts there). */
  const onEdit = (step: WizardStepId) => {
    setWizardStart((current) => ({ step: stepIndex(step), key: current.key + 1 }));
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="application-wizard"] form h2')?.focus());
  };

  const saveOrReport = async (extra: { sign?: boolean } = {}): Promise<boolean> => {
    try {
      await save(extra);
      return true;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      // The tax validator fields answer under `tax_inputs.*`: shown on the taxes step's inputs.
      const taxPaths = Object.keys(errors).filter((path) => path.startsWith('tax_inputs.'));
      if (taxPaths.length > 0) {
        setTaxErrors(Object.fromEntries(taxPaths.map((path) => [path.slice('tax_inputs.'.length), errors[path]])));
        focusFieldPath(taxPaths[0]);
      } else if (Object.keys(errors).length > 0) {
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
    await send();
  };

  /** "Semnați și trimiteți": saved, signed in the dialog (SMS code), then sent by `onSigned`. */
  const [signing, setSigning] = useState(false);
  const onSignAndSubmit = async () => {
    if (!(await saveOrReport({ sign: true }))) return;
    setProblems([]);
    setProblemsMessage(null);
    setSigning(true);
  };

  const send = async () => {
    try {
      const submitted = await submit.mutateAsync(application.id);
      showToast('success', t('wizard.submitted'));
      leaving.current = true;
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
    if (await saveOrReport({ sign: true })) showToast('success', t('wizard.draftSaved'));
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
        // The files as the server has them now: an upload that just ended may not be in `application` yet.
        const fresh = (await onRefresh()).data ?? application;
        const errors = attachmentErrors(fields, values, filesByField(fresh));
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
        <TaxStep
          application={application}
          context={{ inputs: taxInputs, discountName, signOnline }}
          errors={taxErrors}
          onInputsChange={(next) => {
            setTaxInputs(next);
            // Checked as typed: the validator's messages show at once, "required" only after Continuați.
            setTaxErrors(taxInputErrors(next, taxChecked));
          }}
          onDiscountChange={setDiscountName}
        />
      ),
      validate: async () => {
        if (needsConstruction) {
          setTaxChecked(true);
          const errors = taxInputErrors(taxInputs, true);
          setTaxErrors(errors);
          if (Object.keys(errors).length > 0) {
            focusFieldPath(`tax_inputs.${Object.keys(errors)[0]}`);
            return false;
          }
        }
        return saveOrReport();
      },
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
          signAndSubmit={
            <Button mt="sm" w="fit-content" onClick={() => void onSignAndSubmit()} data-testid="wizard-sign-and-submit">
              {t('wizard.signAndSubmit')}
            </Button>
          }
          problems={problems}
          problemsMessage={problemsMessage}
          onEdit={onEdit}
          taxes={<LiveTaxSummary application={application} context={{ inputs: taxInputs, discountName, signOnline }} />}
        />
      ),
    },
  ];

  return (
    <>
      <Wizard
        key={wizardStart.key}
        steps={steps}
        initialStep={wizardStart.step}
        onSubmit={onSubmit}
        onSaveDraft={onSaveDraft}
        label={t('wizard.stepsLabel')}
        labels={{ submit: t('wizard.submit'), saveDraft: t('wizard.saveDraft') }}
      />
      <SigningDialog
        opened={signing}
        onClose={() => setSigning(false)}
        title={t('wizard.signTitle')}
        flow={applicationSubmitSigningFlow(application.id)}
        audience="citizen"
        successMessage={null}
        onSigned={() => void send()}
        testId="wizard-signing-dialog"
      />
      <Text size="sm" c="gray.7" aria-live="polite" data-testid="autosave-status" mih="1.5em">
        {autosave.state === 'saving'
          ? t('wizard.autosave.saving')
          : autosave.state === 'failed'
            ? t('wizard.autosave.failed')
            : dirty
              ? t('wizard.autosave.pending')
              : autosave.state === 'saved'
                ? t('wizard.autosave.saved', { time: formatDate(autosave.at, 'HH:mm') })
                : ''}
      </Text>
      <Button component={Link} to="/applications" variant="subtle" w="fit-content" data-testid="wizard-back-to-list">
        {t('confirmation.list')}
      </Button>
    </>
  );
}
