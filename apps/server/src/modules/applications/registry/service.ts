import {
  APPLICATION_MESSAGES,
  APPLICATION_STATUS_LABELS,
  DEFAULT_SETTINGS,
  type FormDefinition,
  type InviteBeneficiaryRequest,
  isStaffType,
  type RealEstateCreateRequest,
  type RegisterApplicationRequest,
  type RegisterDocumentRequest,
  REGISTRY_DOCUMENT_TYPES,
  REGISTRY_MESSAGES,
  responseDueDate,
  type RegistryApplicationPatch,
  type RegistryFormPatch,
  type RegistryKind,
  type RegistryRecord,
  type RegistrySendRequest,
  type SignDetails,
  todayInRomania,
} from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { type Db, isUniqueViolation } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { emitDomainEvent } from '../../../platform/events.js';
import { qrCodeDataUrl, renderPdf } from '../../../platform/pdf.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../../platform/request.js';
import { takeIncomingNumber } from '../../application-types/index.js';
import { findUserByEmail, findUserById } from '../../auth/index.js';
import { insertRegistryBeneficiary, type PreparedBeneficiary, prepareRegistryBeneficiary } from '../../beneficiaries/index.js';
import { findOwnFile } from '../../files/index.js';
import { insertRegistryRealEstate } from '../../real-estate/index.js';
import { attachmentField, checkSubmission, looseFormIssues, mergePatch } from '../form-rules.js';
import { applicationParts } from '../parts.js';
import * as apps from '../repository.js';
import { mayUseRegistry, registryAbilities } from './policy.js';
import * as repo from './repository.js';
import { type SlipData, slipDocument } from './slip.js';
import { sendTemplated } from '../../notifications/index.js';

/**
 * The general registry (spec §2 /register-application, §3 Document register, §4 register,
 * REGISTERED and offline signing details, §5 document registration files, §7 register*,
 * registry-send, invite-beneficiary). Staff register, for a walk-in person or an organisation:
 *
 * - an APPLICATION of an inbound type of their organisation, with the type's citizen form
 *   answered by the clerk (checked in full, as a submission is), the beneficiary (from the
 *   clerk's register or typed in), the real estates and attachments the form asks for;
 * - an INCOMING DOCUMENT: the type whose incoming series numbers it, the issuer, the subject,
 *   the external number and date, the connected documents and the scan (required; PDF, JPEG or
 *   PNG by content, at most 50 MB: uploaded with the files module's `register` purpose).
 *
 * Both are applications with status REGISTERED from the start, an entry number from the type's
 * incoming series (taken in the transaction: no gaps), `sign_details` {isOnline:false,
 * package:null} and a `registry_records` row. The tax authority is asked about a company's CUI
 * before the transaction, never inside it.
 *
 * The applicant (decision, see the registry README in the final report): the beneficiary's own
 * portal account when one exists with the beneficiary's e-mail (a citizen, foreigner or legal
 * entity, active), so the file shows in their /applications; otherwise the registering clerk is
 * the recorded applicant (`applicant_user_id` is required) and the record is flagged
 * `applicant_is_placeholder`: the person is the application's beneficiary, who can follow the
 * file on the public status page or be invited to create an account.
 */

const ENTITY = 'application';
const OFFLINE: SignDetails = { isOnline: false, package: null };
const CONNECTION_SEARCH_LIMIT = 20;
const APPLICANT_TYPES = new Set(['citizen', 'foreigner', 'legal_entity']);
/** Attachment category of the scan of an incoming document in the application's files. */
export const REGISTRY_DOCUMENT_CATEGORY = 'registry_document';

/* ───────────────────────────── Reading ───────────────────────────── */

/** The registered application, in the actor's reach, with its registry row; 404 otherwise. */
async function reachable(db: Db, actor: Actor, id: number, options: { lock?: boolean } = {}) {
  const application = await apps.findApplication(db, id, options);
  if (!application || !mayUseRegistry(actor, application.organisationId)) throw notFound();
  const record = await repo.findRecord(db, id);
  if (!record) throw notFound();
  return { application, record };
}

