import {
  APPLICATION_MESSAGES,
  type ApplicationCreateRequest,
  type ApplicationListItem,
  type ApplicationPatchRequest,
  DEFAULT_SIGN_DETAILS,
  type FormDefinition,
  resumeClock,
  todayInRomania,
} from '@ghiseu/domain';
import type { applications } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { listPage, parseListQuery, type ParsedList } from '../../platform/list-query.js';
import { isUniqueViolation } from '../../platform/db.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { applicationParts } from './parts.js';
import { ownDraft } from './draft.js';
import { attachmentKeys, checkSubmission, keepKnownAnswers, looseFormIssues, mergePatch } from './form-rules.js';
import { takeIncomingNumber } from '../application-types/index.js';
import { applicationTaxSummary, applicationTypeDiscounts, checkTaxInputs, taxInputsOf } from '../taxes/index.js';
import { applicationAbilities, isApplicant, mayReadApplication, mayReadApplicationRow, ownApplications } from './policy.js';
import { declaredLandArea, presentApplication, presentListItem } from './presenter.js';
import * as repo from './repository.js';

/**
 * Citizen applications (spec §2, §4, §7): drafts created, saved half-filled, resumed and
 * submitted; comments and clarification answers afterwards. Every change is one transaction
 * with its audit entry; the business moments (draft created or deleted, submitted, comment,
 * clarification answered) also leave a domain event for notifications.
 */

const ENTITY = 'application';

/* ───────────────────────────── Reading ───────────────────────────── */

/** Rows grouped by application id (Map.groupBy needs Node 21). */
function byApplication<T extends { applicationId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.applicationId);
    if (group) group.push(row);
    else groups.set(row.applicationId, [row]);
  }
  return groups;
}

async function presentRows(db: Db, actor: Actor, rows: repo.ApplicationListRow[]): Promise<ApplicationListItem[]> {
  const ids = rows.map((r) => r.application.id);
  const [names, numbers] = await Promise.all([repo.beneficiaryNames(db, ids), repo.cadastralNumbers(db, ids)]);
  const namesOf = byApplication(names);
  const numbersOf = byApplication(numbers);
  return rows.map((row) =>
    presentListItem(
      actor,
      row,
      namesOf.get(row.application.id) ?? [],
      (numbersOf.get(row.application.id) ?? []).map((n) => n.cadastralNumber),
    ),
  );
}

export async function listApplications(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.APPLICATION_LIST);
  // repo.listOwnApplications reads the same rows as ownApplications(actor).
  const list = repo.listOwnApplications(ctx.db, parsed, actor.userId);
  return listPage(parsed, async () => presentRows(ctx.db, actor, await list.rows()), list.total);
}

/** Most rows `listAll` answers with: it is unpaged, but never unbounded. */
const LIST_ALL_CAP = 5000;

/** `listAll`: the same filters and sort, without paging. */
export async function listAllApplications(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const { limit: _limit, skip: _skip, pagination: _pagination, ...rest } = query;
  const parsed: ParsedList = { ...parseListQuery(rest, repo.APPLICATION_LIST), skip: 0, limit: LIST_ALL_CAP, pagination: false };
  const rows = await repo.listApplications(ctx.db, parsed, [ownApplications(actor)]).rows();
  return { data: await presentRows(ctx.db, actor, rows) };
}

/** The full record (spec §3) of an application the actor may read. */
export async function getApplication(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findApplicationListRow(ctx.db, id);
  if (!row || !(await mayReadApplicationRow(ctx.db, actor, row.application))) throw notFound();
  return applicationRecord(ctx.db, actor, row);
}

/**
 * The full record of an application row, without a policy check (the caller made it): the
 * citizen's GET and the staff record (staff/service.ts) build on it.
 */
export async function applicationRecord(db: Db, actor: Actor, row: repo.ApplicationDetailRow) {
  const a = row.application;
  const id = a.id;
  const editable = applicationAbilities(actor, a).canEdit;
  const itemAbilities = { canEdit: editable, canDelete: editable };
  const parts = applicationParts();
  const [formVersion, beneficiaries, realEstates, files, comments, applicantName] = await Promise.all([
    repo.findFormVersion(db, a.formVersionId),
    parts.beneficiaries.detail(db, id, itemAbilities),
    parts.realEstates.detail(db, id),
    repo.applicationFileRows(db, id),
    repo.visibleComments(db, id),
    repo.userName(db, a.applicantUserId),
  ]);
  return presentApplication(actor, {
    row,
    applicantName,
    formVersion,
    ...beneficiaries,
    ...realEstates,
    files,
    comments,
  });
}

