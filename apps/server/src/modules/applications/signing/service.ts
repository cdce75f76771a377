import {
  type ApplicationSignConfirmResponse,
  type BulkItemResult,
  DOCUMENT_KIND_OF_ACTION,
  type DocumentAction,
  type ErrorCode,
  errorMessage,
  isStaffType,
  maskPhone,
  mayFillCell,
  nextCell,
  type SignConfirmResponse,
  type SigningProfile,
  type SigningStatus,
  type SignStartResponse,
} from '@ghiseu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { applicationDocuments, applicationFiles, applications } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { formatRomanianDate, renderPdf } from '../../../platform/pdf.js';
import { audit, notFound, type RequestMeta } from '../../../platform/request.js';
import { findOwnFile, storeGeneratedFile } from '../../files/index.js';
import { findTemplateForUse } from '../../document-templates/index.js';
import { renderData } from '../documents/generation.js';
import { renderOutputDocument } from '../../../platform/document-pdf.js';
import { mayReadApplication } from '../policy.js';
import { submissionCheck } from '../service.js';
import * as appRepo from '../repository.js';
import { mayReadStaff, relationOf } from '../staff/policy.js';
import { confirmRequest, finishRequest, openRequest } from './confirmation.js';
import {
  checkApplicantCells,
  checkStaffCell,
  layoutOf,
  lockForSigning,
  provider,
  retrySeal,
  signApplicantCells,
  signedIndexes,
  signStaffCell,
  userIdentity,
} from './core.js';
import * as repo from './repository.js';
import { citizenProblem, staffProblems } from './signers.js';

/**
 * The signing flows (spec §4 Signing online / offline / bulk, §7 paths; spec gaps C5): start a
 * request (SMS code or PIN), confirm it, poll the status; the applicant's offline signature
 * (download, sign elsewhere, upload, check, finish); bulk signing of documents and attachments;
 * the organisation's seal on attachments; the signing PIN and the profile checks.
 */

export const codeOf = (error: unknown): ErrorCode => (error instanceof AppError ? (error.code as ErrorCode) : 'SIGNING_FAILED');
export const failure = (applicationId: number, error: unknown, fileId: number | null = null): BulkItemResult => {
  const code = codeOf(error);
  const details = error instanceof AppError ? (error.data ?? {}) : {};
  return { application_id: applicationId, file_id: fileId, ok: false, code, message: errorMessage(code, details) };
};
export const success = (applicationId: number, fileId: number | null = null): BulkItemResult => ({
  application_id: applicationId,
  file_id: fileId,
  ok: true,
  code: null,
  message: null,
});

export async function signerOf(db: Db, actor: Actor): Promise<repo.SignerRow> {
  const signer = await repo.findSigner(db, actor.userId);
  if (!signer) throw notFound();
  return signer;
}

/** A custom signature image must be the signer's own png/jpeg upload. */
export async function checkCustomImage(db: Db, actor: Actor, fileId: number | null | undefined): Promise<void> {
  if (fileId == null) return;
  const file = await findOwnFile(db, fileId, actor.userId);
  if (!file || (file.mimeType !== 'image/png' && file.mimeType !== 'image/jpeg')) throw new AppError('FILE_NOT_EXISTS');
}

/* ───────────────────────────── Staff: one document ───────────────────────────── */

export function startStaffSigning(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: DocumentAction,
  customImageId: number | null | undefined,
  meta: RequestMeta,
): Promise<SignStartResponse> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockForSigning(tx, id);
    const { signer } = await checkStaffCell(tx, actor, locked, DOCUMENT_KIND_OF_ACTION[action]);
    await checkCustomImage(tx, actor, customImageId);
    const answer = await openRequest(tx, ctx, actor, signer, {
      kind: 'document',
      items: [{ applicationId: id, documentId: locked.document.id }],
      organisationId: locked.application.organisationId,
      customImageFileId: customImageId ?? null,
    });
    await audit(tx, actor, meta, {
      organisationId: locked.application.organisationId,
      action: 'application.signing_started',
      entityType: 'application',
      entityId: id,
      after: { request_id: answer.request_id, confirmation: answer.confirmation, document_id: locked.document.id },
    });
    return answer;
  });
}