export async function getRegistryRecord(ctx: AppContext, actor: Actor, id: number): Promise<RegistryRecord> {
  const { record } = await reachable(ctx.db, actor, id);
  const row = await apps.findApplicationListRow(ctx.db, id);
  if (!row) throw notFound();
  const a = row.application;
  const [beneficiaries, connected, documentFile, applicantName, registeredBy, sentTo, invited] = await Promise.all([
    applicationParts().beneficiaries.detail(ctx.db, id, { canEdit: false, canDelete: false }),
    repo.connectionsByIds(ctx.db, record.connectedApplicationIds),
    repo.fileSummary(ctx.db, record.documentFileId),
    repo.personName(ctx.db, a.applicantUserId),
    repo.personName(ctx.db, record.registeredBy),
    repo.personName(ctx.db, record.sentTo),
    repo.invitedEmails(ctx.db, id),
  ]);
  const first = beneficiaries.beneficiaries[0];
  return {
    id,
    kind: record.kind,
    identification_number: a.identificationNumber ?? String(id),
    status: a.status,
    status_label: APPLICATION_STATUS_LABELS[a.status],
    application_type_id: a.applicationTypeId,
    application_type_name: row.typeName,
    organisation_id: a.organisationId,
    application_date: (a.applicationDate ?? a.createdAt).toISOString(),
    purpose: a.purpose,
    form: a.formData,
    sign_details: a.signDetails,
    applicant: { id: a.applicantUserId, name: applicantName, is_placeholder: record.applicantIsPlaceholder },
    beneficiary: first ? { name: first.display_name, email: first.email } : null,
    external_number: record.externalNumber,
    external_date: record.externalDate,
    subject: record.subject,
    connected: connected.map((c) => ({
      id: c.id,
      identification_number: c.identificationNumber,
      application_type_name: c.typeName,
      status: c.status,
      application_date: c.applicationDate ? c.applicationDate.toISOString() : null,
    })),
    document_file: documentFile
      ? { id: documentFile.id, name: documentFile.name, size: documentFile.size, mime_type: documentFile.mimeType }
      : null,
    slip: {
      version: record.slipVersion,
      generated_at: record.slipGeneratedAt.toISOString(),
      url: `/api/staff-applications/${id}/registry-slip`,
    },
    sent_at: record.sentAt ? record.sentAt.toISOString() : null,
    sent_to: record.sentTo ? { id: record.sentTo, name: sentTo } : null,
    invited_emails: invited,
    registered_by: { id: record.registeredBy, name: registeredBy },
    abilities: registryAbilities(actor, { organisationId: a.organisationId, status: a.status, kind: record.kind }),
  };
}

/** `GET /staff-applications/registry/connections?value=`: the connected-document search. */
export async function searchConnections(ctx: AppContext, actor: Actor, value: string) {
  if (actor.organisationId === null) return [];
  const rows = await repo.searchConnections(ctx.db, actor.organisationId, value, CONNECTION_SEARCH_LIMIT);
  return rows.map((c) => ({
    id: c.id,
    identification_number: c.identificationNumber,
    application_type_name: c.typeName,
    status: c.status,
    application_date: c.applicationDate ? c.applicationDate.toISOString() : null,
  }));
}

/** `GET /staff-applications/registry/assignees`: the active staff of the actor's organisation. */
export async function listAssignees(ctx: AppContext, actor: Actor) {
  if (actor.organisationId === null) return [];
  const rows = await repo.assignees(ctx.db, actor.organisationId);
  return rows.map((u) => ({ id: u.id, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email, email: u.email }));
}

/* ───────────────────────────── Checks shared by the writes ───────────────────────────── */

interface RegistryType extends apps.FilingType {
  definition: FormDefinition | null;
}

