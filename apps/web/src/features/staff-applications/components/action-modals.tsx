import {
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  type StaffApplication,
  VALIDATION_MESSAGES,
  ZStaffClarificationRequest,
  ZStaffConsultantReviewRequest,
  ZStaffReviewRequest,
  ZStaffVizaRejectRequest,
} from '@ghiseu/domain';
import { Radio, Select, Stack, Textarea } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../components/feedback/toast';
import { FormRenderer } from '../../../components/form-renderer/form-renderer';
import { type FormErrors, type FormValues, validateAnswers } from '../../../components/form-renderer/form-values';
import { Notice } from '../../../components/page/notice';
import { zodResolver } from '../../../lib/validation';
import {
  type CandidateRole,
  type StaffActionCall,
  useStaffAction,
  useStaffApplicationTypes,
  useStaffCandidates,
} from '../api/staff-applications';
import { errorText } from '../errors';
import { fieldsOf } from '../form-definitions';
import { ActionModal } from './action-modal';

/** The staff actions that open a modal for their input. */
export type ModalAction =
  | 'assign'
  | 'assign-reviewer'
  | 'send-to-consultant'
  | 'consultant-review'
  | 'staff-review'
  | 'request-clarification'
  | 'approve'
  | 'reject'
  | 'viza-reject'
  | 'modify-application-type';

export interface ActionModalsProps {
  application: StaffApplication;
  /** The open modal, or null. */
  open: ModalAction | null;
  onClose: () => void;
}

interface ModalProps {
  application: StaffApplication;
  opened: boolean;
  onClose: () => void;
}

/**
 * Runs one action of a modal: sends it, says so in a toast and closes; a refusal (a 409 when
 * the status changed meanwhile, a 400 on a field) stays in the modal, in Romanian.
 */
function useModalAction(application: StaffApplication, onClose: () => void) {
  const action = useStaffAction(application.id);
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    pending: action.isPending,
    reset: () => setError(null),
    run: async (call: StaffActionCall, success: string) => {
      setError(null);
      try {
        await action.mutateAsync(call);
        showToast('success', success);
        onClose();
      } catch (failure) {
        setError(errorText(failure));
      }
    },
  };
}

/** Clears the modal's form and error each time it opens. */
function useResetOnOpen(opened: boolean, reset: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening matters.
  useEffect(() => {
    if (opened) reset();
  }, [opened]);
}

const required = VALIDATION_MESSAGES.required;
const zPerson = z.object({ person: z.string({ error: required }).min(1, { error: required }) });

/** Alocați / Realocați / Alocați verificator: a person of the organisation (candidates of the server). */
function PersonModal({ application, opened, onClose, kind }: ModalProps & { kind: 'assign' | 'assign-reviewer' }) {
  const { t } = useTranslation('staff-applications');
  const role: CandidateRole = kind === 'assign' ? 'assignee' : 'reviewer';
  const candidates = useStaffCandidates(role, opened);
  const run = useModalAction(application, onClose);
  const current = kind === 'assign' ? application.assignee : application.reviewer;
  const form = useForm<{ person: string }>({ resolver: zodResolver(zPerson), defaultValues: { person: '' } });
  useResetOnOpen(opened, () => {
    form.reset({ person: '' });
    run.reset();
  });
  const title = kind === 'assign' ? t(application.assignee ? 'actions.reassign' : 'actions.assign') : t('actions.assignReviewer');
  const options = (candidates.data ?? [])
    .filter((person) => person.id !== current?.id)
    .map((person) => ({ value: String(person.id), label: `${person.name} (${person.email})` }));
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title={title}
      intro={current ? t('modals.person.current', { name: current.name }) : undefined}
      submitLabel={title}
      validate={() => form.trigger()}
      perform={async () => {
        const id = Number(form.getValues('person'));
        const name = candidates.data?.find((person) => person.id === id)?.name ?? '';
        await run.run(
          kind === 'assign'
            ? { action: 'assign', body: { assignee_user_id: id } }
            : { action: 'assign-reviewer', body: { reviewer_user_id: id } },
          t(kind === 'assign' ? 'modals.person.assigned' : 'modals.person.reviewerAssigned', { name }),
        );
      }}
      error={run.error}
      pending={run.pending}
      testId={`action-${kind}`}
    >
      <Controller
        control={form.control}
        name="person"
        render={({ field, fieldState }) => (
          <Select
            label={kind === 'assign' ? t('modals.person.assignee') : t('modals.person.reviewer')}
            placeholder={t('modals.person.placeholder')}
            data={options}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            searchable
            required
            nothingFoundMessage={t('modals.person.nobody')}
            error={fieldState.error?.message ?? (candidates.isError ? t('form.optionsFailed') : undefined)}
            data-testid={`action-${kind}-person`}
          />
        )}
      />
    </ActionModal>
  );
}