/**
 * The confirmation of a signing request of one application: the code or PIN checked
 * (`confirmRequest`), then `sign` in one transaction that also marks the request done; a
 * failure marks it failed (with the error's code) and is thrown on.
 */
async function confirmThenSign<T>(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { pin: string; request_id?: string },
  kind: 'document' | 'applicant',
  sign: (tx: Db, request: repo.SigningRequestRow) => Promise<T>,
  /** The stored file the signature made, recorded in the request's result. */
  fileIdOf: (result: T) => number | undefined = () => undefined,
): Promise<{ request: repo.SigningRequestRow; result: T }> {
  const request = await confirmRequest(
    ctx,
    actor,
    (db) => (body.request_id ? repo.findRequest(db, body.request_id) : repo.latestRequestOf(db, actor.userId, id, [kind])),
    body.pin,
    { kinds: [kind], applicationId: id },
  );
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const signed = await sign(tx, request);
      const fileId = fileIdOf(signed);
      await finishRequest(tx, request, 'done', [{ applicationId: id, ...(fileId ? { fileId } : {}), ok: true }]);
      return signed;
    });
    return { request, result };
  } catch (error) {
    await finishRequest(ctx.db, request, 'failed', [{ applicationId: id, ok: false, code: codeOf(error) }]);
    throw error;
  }
}

export async function confirmStaffSigning(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { pin: string; request_id?: string },
  meta: RequestMeta,
): Promise<SignConfirmResponse> {
  const { request, result } = await confirmThenSign(ctx, actor, id, body, 'document', (tx, request) =>
    signStaffCell(tx, ctx, actor, id, {
      method: 'online',
      customImageFileId: request.customImageFileId,
      documentId: request.items[0]?.documentId,
      meta,
    }),
  );
  return {
    success: true,
    request_id: request.requestId,
    code: null,
    message: null,
    attempts_left: null,
    document_state: result.state,
    application_status: result.status,
    visa_code: result.visaCode,
  };
}

export async function sealAgain(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const result = await ctx.db.transaction((tx) => retrySeal(tx, ctx, actor, id, meta));
  return { success: true, document_state: result.state, application_status: result.status };
}

/* ───────────────────────────── Status ───────────────────────────── */

async function statusOf(
  db: Db,
  actor: Actor,
  a: appRepo.ApplicationRow,
  requestKinds: repo.SigningRequestRow['kind'][],
  canSign: (doc: repo.DocumentRow) => Promise<boolean>,
): Promise<SigningStatus> {
  const doc = await repo.findLiveDocument(db, a.id);
  const latest = await repo.latestRequestOf(db, actor.userId, a.id, requestKinds);
  const open = latest
    ? {
        request_id: latest.requestId,
        status: latest.status === 'pending' && latest.expiresAt.getTime() <= Date.now() ? ('expired' as const) : latest.status,
        expires_at: latest.expiresAt.toISOString(),
        confirmation: latest.confirmation === 'pin' ? ('pin' as const) : ('sms' as const),
      }
    : null;
  if (!doc)
    return {
      application_status: a.status,
      document_state: null,
      document_id: null,
      signatures: { done: 0, total: 0 },
      next_signer: null,
      can_sign: false,
      open_request: open,
      error_code: null,
    };
  const layout = layoutOf(doc);
  const signatures = await repo.signaturesOf(db, doc.id);
  const signed = signedIndexes(signatures);
  const cells = layout.rows.flat();
  const next = ['generated', 'signing', 'applicant_signing'].includes(doc.state) ? nextCell(layout, signed) : null;
  let nextSigner: SigningStatus['next_signer'] = null;
  if (next) {
    let userId: number | null = null;
    if (next.signer === 'assignee') userId = a.assigneeUserId;
    else if (next.signer === 'reviewer') userId = a.reviewerUserId;
    else if (next.signer === 'applicant') userId = a.applicantUserId;
    else
      userId =
        (
          await repo.functionHolder(
            db,
            a.organisationId,
            next.signer === 'president'
              ? { systemKey: 'president' }
              : { functionId: next.functionId, systemKey: next.functionKey },
          )
        )?.userId ?? null;
    const names = await repo.userNames(db, userId === null ? [] : [userId]);
    nextSigner = {
      cell_index: next.index,
      label: next.label,
      signer: next.signer,
      name: userId === null ? null : (names.get(userId) ?? null),
      user_id: userId,
    };
  }
  return {
    application_status: a.status,
    document_state: doc.state,
    document_id: doc.id,
    signatures: { done: cells.filter((c) => signed.has(c.index)).length, total: cells.length },
    next_signer: nextSigner,
    can_sign: next !== null && (await canSign(doc)),
    open_request: open,
    error_code: doc.errorCode,
  };
}