/** An active inbound type of an organisation the actor registers for (its citizen form for applications). */
async function registrableType(db: Db, actor: Actor, id: number, needsForm: boolean): Promise<RegistryType> {
  const type = await apps.findFilingType(db, id);
  if (type?.status !== 'active' || type.category !== 'inbound' || !mayUseRegistry(actor, type.organisationId))
    throw invalidField('body.application_type_id', REGISTRY_MESSAGES.typeNotRegistrable);
  const version = await apps.findFormVersion(db, type.formVersionId);
  if (needsForm && !version) throw invalidField('body.application_type_id', APPLICATION_MESSAGES.typeWithoutForm);
  return { ...type, definition: version?.definition ?? null };
}

/** The connected documents: submitted applications of the same organisation. */
async function checkedConnections(db: Db, organisationId: number, ids: readonly number[], selfId?: number): Promise<number[]> {
  const unique = [...new Set(ids)].filter((id) => id !== selfId);
  const rows = await repo.connectionsByIds(db, unique);
  const ok = new Set(rows.filter((r) => r.organisationId === organisationId && r.status !== 'DRAFT').map((r) => r.id));
  const missing = unique.findIndex((id) => !ok.has(id));
  if (missing >= 0) throw invalidField(`body.registry.connected_application_ids.${missing}`, REGISTRY_MESSAGES.connectedUnknown);
  return unique;
}

/** The scan of an incoming document: the actor's own upload, PDF, JPEG or PNG (checked by content at upload). */
async function checkedDocumentFile(db: Db, actor: Actor, fileId: number, path: string) {
  const file = await findOwnFile(db, fileId, actor.userId);
  if (!file) throw invalidField(path, REGISTRY_MESSAGES.documentFileUnknown);
  if (!(REGISTRY_DOCUMENT_TYPES as readonly string[]).includes(file.mimeType))
    throw new AppError('VALIDATION.UPLOADED_FILE_TYPE', { allowed: REGISTRY_DOCUMENT_TYPES, detected: file.mimeType });
  if (await apps.isFileAttached(db, file.id)) throw invalidField(path, APPLICATION_MESSAGES.fileAlreadyAttached);
  return file;
}

/**
 * The attachments of a desk application: the clerk's own uploads, on attachment fields of the
 * form, of the types the field accepts, not attached elsewhere. Answers them by field key.
 */
async function checkedAttachments(
  db: Db,
  actor: Actor,
  definition: FormDefinition,
  attachments: RegisterApplicationRequest['attachments'],
) {
  const byKey: Record<string, number[]> = {};
  const rows: { fileId: number; category: string; name: string }[] = [];
  for (const [index, attachment] of attachments.entries()) {
    const path = `body.attachments.${index}`;
    const file = await findOwnFile(db, attachment.file_id, actor.userId);
    if (!file) throw invalidField(`${path}.file_id`, REGISTRY_MESSAGES.documentFileUnknown);
    if (await apps.isFileAttached(db, file.id)) throw invalidField(`${path}.file_id`, APPLICATION_MESSAGES.fileAlreadyAttached);
    const field = attachmentField(definition, attachment.category);
    if (!field) throw invalidField(`${path}.category`, APPLICATION_MESSAGES.unknownAttachmentField);
    if (!(field.accept as readonly string[]).includes(file.mimeType))
      throw new AppError('VALIDATION.UPLOADED_FILE_TYPE', {
        allowed: field.accept,
        detected: file.mimeType,
        category: field.key,
      });
    byKey[field.key] = [...(byKey[field.key] ?? []), file.id];
    rows.push({ fileId: file.id, category: field.key, name: file.name });
  }
  return { byKey, rows };
}