/* ───────────────────────────── Drafts ───────────────────────────── */

/**
 * A type the actor may file now: active, of the inbound category (the others are the staff's)
 * and with a published citizen form. Anything else, an unknown id included, gets the same
 * field error.
 */
async function filingType(db: Db, id: number): Promise<repo.FilingType & { definition: FormDefinition; formVersionId: number }> {
  const type = await repo.findFilingType(db, id);
  if (type?.status !== 'active' || type.category !== 'inbound')
    throw invalidField('body.application_type_id', APPLICATION_MESSAGES.typeUnavailable);
  const version = await repo.findFormVersion(db, type.formVersionId);
  if (!version) throw invalidField('body.application_type_id', APPLICATION_MESSAGES.typeWithoutForm);
  return { ...type, formVersionId: version.id, definition: version.definition };
}

function checkLooseForm(definition: FormDefinition, form: Record<string, unknown>): void {
  const issues = looseFormIssues(definition, form, {
    unknownField: APPLICATION_MESSAGES.unknownFormField,
    fieldType: APPLICATION_MESSAGES.fieldType,
  });
  if (issues.length > 0)
    throw new AppError('VALIDATION_ERROR', { fields: issues.map((i) => ({ path: `body.${i.path}`, message: i.message })) });
}

/** What the audit log keeps of a draft. */
const draftSnapshot = (
  a: Pick<repo.ApplicationRow, 'applicationTypeId' | 'purpose' | 'formData' | 'signDetails' | 'status'>,
) => ({
  application_type_id: a.applicationTypeId,
  status: a.status,
  purpose: a.purpose,
  form: a.formData,
  sign_details: a.signDetails,
});

export async function createApplication(ctx: AppContext, actor: Actor, input: ApplicationCreateRequest, meta: RequestMeta) {
  const type = await filingType(ctx.db, input.application_type_id);
  const form = mergePatch({}, input.form ?? {});
  checkLooseForm(type.definition, form);
  const id = await ctx.db.transaction(async (tx) => {
    const values = {
      applicationTypeId: type.id,
      formVersionId: type.formVersionId,
      organisationId: type.organisationId,
      applicantUserId: actor.userId,
      createdBy: actor.userId,
      status: 'DRAFT' as const,
      purpose: input.purpose ?? null,
      formData: form,
      signDetails: input.sign_details ?? DEFAULT_SIGN_DETAILS,
    };
    const created = await repo.insertApplication(tx, values);
    await repo.refreshQuickSearch(tx, created);
    await audit(tx, actor, meta, {
      organisationId: type.organisationId,
      action: 'application.create',
      entityType: ENTITY,
      entityId: created,
      after: draftSnapshot(values),
    });
    await emitDomainEvent(tx, {
      type: 'application.draft_created',
      entityType: ENTITY,
      entityId: created,
      actorUserId: actor.userId,
      payload: { application_type_id: type.id, organisation_id: type.organisationId },
    });
    return created;
  });
  return getApplication(ctx, actor, id);
}

/**
 * Saves a draft (merge-patch). A new type moves the draft to that type's published form and
 * organisation and, as spec §4 says, resets the real-estate targets and the signing details;
 * answers and attachments the new form does not know are dropped with it.
 */