export async function staffSigningStatus(ctx: AppContext, actor: Actor, id: number): Promise<SigningStatus> {
  const a = await appRepo.findApplication(ctx.db, id);
  if (!a) throw notFound();
  const relation = await relationOf(ctx.db, actor, id);
  if (!mayReadStaff(actor, a, relation)) throw notFound();
  return statusOf(ctx.db, actor, a, ['document', 'bulk'], async () => (await staffCheck(ctx, actor, id)) === null);
}

/** Whether the actor may sign the application's next staff cell now (null) or the code that stops them. */
export async function staffCheck(ctx: AppContext, actor: Actor, id: number): Promise<ErrorCode | null> {
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockForSigning(tx, id, { lock: false });
      await checkStaffCell(tx, actor, locked);
    });
    return null;
  } catch (error) {
    return codeOf(error);
  }
}

export async function applicantSigningStatus(ctx: AppContext, actor: Actor, id: number): Promise<SigningStatus> {
  const a = await appRepo.findApplication(ctx.db, id);
  if (!a || !mayReadApplication(actor, a)) throw notFound();
  return statusOf(ctx.db, actor, a, ['applicant', 'offline'], async (doc) => {
    if (a.applicantUserId !== actor.userId || doc.state !== 'applicant_signing') return false;
    const next = nextCell(layoutOf(doc), signedIndexes(await repo.signaturesOf(ctx.db, doc.id)));
    return next?.signer === 'applicant';
  });
}

/** isNextSigner of the staff abilities (the staff record fills StaffRelation with it). */
export async function isNextSigner(
  db: Db,
  actor: Actor,
  a: Pick<appRepo.ApplicationRow, 'id' | 'status' | 'organisationId' | 'assigneeUserId' | 'reviewerUserId' | 'applicantUserId'>,
): Promise<boolean> {
  if (a.status !== 'GENERATED' && a.status !== 'SIGN_PENDING') return false;
  const doc = await repo.findLiveDocument(db, a.id);
  if (!doc || (doc.state !== 'generated' && doc.state !== 'signing')) return false;
  const next = nextCell(layoutOf(doc), signedIndexes(await repo.signaturesOf(db, doc.id)));
  if (!next || next.signer === 'applicant') return false;
  const fns = await repo.functionsOf(db, actor.userId, a.organisationId);
  return mayFillCell(next, {
    actorUserId: actor.userId,
    assigneeUserId: a.assigneeUserId,
    reviewerUserId: a.reviewerUserId,
    applicantUserId: a.applicantUserId,
    actorFunctionIds: fns.ids,
    actorFunctionKeys: fns.keys,
  });
}

/* ───────────────────────────── Applicant: output document ───────────────────────────── */

export function startApplicantSigning(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<SignStartResponse> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockForSigning(tx, id);
    const { signer } = await checkApplicantCells(tx, actor, locked);
    const answer = await openRequest(tx, ctx, actor, signer, {
      kind: 'applicant',
      items: [{ applicationId: id, documentId: locked.document.id }],
      organisationId: locked.application.organisationId,
      offline: { purpose: 'output' },
    });
    await audit(tx, actor, meta, {
      organisationId: locked.application.organisationId,
      action: 'application.applicant_signing_started',
      entityType: 'application',
      entityId: id,
      after: { request_id: answer.request_id },
    });
    return answer;
  });
}

export async function confirmApplicantSigning(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { pin: string; request_id?: string },
  meta: RequestMeta,
): Promise<SignConfirmResponse> {
  const { request, result } = await confirmThenSign(ctx, actor, id, body, 'applicant', (tx, request) => {
    if (request.offline?.purpose !== 'output') throw new AppError('SIGNING_REQUEST_NOT_FOUND');
    return signApplicantCells(tx, ctx, actor, id, { method: 'online', meta });
  });
  return {
    success: true,
    request_id: request.requestId,
    code: null,
    message: null,
    attempts_left: null,
    document_state: result.state,
    application_status: result.status,
    visa_code: null,
  };
}