function formValidation(definition: FormDefinition, form: Record<string, unknown>): void {
  const issues = looseFormIssues(definition, form, {
    unknownField: APPLICATION_MESSAGES.unknownFormField,
    fieldType: APPLICATION_MESSAGES.fieldType,
  });
  if (issues.length > 0)
    throw new AppError('VALIDATION_ERROR', { fields: issues.map((i) => ({ path: `body.form.${i.path}`, message: i.message })) });
}

/**
 * The applicant of a desk registration: the beneficiary's own active account (same e-mail, an
 * applicant role), or the clerk as a placeholder.
 */
async function applicantFor(db: Db, actor: Actor, beneficiary: PreparedBeneficiary) {
  const email = beneficiary.values.email;
  const account = email ? await findUserByEmail(db, email) : undefined;
  if (account && account.status === 'active' && APPLICANT_TYPES.has(account.userType))
    return { applicantUserId: account.id, placeholder: false };
  return { applicantUserId: actor.userId, placeholder: true };
}

/** A second series of one organisation printing the same number: a configuration fault, answered 409. */
async function uniqueEntryNumber<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { reason: 'identification_number_taken' });
    throw error;
  }
}

interface Registration {
  kind: RegistryKind;
  type: RegistryType;
  beneficiary: PreparedBeneficiary;
  form: Record<string, unknown>;
  purpose: string | null;
  realEstates: RealEstateCreateRequest[];
  files: { fileId: number; category: string }[];
  registry: {
    externalNumber: string | null;
    externalDate: string | null;
    subject: string | null;
    connectedIds: readonly number[];
    documentFileId: number | null;
  };
}

/** The one transaction of both registrations: number, application, parts, registry row, audit, event. */
async function register(ctx: AppContext, actor: Actor, input: Registration, meta: RequestMeta): Promise<number> {
  const { applicantUserId, placeholder } = await applicantFor(ctx.db, actor, input.beneficiary);
  return uniqueEntryNumber(() =>
    ctx.db.transaction(async (tx) => {
      const organisationId = input.type.organisationId;
      const connected = await checkedConnections(tx, organisationId, input.registry.connectedIds);
      const number = await takeIncomingNumber(tx, input.type.id);
      const registeredAt = new Date();
      const id = await apps.insertApplication(tx, {
        applicationTypeId: input.type.id,
        formVersionId: input.type.formVersionId,
        organisationId,
        applicantUserId,
        createdBy: actor.userId,
        status: 'REGISTERED',
        identificationNumber: number.code,
        seriesId: number.seriesId,
        seriesIndex: number.index,
        applicationDate: registeredAt,
        registeredAt,
        responseDueInDays: input.type.remainingPeriod,
        // The legal clock starts at the desk (processing/clock.ts), as for a registered filing.
        responseDueDate: responseDueDate(todayInRomania(registeredAt), input.type.remainingPeriod),
        purpose: input.purpose,
        formData: input.form,
        signDetails: OFFLINE,
      });
      await insertRegistryBeneficiary(ctx, tx, id, input.beneficiary);
      for (const [index, target] of input.realEstates.entries())
        await insertRegistryRealEstate(tx, organisationId, id, target, index);
      if (input.realEstates.length > 0) await apps.syncFirstTarget(tx, id);
      for (const file of input.files)
        await apps.insertApplicationFile(tx, {
          applicationId: id,
          fileId: file.fileId,
          fileType: 'input',
          category: file.category,
          createdBy: actor.userId,
        });
      await repo.insertRecord(tx, {
        applicationId: id,
        organisationId,
        kind: input.kind,
        externalNumber: input.registry.externalNumber,
        externalDate: input.registry.externalDate,
        subject: input.registry.subject,
        connectedApplicationIds: connected,
        documentFileId: input.registry.documentFileId,
        applicantIsPlaceholder: placeholder,
        registeredBy: actor.userId,
      });
      await apps.refreshQuickSearch(tx, id);
      await audit(tx, actor, meta, {
        organisationId,
        action: input.kind === 'document' ? 'application.registry_document' : 'application.registry_register',
        entityType: ENTITY,
        entityId: id,
        after: {
          status: 'REGISTERED',
          identification_number: number.code,
          application_type_id: input.type.id,
          kind: input.kind,
          applicant_is_placeholder: placeholder,
          external_number: input.registry.externalNumber,
          connected_application_ids: connected,
          document_file_id: input.registry.documentFileId,
          real_estates: input.realEstates.length,
          files: input.files.length,
        },
      });
      await emitDomainEvent(tx, {
        type: 'application.registered',
        entityType: ENTITY,
        entityId: id,
        actorUserId: actor.userId,
        payload: {
          identification_number: number.code,
          application_type_id: input.type.id,
          organisation_id: organisationId,
          applicant_user_id: applicantUserId,
          application_date: registeredAt.toISOString(),
          via: 'registry',
          kind: input.kind,
        },
      });
      return id;
    }),
  );
}