const zConsultant = zPerson.extend({ question: ZStaffClarificationRequest.shape.message });

/** Trimiteți la consultant: a consultant and the question. */
function ConsultantModal({ application, opened, onClose }: ModalProps) {
  const { t } = useTranslation('staff-applications');
  const candidates = useStaffCandidates('consultant', opened);
  const run = useModalAction(application, onClose);
  const form = useForm<{ person: string; question: string }>({
    resolver: zodResolver(zConsultant),
    defaultValues: { person: '', question: '' },
  });
  useResetOnOpen(opened, () => {
    form.reset({ person: '', question: '' });
    run.reset();
  });
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title={t('actions.sendToConsultant')}
      submitLabel={t('actions.sendToConsultant')}
      validate={() => form.trigger()}
      perform={() => {
        const { person, question } = form.getValues();
        return run.run(
          { action: 'send-to-consultant', body: { consultant_user_id: Number(person), question: question.trim() } },
          t('modals.consultant.sent'),
        );
      }}
      error={run.error}
      pending={run.pending}
      testId="action-send-to-consultant"
    >
      <Controller
        control={form.control}
        name="person"
        render={({ field, fieldState }) => (
          <Select
            label={t('modals.consultant.consultant')}
            placeholder={t('modals.person.placeholder')}
            data={(candidates.data ?? []).map((person) => ({
              value: String(person.id),
              label: `${person.name} (${person.email})`,
            }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            searchable
            required
            nothingFoundMessage={t('modals.person.nobody')}
            error={fieldState.error?.message ?? (candidates.isError ? t('form.optionsFailed') : undefined)}
          />
        )}
      />
      <Textarea
        label={t('modals.consultant.question')}
        required
        autosize
        minRows={3}
        maxLength={4000}
        error={form.formState.errors.question?.message}
        {...form.register('question')}
      />
    </ActionModal>
  );
}

/** The actions whose only input is one text (the clarification, the consultant's answer, a reason, a remark). */
type TextAction = 'request-clarification' | 'consultant-review' | 'viza-reject' | 'approve';

const TEXT_SCHEMAS = {
  'request-clarification': z.object({ text: ZStaffClarificationRequest.shape.message }),
  'consultant-review': z.object({ text: ZStaffConsultantReviewRequest.shape.answer }),
  'viza-reject': z.object({ text: ZStaffVizaRejectRequest.shape.rejected_reason }),
  approve: z.object({ text: z.string().max(4000) }),
} satisfies Record<TextAction, z.ZodType>;

function textCall(kind: TextAction, text: string): StaffActionCall {
  switch (kind) {
    case 'request-clarification':
      return { action: 'request-clarification', body: { message: text } };
    case 'consultant-review':
      return { action: 'consultant-review', body: { answer: text } };
    case 'viza-reject':
      return { action: 'viza-reject', body: { rejected_reason: text } };
    case 'approve':
      return { action: 'approve', body: { comment: text || null } };
  }
}

/** Solicitați clarificări, Răspundeți consultantului, Respingeți viza, Aprobați (with an optional remark). */
function TextActionModal({ application, opened, onClose, kind }: ModalProps & { kind: TextAction }) {
  const { t } = useTranslation('staff-applications');
  const run = useModalAction(application, onClose);
  const form = useForm<{ text: string }>({ resolver: zodResolver(TEXT_SCHEMAS[kind]), defaultValues: { text: '' } });
  useResetOnOpen(opened, () => {
    form.reset({ text: '' });
    run.reset();
  });
  const texts = `modals.${kind}` as const;
  const openConsultation = application.consultations.find((c) => c.answer === null);
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title={t(`${texts}.title`)}
      intro={kind === 'consultant-review' && openConsultation ? openConsultation.question : t(`${texts}.intro`)}
      submitLabel={t(`${texts}.submit`)}
      validate={() => form.trigger()}
      confirmQuestion={kind === 'approve' || kind === 'viza-reject' ? t(`${texts}.confirm`) : undefined}
      destructive={kind === 'viza-reject'}
      perform={() => run.run(textCall(kind, form.getValues('text').trim()), t(`${texts}.done`))}
      error={run.error}
      pending={run.pending}
      testId={`action-${kind}`}
    >
      <Textarea
        label={t(`${texts}.label`)}
        required={kind !== 'approve'}
        autosize
        minRows={3}
        maxLength={4000}
        error={form.formState.errors.text?.message}
        data-testid={`action-${kind}-text`}
        {...form.register('text')}
      />
    </ActionModal>
  );
}

const zReview = ZStaffReviewRequest.pick({ review_status: true }).extend({ comment: z.string().max(4000) });

/** The reviewer's verdict (staff-review): approved, rejected or changes needed, with remarks. */
function StaffReviewModal({ application, opened, onClose }: ModalProps) {
  const { t } = useTranslation('staff-applications');
  const run = useModalAction(application, onClose);
  const form = useForm<z.input<typeof zReview>>({
    resolver: zodResolver(zReview),
    defaultValues: { review_status: undefined, comment: '' },
  });
  useResetOnOpen(opened, () => {
    form.reset({ review_status: undefined, comment: '' });
    run.reset();
  });
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title={t('actions.staffReview')}
      submitLabel={t('modals.staffReview.submit')}
      validate={() => form.trigger()}
      perform={() => {
        const { review_status, comment } = form.getValues();
        return run.run(
          { action: 'staff-review', body: { review_status, comment: comment.trim() || null } },
          t('modals.staffReview.done'),
        );
      }}
      error={run.error}
      pending={run.pending}
      testId="action-staff-review"
    >
      <Controller
        control={form.control}
        name="review_status"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('modals.staffReview.verdict')}
            required
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldState.error ? VALIDATION_MESSAGES.required : undefined}
          >
            <Stack gap="xs" mt="xs">
              {REVIEW_STATUSES.map((status) => (
                <Radio key={status} value={status} label={REVIEW_STATUS_LABELS[status]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <Textarea
        label={t('modals.staffReview.comment')}
        autosize
        minRows={2}
        maxLength={4000}
        error={form.formState.errors.comment?.message}
        {...form.register('comment')}
      />
    </ActionModal>
  );
}

const zRejectReason = z.object({ reason: ZStaffVizaRejectRequest.shape.rejected_reason });

/**
 * Respingeți: the reason and the type's rejection form (rendered by the wizard's form renderer,
 * checked like the server checks it). A type without a published rejection form cannot reject
 * (REJECT_FORM_STAFF): the modal says so instead of offering an empty form.
 */
function RejectModal({ application, opened, onClose }: ModalProps) {
  const { t } = useTranslation('staff-applications');
  const run = useModalAction(application, onClose);
  const fields = useMemo(() => fieldsOf(application.reject_form_definition), [application.reject_form_definition]);
  const form = useForm<{ reason: string }>({ resolver: zodResolver(zRejectReason), defaultValues: { reason: '' } });
  const [values, setValues] = useState<FormValues>({});
  const [answerErrors, setAnswerErrors] = useState<FormErrors>({});
  useResetOnOpen(opened, () => {
    form.reset({ reason: '' });
    setValues({});
    setAnswerErrors({});
    run.reset();
  });
  if (!fields)
    return (
      <ActionModal
        opened={opened}
        onClose={onClose}
        title={t('modals.reject.title')}
        submitLabel={t('modals.reject.submit')}
        perform={async () => onClose()}
        error={null}
        pending={false}
        testId="action-reject"
      >
        <Notice tone="warning" data-testid="reject-form-missing">
          {t('modals.reject.noForm')}
        </Notice>
      </ActionModal>
    );
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title={t('modals.reject.title')}
      intro={t('modals.reject.intro')}
      submitLabel={t('modals.reject.submit')}
      validate={async () => {
        const errors = validateAnswers(fields, values);
        setAnswerErrors(errors);
        const reasonOk = await form.trigger();
        return reasonOk && Object.keys(errors).length === 0;
      }}
      confirmQuestion={t('modals.reject.confirm')}
      destructive
      perform={() =>
        run.run(
          { action: 'reject', body: { rejected_reason: form.getValues('reason').trim(), reject_form: values } },
          t('modals.reject.done'),
        )
      }
      error={run.error}
      pending={run.pending}
      testId="action-reject"
    >
      <Textarea
        label={t('modals.reject.reason')}
        required
        autosize
        minRows={3}
        maxLength={4000}
        error={form.formState.errors.reason?.message}
        data-testid="action-reject-reason"
        {...form.register('reason')}
      />
      <div data-testid="reject-form">
        <FormRenderer fields={fields} values={values} onChange={setValues} errors={answerErrors} attachments="hide" />
      </div>
    </ActionModal>
  );
}

const zType = z.object({ type: z.string({ error: required }).min(1, { error: required }) });

/** Schimbați tipul cererii: another active type of the organisation. */
function ModifyTypeModal({ application, opened, onClose }: ModalProps) {
  const { t } = useTranslation('staff-applications');
  const types = useStaffApplicationTypes();
  const run = useModalAction(application, onClose);
  const form = useForm<{ type: string }>({ resolver: zodResolver(zType), defaultValues: { type: '' } });
  useResetOnOpen(opened, () => {
    form.reset({ type: '' });
    run.reset();
  });
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title={t('actions.modifyType')}
      intro={t('modals.modifyType.intro', { type: application.application_type_name })}
      submitLabel={t('actions.modifyType')}
      validate={() => form.trigger()}
      confirmQuestion={t('modals.modifyType.confirm')}
      perform={() => {
        const id = Number(form.getValues('type'));
        const name = types.data?.find((type) => type.id === id)?.name;
        return run.run(
          {
            action: 'modify-application-type',
            body: { application_type_id: id, ...(name ? { application_type_name: name } : {}) },
          },
          t('modals.modifyType.done', { type: name ?? '' }),
        );
      }}
      error={run.error}
      pending={run.pending}
      testId="action-modify-application-type"
    >
      <Controller
        control={form.control}
        name="type"
        render={({ field, fieldState }) => (
          <Select
            label={t('modals.modifyType.type')}
            placeholder={t('modals.modifyType.placeholder')}
            data={(types.data ?? [])
              .filter((type) => type.id !== application.application_type_id)
              .map((type) => ({ value: String(type.id), label: type.name }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            searchable
            required
            error={fieldState.error?.message ?? (types.isError ? t('form.optionsFailed') : undefined)}
          />
        )}
      />
    </ActionModal>
  );
}

/** The one open modal of the actions bar. */
export function ActionModals({ application, open, onClose }: ActionModalsProps) {
  const common = { application, onClose };
  return (
    <>
      <PersonModal {...common} kind="assign" opened={open === 'assign'} />
      <PersonModal {...common} kind="assign-reviewer" opened={open === 'assign-reviewer'} />
      <ConsultantModal {...common} opened={open === 'send-to-consultant'} />
      <TextActionModal {...common} kind="consultant-review" opened={open === 'consultant-review'} />
      <TextActionModal {...common} kind="request-clarification" opened={open === 'request-clarification'} />
      <TextActionModal {...common} kind="approve" opened={open === 'approve'} />
      <TextActionModal {...common} kind="viza-reject" opened={open === 'viza-reject'} />
      <StaffReviewModal {...common} opened={open === 'staff-review'} />
      <RejectModal {...common} opened={open === 'reject'} />
      <ModifyTypeModal {...common} opened={open === 'modify-application-type'} />
    </>
  );
}