/* ───────────────────────────── Applicant: sign and submit ───────────────────────────── */

async function checkRequestSigning(tx: Db, actor: Actor, id: number, review: boolean) {
  const a = await appRepo.findApplication(tx, id, { lock: true });
  if (!a || !mayReadApplication(actor, a)) throw notFound();
  if (a.applicantUserId !== actor.userId) throw new AppError('FORBIDDEN');
  if (a.status !== (review ? 'REVIEW' : 'DRAFT'))
    throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'status_not_allowed', status: a.status });
  const signer = await signerOf(tx, actor);
  const problem = citizenProblem(signer);
  if (problem) throw new AppError(problem.code, { problems: problem.details });
  // "Sign and submit": a draft that could not be submitted is not signed (signing locks it).
  if (!review) await submissionCheck(tx, a);
  return { a, signer };
}

export function startRequestSigning(ctx: AppContext, actor: Actor, id: number, review: boolean, meta: RequestMeta) {
  return ctx.db.transaction(async (tx) => {
    const { a, signer } = await checkRequestSigning(tx, actor, id, review);
    const answer = await openRequest(tx, ctx, actor, signer, {
      kind: 'applicant',
      items: [{ applicationId: id }],
      organisationId: a.organisationId,
      offline: { purpose: review ? 'review' : 'request' },
    });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'application.request_signing_started',
      entityType: 'application',
      entityId: id,
      after: { request_id: answer.request_id, review },
    });
    return answer;
  });
}

const plain = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/**
 * The PDF of an application request: the type's 'citizen' template rendered by the documents
 * capability's renderer when the type has an active one, else a built-in summary of the
 * application (its type, entry number, applicant and answers).
 */
async function requestPdf(
  ctx: AppContext,
  db: Db,
  a: appRepo.ApplicationRow,
  signerName: string,
  review: boolean,
): Promise<Buffer> {
  const type = await repo.typeSigning(db, a.applicationTypeId);
  const templateId = type?.documentTemplateIds.citizen;
  const template = templateId ? await findTemplateForUse(db, templateId) : undefined;
  if (template?.status === 'active') {
    const data = await renderData(
      { db, storage: ctx.storage, publicUrl: ctx.config.publicUrl },
      {
        applicationId: a.id,
        template: { name: template.name, content: template.content, signingLayout: { rows: [] } },
        outputNumber: a.identificationNumber ?? '',
        verificationCode: '',
        outputDate: new Date(),
      },
    );
    return (await renderOutputDocument(data)).pdf;
  }
  return requestSummaryPdf(db, a, signerName, review, type);
}

/** The built-in summary of an application request (when the type has no 'citizen' template). */
async function requestSummaryPdf(
  db: Db,
  a: appRepo.ApplicationRow,
  signerName: string,
  review: boolean,
  type: repo.TypeSigning | undefined,
): Promise<Buffer> {
  const organisation = await repo.organisationName(db, a.organisationId);
  const answers = Object.entries(a.formData ?? {}).filter(([, v]) => plain(v) !== '');
  return renderPdf({
    info: { title: review ? 'Răspuns la clarificări' : 'Cerere', author: signerName },
    content: [
      { text: organisation, bold: true },
      { text: review ? 'Răspuns la solicitarea de clarificări' : 'Cerere', fontSize: 16, bold: true, margin: [0, 12, 0, 4] },
      { text: type?.name ?? '', margin: [0, 0, 0, 8] },
      { text: `Număr de înregistrare: ${a.identificationNumber ?? '(se alocă la depunere)'}` },
      { text: `Solicitant: ${signerName}` },
      { text: `Data: ${formatRomanianDate(new Date(), true)}`, margin: [0, 0, 0, 12] },
      ...(answers.length > 0
        ? [
            {
              table: {
                widths: ['35%', '65%'],
                body: answers.slice(0, 200).map(([k, v]) => [{ text: k, bold: true }, { text: plain(v).slice(0, 2000) }]),
              },
            },
          ]
        : []),
      { text: 'Semnat electronic de solicitant prin Ghișeul Unic.', italics: true, margin: [0, 16, 0, 0] },
    ],
  });
}