/* ───────────────────────────── The two registrations ───────────────────────────── */

/** `POST /staff-applications/register`: an application filed at the desk, REGISTERED at once. */
export async function registerApplication(
  ctx: AppContext,
  actor: Actor,
  input: RegisterApplicationRequest,
  meta: RequestMeta,
): Promise<RegistryRecord> {
  const type = await registrableType(ctx.db, actor, input.application_type_id, true);
  const definition = type.definition as FormDefinition;
  const form = mergePatch({}, input.form);
  formValidation(definition, form);
  const attachments = await checkedAttachments(ctx.db, actor, definition, input.attachments);
  const check = checkSubmission(definition, form, attachments.byKey, {
    beneficiaries: 1,
    realEstates: input.real_estates.length,
  });
  if (check.issues.length > 0) throw new AppError('INVALID_FORM_VALUE', { fields: check.issues });
  const beneficiary = await prepareRegistryBeneficiary(ctx, actor, input.beneficiary);
  const id = await register(
    ctx,
    actor,
    {
      kind: 'application',
      type,
      beneficiary,
      form: check.value,
      purpose: input.purpose ?? null,
      realEstates: input.real_estates,
      // Files of fields the answers hid do not go with the file (as at a citizen's submission).
      files: attachments.rows.filter((f) => check.visibleAttachmentKeys.has(f.category)),
      registry: {
        externalNumber: input.registry.external_number ?? null,
        externalDate: input.registry.external_date ?? null,
        subject: input.registry.subject ?? null,
        connectedIds: input.registry.connected_application_ids,
        documentFileId: null,
      },
    },
    meta,
  );
  return getRegistryRecord(ctx, actor, id);
}

/** `POST /staff-applications/generate-registry-doc`: an incoming document with its scan, REGISTERED at once. */
export async function registerDocument(
  ctx: AppContext,
  actor: Actor,
  input: RegisterDocumentRequest,
  meta: RequestMeta,
): Promise<RegistryRecord> {
  const type = await registrableType(ctx.db, actor, input.application_type_id, false);
  const file = await checkedDocumentFile(ctx.db, actor, input.document_file_id, 'body.document_file_id');
  const beneficiary = await prepareRegistryBeneficiary(ctx, actor, input.beneficiary);
  const id = await register(
    ctx,
    actor,
    {
      kind: 'document',
      type,
      beneficiary,
      form: {},
      purpose: input.registry.subject,
      realEstates: [],
      files: [{ fileId: file.id, category: REGISTRY_DOCUMENT_CATEGORY }],
      registry: {
        externalNumber: input.registry.external_number ?? null,
        externalDate: input.registry.external_date ?? null,
        subject: input.registry.subject,
        connectedIds: input.registry.connected_application_ids,
        documentFileId: file.id,
      },
    },
    meta,
  );
  return getRegistryRecord(ctx, actor, id);
}

/* ───────────────────────────── Changes while REGISTERED ───────────────────────────── */