export async function patchApplication(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: ApplicationPatchRequest,
  meta: RequestMeta,
) {
  await ctx.db.transaction(async (tx) => {
    const current = await ownDraft(tx, actor, id);
    const typeChanged = patch.application_type_id !== undefined && patch.application_type_id !== current.applicationTypeId;
    const type = typeChanged ? await filingType(tx, patch.application_type_id as number) : undefined;
    const version = type ?? (await repo.findFormVersion(tx, current.formVersionId));
    if (!version) throw invalidField('body.application_type_id', APPLICATION_MESSAGES.typeWithoutForm);
    const definition = version.definition;

    let form = current.formData;
    if (patch.form) {
      checkLooseForm(definition, patch.form);
      form = mergePatch(form, patch.form);
    }
    const values: Partial<typeof applications.$inferInsert> = { formData: form };
    if (patch.purpose !== undefined) values.purpose = patch.purpose;
    if (patch.sign_details) values.signDetails = patch.sign_details;
    // Tax validator fields and the chosen discount (issue 13); `is_paid` is never written here.
    if (patch.tax_inputs !== undefined) values.taxInputs = patch.tax_inputs === null ? null : checkTaxInputs(patch.tax_inputs);
    if (patch.discount_name !== undefined) {
      const name = patch.discount_name || null;
      if (name !== null) {
        const discounts = await applicationTypeDiscounts(tx, type?.id ?? current.applicationTypeId);
        if (!discounts.some((discount) => discount.name === name))
          throw invalidField('body.discount_name', 'Reducerea aleasă nu există pentru acest tip de cerere.');
      }
      values.discountName = name;
    }
    let reset: Record<string, number> | undefined;
    if (type) {
      values.applicationTypeId = type.id;
      values.formVersionId = type.formVersionId;
      values.organisationId = type.organisationId;
      values.formData = keepKnownAnswers(definition, form);
      values.signDetails = patch.sign_details ?? DEFAULT_SIGN_DETAILS;
      const keys = attachmentKeys(definition);
      const files = await repo.applicationFileRows(tx, id);
      const orphans = files.filter((f) => f.fileType === 'input' && (f.category === null || !keys.has(f.category)));
      await repo.deleteApplicationFiles(
        tx,
        orphans.map((f) => f.id),
      );
      reset = { real_estates: await applicationParts().realEstates.removeAll(tx, id), files: orphans.length };
      values.uatId = null;
      values.realEstateType = null;
    }
    await repo.updateApplication(tx, id, values);
    await repo.refreshQuickSearch(tx, id);
    await audit(tx, actor, meta, {
      organisationId: values.organisationId ?? current.organisationId,
      action: 'application.update',
      entityType: ENTITY,
      entityId: id,
      before: draftSnapshot(current),
      after: {
        ...draftSnapshot({ ...current, ...values } as repo.ApplicationRow),
        ...(values.taxInputs !== undefined ? { tax_inputs: values.taxInputs } : {}),
        ...(values.discountName !== undefined ? { discount_name: values.discountName } : {}),
        ...(reset ? { reset } : {}),
      },
    });
  });
  return getApplication(ctx, actor, id);
}

export async function deleteDraft(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const current = await ownDraft(tx, actor, id);
    // Children (beneficiaries, real estates, file links, comments) go with it; uploaded files stay the user's.
    await repo.deleteApplication(tx, id);
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'application.delete_draft',
      entityType: ENTITY,
      entityId: id,
      before: draftSnapshot(current),
    });
    await emitDomainEvent(tx, {
      type: 'application.draft_deleted',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: { application_type_id: current.applicationTypeId },
    });
  });
}

/* ───────────────────────────── Submission ───────────────────────────── */

/**
 * Submits a draft (spec §4: DRAFT → NEW). Inside ONE transaction, with the draft row locked:
 * the form data is checked in full against the version it was filled with (attachments per
 * field, beneficiaries, real estates), the entry number is taken from the type's incoming
 * series (the counter row lock makes concurrent submissions wait for each other: distinct,
 * contiguous numbers, and a failed submission gives its number back), then status, dates, the
 * response term and the search text are written with the audit entry and the
 * 'application.submitted' event.
 */
export async function submitApplication(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  await uniqueEntryNumber(() => submitInTransaction(ctx, actor, id, meta));
  return getApplication(ctx, actor, id);
}

/**
 * Two series of one organisation printing the same numbers (same prefix and separator) would
 * give two applications one entry number; the unique index refuses the second. That is a
 * configuration fault, answered as a conflict rather than a bare 500.
 */
async function uniqueEntryNumber(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { reason: 'identification_number_taken' });
    throw error;
  }
}

/**
 * What submitting a draft checks before anything is written: the type still files, its form, the
 * answers, the attachments, beneficiaries and real estates (INVALID_FORM_VALUE with the fields).
 * Also asked before the applicant signs a draft ("sign and submit"), so a draft that could not be
 * submitted is never signed and locked.
 */