export async function confirmRequestSigning(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { pin: string; review?: boolean; request_id?: string },
  meta: RequestMeta,
): Promise<ApplicationSignConfirmResponse> {
  const review = body.review === true;
  const { result } = await confirmThenSign(
    ctx,
    actor,
    id,
    body,
    'applicant',
    async (tx, request) => {
      if (request.offline?.purpose !== (review ? 'review' : 'request')) throw new AppError('SIGNING_REQUEST_NOT_FOUND');
      const { a, signer } = await checkRequestSigning(tx, actor, id, review);
      const who = await userIdentity(tx, signer, null);
      const name = who.kind === 'user' ? who.name : '';
      const pdf = await requestPdf(ctx, tx, a, name, review);
      const signed = await provider.sign(tx, pdf, who, { reason: `Semnat de ${name}` });
      const stored = await storeGeneratedFile(tx, ctx.storage, {
        data: signed.pdf,
        name: review ? 'raspuns-clarificari-semnat.pdf' : 'cerere-semnata.pdf',
        mimeType: 'application/pdf',
        purpose: 'signed_request',
        organisationId: a.organisationId,
        ownerUserId: actor.userId,
      });
      await tx.insert(applicationFiles).values({
        applicationId: id,
        fileId: stored.id,
        fileType: review ? 'review' : 'input',
        status: 'signed',
        createdBy: actor.userId,
      });
      if (!review) await tx.update(applications).set({ signedLockedAt: new Date() }).where(eq(applications.id, id));
      await audit(tx, actor, meta, {
        organisationId: a.organisationId,
        action: review ? 'application.review_signed' : 'application.request_signed',
        entityType: 'application',
        entityId: id,
        after: { file_id: stored.id, certificate_serial: signed.certificateSerial },
      });
      return { requestId: request.requestId, fileId: stored.id, status: a.status };
    },
    (signed) => signed.fileId,
  );
  return {
    success: true,
    request_id: result.requestId,
    code: null,
    message: null,
    attempts_left: null,
    file_id: result.fileId,
    application_status: result.status,
  };
}

/* ───────────────────────────── PIN and profile ───────────────────────────── */

export async function signingProfile(ctx: AppContext, actor: Actor): Promise<SigningProfile> {
  const signer = await signerOf(ctx.db, actor);
  const checks = isStaffType(signer.userType as never)
    ? await staffProblems(ctx.db, signer)
    : [citizenProblem(signer)].filter((p): p is NonNullable<typeof p> => p !== null);
  const problems = checks.flatMap((c) =>
    c.details.length > 0
      ? c.details.map((d) => ({ code: c.code, message: d }))
      : [{ code: c.code, message: errorMessage(c.code) }],
  );
  return {
    enrolled: signer.enrolled,
    profile_valid: !checks.some((c) => c.code === 'INVALID_PROFILE_FOR_SIGNING'),
    problems,
    can_sign: checks.length === 0,
    has_pin: signer.signingPinHash !== null,
    phone_masked: maskPhone(signer.phone),
  };
}

export async function setPin(ctx: AppContext, actor: Actor, body: { password: string; pin: string }, meta: RequestMeta) {
  const signer = await signerOf(ctx.db, actor);
  if (!(await verifyPassword(signer.passwordHash, body.password))) throw new AppError('SIGNING_PIN_INVALID_PASSWORD');
  const hash = await hashPassword(body.pin);
  await ctx.db.transaction(async (tx) => {
    await repo.setSigningPin(tx, actor.userId, hash);
    await audit(tx, actor, meta, { action: 'signing.pin_set', entityType: 'user', entityId: actor.userId });
  });
  return signingProfile(ctx, actor);
}

export async function removePin(ctx: AppContext, actor: Actor, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    await repo.setSigningPin(tx, actor.userId, null);
    await audit(tx, actor, meta, { action: 'signing.pin_removed', entityType: 'user', entityId: actor.userId });
  });
  return signingProfile(ctx, actor);
}

/** File rule: the applicant may download the live document's PDF while it waits for their signature or once issued. */
export async function applicantMayReadDocumentFile(db: Db, actor: Actor, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationDocuments.id })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(
      and(
        eq(applicationDocuments.fileId, fileId),
        eq(applications.applicantUserId, actor.userId),
        inArray(applicationDocuments.state, ['applicant_signing', 'issued']),
      ),
    )
    .limit(1);
  return row !== undefined;
}