/** The locked record of a change that the registry allows only while REGISTERED (409 otherwise). */
async function whileRegistered(tx: Db, actor: Actor, id: number, action: string) {
  const found = await reachable(tx, actor, id, { lock: true });
  if (found.application.status !== 'REGISTERED')
    throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { action, status: found.application.status });
  return found;
}

const registrySnapshot = (r: repo.RegistryRow, purpose: string | null) => ({
  external_number: r.externalNumber,
  external_date: r.externalDate,
  subject: r.subject,
  connected_application_ids: r.connectedApplicationIds,
  document_file_id: r.documentFileId,
  purpose,
});

/** `PATCH /staff-applications/{id}/registry-application`: the registry data (merge-patch). */
export async function patchRegistryApplication(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: RegistryApplicationPatch,
  meta: RequestMeta,
): Promise<RegistryRecord> {
  await ctx.db.transaction(async (tx) => {
    const { application, record } = await whileRegistered(tx, actor, id, 'registry-application');
    const values: Partial<repo.RegistryRow> = {};
    if (patch.external_number !== undefined) values.externalNumber = patch.external_number;
    if (patch.external_date !== undefined) values.externalDate = patch.external_date;
    if (patch.subject !== undefined) {
      if (record.kind === 'document' && !patch.subject) throw invalidField('body.subject', 'Acest câmp este obligatoriu');
      values.subject = patch.subject;
    }
    if (patch.connected_application_ids !== undefined)
      values.connectedApplicationIds = await checkedConnections(
        tx,
        application.organisationId,
        patch.connected_application_ids,
        id,
      );
    if (patch.document_file_id !== undefined && patch.document_file_id !== record.documentFileId) {
      const file = await checkedDocumentFile(tx, actor, patch.document_file_id, 'body.document_file_id');
      const old = (await apps.applicationFileRows(tx, id)).filter((f) => f.category === REGISTRY_DOCUMENT_CATEGORY);
      await apps.deleteApplicationFiles(
        tx,
        old.map((f) => f.id),
      );
      await apps.insertApplicationFile(tx, {
        applicationId: id,
        fileId: file.id,
        fileType: 'input',
        category: REGISTRY_DOCUMENT_CATEGORY,
        createdBy: actor.userId,
      });
      values.documentFileId = file.id;
    }
    await repo.updateRecord(tx, record.id, values);
    const purpose =
      patch.purpose !== undefined
        ? patch.purpose
        : record.kind === 'document' && values.subject
          ? values.subject
          : application.purpose;
    await apps.updateApplication(tx, id, { purpose });
    await audit(tx, actor, meta, {
      organisationId: application.organisationId,
      action: 'application.registry_update',
      entityType: ENTITY,
      entityId: id,
      before: registrySnapshot(record, application.purpose),
      after: registrySnapshot({ ...record, ...values }, purpose),
    });
    await emitDomainEvent(tx, {
      type: 'application.registry_updated',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: { organisation_id: application.organisationId, fields: Object.keys(patch) },
    });
  });
  return getRegistryRecord(ctx, actor, id);
}