export async function submissionCheck(tx: Db, current: repo.ApplicationRow) {
  const type = await repo.findFilingType(tx, current.applicationTypeId);
  if (type?.status !== 'active') throw invalidField('application_type_id', APPLICATION_MESSAGES.typeUnavailable);
  const version = await repo.findFormVersion(tx, current.formVersionId);
  if (!version) throw invalidField('application_type_id', APPLICATION_MESSAGES.typeWithoutForm);
  const files = (await repo.applicationFileRows(tx, current.id)).filter((f) => f.fileType === 'input');
  const filesByKey: Record<string, number[]> = {};
  for (const file of files) if (file.category) filesByKey[file.category] = [...(filesByKey[file.category] ?? []), file.fileId];
  const parts = applicationParts();
  const [beneficiaries, realEstates] = await Promise.all([
    parts.beneficiaries.count(tx, current.id),
    parts.realEstates.count(tx, current.id),
  ]);
  const check = checkSubmission(version.definition, current.formData, filesByKey, { beneficiaries, realEstates });
  if (check.issues.length > 0) throw new AppError('INVALID_FORM_VALUE', { fields: check.issues });
  return { type, files, check };
}

/**
 * The tax summary stored at submission (issue 13): the type's taxes in force today for the
 * application's land area (its real estates), the tax validator fields, online signing and the
 * chosen discount (TAX_INPUTS_MISSING when a tax lacks its input). A total of 0 makes the
 * application paid; when a discount brought it to 0 the payment type is DISCOUNT.
 */
async function submissionTaxes(tx: Db, current: repo.ApplicationRow, at: Date) {
  const { realEstates } = await applicationParts().realEstates.detail(tx, current.id);
  const { summary, total } = await applicationTaxSummary(tx, {
    applicationTypeId: current.applicationTypeId,
    organisationId: current.organisationId,
    taxInputs: taxInputsOf(current.taxInputs ?? null, declaredLandArea(realEstates)),
    discountName: current.discountName ?? null,
    onlineSigning: (current.signDetails as { isOnline?: boolean } | null)?.isOnline !== false,
    // The day in Romania: the taxes in force on it apply.
    date: todayInRomania(at),
  });
  const free = total === '0.00';
  return {
    taxSummary: summary as unknown as Record<string, unknown>,
    totalTax: total,
    ...(free ? { isPaid: true, paymentType: summary.gross !== '0.00' ? ('DISCOUNT' as const) : null } : {}),
  };
}

function submitInTransaction(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const current = await ownDraft(tx, actor, id, { lock: true, submitting: true });
    const { type, files, check } = await submissionCheck(tx, current);

    // Files of fields the applicant's answers hid do not go with the file (validateFormData); the
    // request the applicant signed ("sign and submit": no field, status signed) always does.
    await repo.deleteApplicationFiles(
      tx,
      files
        .filter((f) => f.status !== 'signed' && (f.category === null || !check.visibleAttachmentKeys.has(f.category)))
        .map((f) => f.id),
    );
    const submittedAt = new Date();
    const taxes = await submissionTaxes(tx, current, submittedAt);
    const number = await takeIncomingNumber(tx, current.applicationTypeId);
    await repo.updateApplication(tx, id, {
      status: 'NEW',
      formData: check.value,
      identificationNumber: number.code,
      seriesId: number.seriesId,
      seriesIndex: number.index,
      applicationDate: submittedAt,
      responseDueInDays: type.remainingPeriod,
      ...taxes,
    });
    await repo.refreshQuickSearch(tx, id);
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'application.submit',
      entityType: ENTITY,
      entityId: id,
      before: { status: current.status },
      after: { status: 'NEW', identification_number: number.code, application_date: submittedAt.toISOString() },
    });
    await emitDomainEvent(tx, {
      type: 'application.submitted',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: {
        identification_number: number.code,
        application_type_id: current.applicationTypeId,
        organisation_id: current.organisationId,
        applicant_user_id: current.applicantUserId,
        application_date: submittedAt.toISOString(),
      },
    });
  });
}

/* ───────────────────────────── After submission ───────────────────────────── */