/** `PATCH /staff-applications/{id}/registry-application-form`: the form answers (merge-patch, checked in full). */
export async function patchRegistryForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: RegistryFormPatch,
  meta: RequestMeta,
): Promise<RegistryRecord> {
  await ctx.db.transaction(async (tx) => {
    const { application, record } = await whileRegistered(tx, actor, id, 'registry-application-form');
    if (record.kind !== 'application') throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'document_has_no_form' });
    const version = await apps.findFormVersion(tx, application.formVersionId);
    if (!version) throw invalidField('body.form', APPLICATION_MESSAGES.typeWithoutForm);
    formValidation(version.definition, patch.form);
    const merged = mergePatch(application.formData, patch.form);
    const files = (await apps.applicationFileRows(tx, id)).filter((f) => f.fileType === 'input');
    const byKey: Record<string, number[]> = {};
    for (const f of files) if (f.category) byKey[f.category] = [...(byKey[f.category] ?? []), f.fileId];
    const parts = applicationParts();
    const [beneficiaries, realEstates] = await Promise.all([parts.beneficiaries.count(tx, id), parts.realEstates.count(tx, id)]);
    const check = checkSubmission(version.definition, merged, byKey, { beneficiaries, realEstates });
    if (check.issues.length > 0) throw new AppError('INVALID_FORM_VALUE', { fields: check.issues });
    await apps.updateApplication(tx, id, { formData: check.value });
    await apps.refreshQuickSearch(tx, id);
    await audit(tx, actor, meta, {
      organisationId: application.organisationId,
      action: 'application.registry_form_update',
      entityType: ENTITY,
      entityId: id,
      before: { form: application.formData },
      after: { form: check.value },
    });
    await emitDomainEvent(tx, {
      type: 'application.registry_form_updated',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: { organisation_id: application.organisationId },
    });
  });
  return getRegistryRecord(ctx, actor, id);
}

/** `PATCH /staff-applications/{id}/generate-registry-doc`: a new version of the slip (after a change of the data). */
export async function regenerateSlip(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<RegistryRecord> {
  await ctx.db.transaction(async (tx) => {
    const { application, record } = await whileRegistered(tx, actor, id, 'generate-registry-doc');
    const version = await repo.bumpSlip(tx, record.id);
    await audit(tx, actor, meta, {
      organisationId: application.organisationId,
      action: 'application.registry_slip',
      entityType: ENTITY,
      entityId: id,
      before: { slip_version: record.slipVersion },
      after: { slip_version: version },
    });
    await emitDomainEvent(tx, {
      type: 'application.registry_slip_generated',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: { organisation_id: application.organisationId, slip_version: version },
    });
  });
  return getRegistryRecord(ctx, actor, id);
}

/**
 * `PUT /staff-applications/{id}/registry-send`: the registered document goes to a colleague of
 * the organisation, who becomes its assignee; the application leaves the registry (PENDING).
 */
export async function sendRegistered(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: RegistrySendRequest,
  meta: RequestMeta,
): Promise<RegistryRecord> {
  await ctx.db.transaction(async (tx) => {
    const { application, record } = await whileRegistered(tx, actor, id, 'registry-send');
    const assignee = await findUserById(tx, input.assignee_user_id);
    if (
      assignee?.status !== 'active' ||
      !isStaffType(assignee.userType) ||
      assignee.organisationId !== application.organisationId
    )
      throw new AppError('INVALID_ASSIGNEE', { assignee_user_id: input.assignee_user_id });
    const sentAt = new Date();
    await apps.updateApplication(tx, id, { status: 'PENDING', assigneeUserId: assignee.id });
    await repo.updateRecord(tx, record.id, { sentAt, sentTo: assignee.id });
    let commentId: number | null = null;
    if (input.comment)
      commentId = await apps.insertComment(tx, {
        applicationId: id,
        authorUserId: actor.userId,
        text: input.comment,
        isInternal: true,
      });
    await audit(tx, actor, meta, {
      organisationId: application.organisationId,
      action: 'application.registry_send',
      entityType: ENTITY,
      entityId: id,
      before: { status: application.status, assignee_user_id: application.assigneeUserId },
      after: { status: 'PENDING', assignee_user_id: assignee.id, comment_id: commentId },
    });
    await emitDomainEvent(tx, {
      type: 'application.registry_sent',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: {
        organisation_id: application.organisationId,
        assignee_user_id: assignee.id,
        identification_number: application.identificationNumber,
      },
    });
  });
  return getRegistryRecord(ctx, actor, id);
}

/* ───────────────────────────── Invitation ───────────────────────────── */

/**
 * `POST /notifications/invite-beneficiary`: an e-mail (template beneficiary.invited, in Romanian) inviting the beneficiary of a
 * registered application to create an account and follow the file. Refused with
 * BENEFICIARY_EMAIL_ALREADY_INVITED when the address was already invited for this application or
 * already has an account. The message holds no secret: a sign-up link and the public status page.
 */
export async function inviteBeneficiary(ctx: AppContext, actor: Actor, input: InviteBeneficiaryRequest, meta: RequestMeta) {
  const email = input.email.trim().toLowerCase();
  const { application } = await reachable(ctx.db, actor, input.application_id);
  if (application.status === 'DRAFT') throw notFound();
  if (await findUserByEmail(ctx.db, email)) throw new AppError('BENEFICIARY_EMAIL_ALREADY_INVITED', { reason: 'has_account' });
  const row = await apps.findApplicationListRow(ctx.db, application.id);
  if (!row) throw notFound();
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  return ctx.db.transaction(async (tx) => {
    const invitation = await repo.insertInvitation(tx, {
      applicationId: application.id,
      email,
      invitedBy: actor.userId,
    });
    if (!invitation) throw new AppError('BENEFICIARY_EMAIL_ALREADY_INVITED', { reason: 'already_invited' });
    const number = application.identificationNumber ?? String(application.id);
    // The beneficiary has no account yet (refused above otherwise): the portal's default language.
    await sendTemplated(ctx, tx, {
      eventType: 'beneficiary.invited',
      channel: 'email',
      to: email,
      language: 'ro',
      values: {
        application_number: number,
        application_type: row.typeName,
        organisation_name: row.tenantName,
        signup_url: `${base}/auth/signup`,
        status_url: `${base}/qr/${application.id}`,
      },
    });
    await audit(tx, actor, meta, {
      organisationId: application.organisationId,
      action: 'application.beneficiary_invite',
      entityType: ENTITY,
      entityId: application.id,
      after: { invitation_id: invitation.id },
    });
    await emitDomainEvent(tx, {
      type: 'application.beneficiary_invited',
      entityType: ENTITY,
      entityId: application.id,
      actorUserId: actor.userId,
      payload: { organisation_id: application.organisationId, invitation_id: invitation.id },
    });
    return { email, application_id: application.id, invited_at: invitation.createdAt.toISOString() };
  });
}

/* ───────────────────────────── The slip ───────────────────────────── */

/** `GET /staff-applications/{id}/registry-slip`: the registration slip (PDF) of the record's current version. */
export async function renderSlip(ctx: AppContext, actor: Actor, id: number): Promise<{ fileName: string; pdf: Buffer }> {
  const record = await getRegistryRecord(ctx, actor, id);
  const row = await apps.findApplicationListRow(ctx.db, id);
  if (!row) throw notFound();
  const councilName = (await repo.settingValue(ctx.db, 'COUNCIL_NAME')) || DEFAULT_SETTINGS.councilName;
  const publicUrl = `${ctx.config.publicUrl.replace(/\/$/, '')}/qr/${id}`;
  const data: SlipData = {
    councilName,
    organisationName: row.tenantName,
    identificationNumber: record.identification_number,
    registeredAt: new Date(record.application_date),
    kind: record.kind,
    typeName: record.application_type_name,
    beneficiaryName: record.beneficiary?.name ?? '',
    subject: record.subject ?? record.purpose,
    externalNumber: record.external_number,
    externalDate: record.external_date,
    connected: record.connected.map((c) => c.identification_number ?? String(c.id)),
    documentName: record.document_file?.name ?? null,
    registeredBy: record.registered_by.name,
    version: record.slip.version,
    generatedAt: new Date(record.slip.generated_at),
    publicUrl,
    qrImage: await qrCodeDataUrl(publicUrl, { width: 192 }),
  };
  const pdf = await renderPdf(slipDocument(data));
  const safe = record.identification_number.replace(/[^\w.-]+/g, '-');
  return { fileName: `fisa-inregistrare-${safe}.pdf`, pdf };
}