/** The actor's own submitted application, row-locked. */
async function ownSubmitted(tx: Db, actor: Actor, id: number): Promise<repo.ApplicationRow> {
  const row = await repo.findApplication(tx, id, { lock: true });
  if (!row || !mayReadApplication(actor, row)) throw notFound();
  if (!isApplicant(actor, row)) throw new AppError('FORBIDDEN');
  if (row.status === 'DRAFT') throw new AppError('APPLICATION_NOT_SUBMITTED');
  return row;
}

export async function addComment(ctx: AppContext, actor: Actor, id: number, text: string, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const current = await ownSubmitted(tx, actor, id);
    if (!applicationAbilities(actor, current).canComment) throw new AppError('FORBIDDEN');
    const commentId = await repo.insertComment(tx, { applicationId: id, authorUserId: actor.userId, text });
    await repo.updateApplication(tx, id, {});
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'application.comment',
      entityType: ENTITY,
      entityId: id,
      after: { comment_id: commentId, text },
    });
    await emitDomainEvent(tx, {
      type: 'application.comment_added',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: { comment_id: commentId, organisation_id: current.organisationId, by_applicant: true },
    });
  });
  return getApplication(ctx, actor, id);
}

/**
 * The applicant's answer to a clarification request (`send-review`): only while the
 * application is in clarifications (REVIEW); the answer becomes a clarification comment and the
 * application returns to verification (PENDING).
 */
export async function answerClarification(ctx: AppContext, actor: Actor, id: number, text: string, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const current = await ownSubmitted(tx, actor, id);
    if (current.status !== 'REVIEW') throw new AppError('CONFLICT', { reason: 'not_in_review', status: current.status });
    const commentId = await repo.insertComment(tx, {
      applicationId: id,
      authorUserId: actor.userId,
      text,
      isClarification: true,
    });
    // The answer restarts the legal clock: the due day moves by the working days it stood still.
    const clock = resumedClock(current);
    await repo.updateApplication(tx, id, { status: 'PENDING', ...clock });
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'application.clarification_answer',
      entityType: ENTITY,
      entityId: id,
      before: { status: current.status, response_due_date: current.responseDueDate },
      after: { status: 'PENDING', comment_id: commentId, response_due_date: clock.responseDueDate ?? current.responseDueDate },
    });
    await emitDomainEvent(tx, {
      type: 'application.clarification_answered',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: { comment_id: commentId, organisation_id: current.organisationId, assignee_user_id: current.assigneeUserId },
    });
  });
  return getApplication(ctx, actor, id);
}

/** The clock columns after a paused clock resumes today (nothing when it runs). */
function resumedClock(
  a: Pick<repo.ApplicationRow, 'clockPausedAt' | 'responseDueDate' | 'pausedWorkingDays'>,
): Partial<typeof applications.$inferInsert> {
  if (!a.clockPausedAt) return {};
  if (!a.responseDueDate) return { clockPausedAt: null };
  const resumed = resumeClock({ dueDate: a.responseDueDate, pausedOn: todayInRomania(a.clockPausedAt) });
  return {
    clockPausedAt: null,
    responseDueDate: resumed.dueDate,
    pausedWorkingDays: a.pausedWorkingDays + resumed.pausedWorkingDays,
  };
}

/* ───────────────────────────── For other modules (public-status) ───────────────────────────── */

/**
 * An application the actor may read by the applications policy, or 404. `lock` locks the row
 * for the rest of the transaction (pass the transaction as `db`).
 */
export async function findReadableApplication(
  db: Db,
  actor: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<repo.ApplicationRow> {
  const application = await repo.findApplication(db, id, options);
  if (!application || !mayReadApplication(actor, application)) throw notFound();
  return application;
}

/** An application with the names of its type and organisation (no policy check: the caller made it). */
export function findApplicationSummary(db: Db, id: number): Promise<repo.ApplicationDetailRow | undefined> {
  return repo.findApplicationListRow(db, id);
}

/** The files attached to an application, in their order. */
export function listAttachedFiles(db: Db, applicationId: number): Promise<repo.ApplicationFileRow[]> {
  return repo.applicationFileRows(db, applicationId);
}

/** The form version an application was filled in with. */
export function findApplicationFormVersion(db: Db, versionId: number | null): Promise<repo.FormVersionRow | undefined> {
  return repo.findFormVersion(db, versionId);
}
