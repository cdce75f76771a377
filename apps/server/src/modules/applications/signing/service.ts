import {
  type ApplicationSignConfirmResponse,
  type AttachmentsResult,
  type BulkConfirmResponse,
  type BulkItemResult,
  type BulkSignStartResponse,
  DOCUMENT_KIND_OF_ACTION,
  type DocumentAction,
  type ErrorCode,
  errorMessage,
  isStaffType,
  maskPhone,
  mayFillCell,
  nextCell,
  type OfflineCheckResponse,
  type OfflineInitResponse,
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
import { findOwnFile, issueDownloadToken, issueUploadToken, readStoredFile, storeGeneratedFile } from '../../files/index.js';
import { type SignOptions, type signingProvider, verifyPdf } from '../../signing/index.js';
import { findTemplateForUse } from '../../document-templates/index.js';
import { renderData } from '../documents/generation.js';
import { renderOutputDocument } from '../documents/render.js';
import { mayReadApplication } from '../policy.js';
import * as appRepo from '../repository.js';
import { checkActor, mayReadStaff, relationOf } from '../staff/policy.js';
import { confirmRequest, finishRequest, openRequest } from './confirmation.js';
import {
  cellOptions,
  checkApplicantCells,
  checkStaffCell,
  layoutOf,
  lockForSigning,
  provider,
  retrySeal,
  type SignImage,
  signApplicantCells,
  signatureImage,
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

const codeOf = (error: unknown): ErrorCode => (error instanceof AppError ? (error.code as ErrorCode) : 'SIGNING_FAILED');
const failure = (applicationId: number, error: unknown, fileId: number | null = null): BulkItemResult => {
  const code = codeOf(error);
  const details = error instanceof AppError ? (error.data ?? {}) : {};
  return { application_id: applicationId, file_id: fileId, ok: false, code, message: errorMessage(code, details) };
};
const success = (applicationId: number, fileId: number | null = null): BulkItemResult => ({
  application_id: applicationId,
  file_id: fileId,
  ok: true,
  code: null,
  message: null,
});

async function signerOf(db: Db, actor: Actor): Promise<repo.SignerRow> {
  const signer = await repo.findSigner(db, actor.userId);
  if (!signer) throw notFound();
  return signer;
}

/** A custom signature image must be the signer's own png/jpeg upload. */
async function checkCustomImage(db: Db, actor: Actor, fileId: number | null | undefined): Promise<void> {
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

export async function confirmStaffSigning(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { pin: string; request_id?: string },
  meta: RequestMeta,
): Promise<SignConfirmResponse> {
  const request = await confirmRequest(
    ctx,
    actor,
    (db) => (body.request_id ? repo.findRequest(db, body.request_id) : repo.latestRequestOf(db, actor.userId, id, ['document'])),
    body.pin,
    { kinds: ['document'], applicationId: id },
  );
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const r = await signStaffCell(tx, ctx, actor, id, {
        method: 'online',
        customImageFileId: request.customImageFileId,
        documentId: request.items[0]?.documentId,
        meta,
      });
      await finishRequest(tx, request, 'done', [{ applicationId: id, ok: true }]);
      return r;
    });
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
  } catch (error) {
    await finishRequest(ctx.db, request, 'failed', [{ applicationId: id, ok: false, code: codeOf(error) }]);
    throw error;
  }
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
async function staffCheck(ctx: AppContext, actor: Actor, id: number): Promise<ErrorCode | null> {
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockForSigning(tx, id);
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
export async function isNextSigner(db: Db, actor: Actor, a: appRepo.ApplicationRow): Promise<boolean> {
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
  const request = await confirmRequest(
    ctx,
    actor,
    (db) => (body.request_id ? repo.findRequest(db, body.request_id) : repo.latestRequestOf(db, actor.userId, id, ['applicant'])),
    body.pin,
    { kinds: ['applicant'], applicationId: id },
  );
  try {
    const result = await ctx.db.transaction(async (tx) => {
      if (request.offline?.purpose !== 'output') throw new AppError('SIGNING_REQUEST_NOT_FOUND');
      const r = await signApplicantCells(tx, ctx, actor, id, { method: 'online', meta });
      await finishRequest(tx, request, 'done', [{ applicationId: id, ok: true }]);
      return r;
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
  } catch (error) {
    await finishRequest(ctx.db, request, 'failed', [{ applicationId: id, ok: false, code: codeOf(error) }]);
    throw error;
  }
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
  const request = await confirmRequest(
    ctx,
    actor,
    (db) => (body.request_id ? repo.findRequest(db, body.request_id) : repo.latestRequestOf(db, actor.userId, id, ['applicant'])),
    body.pin,
    { kinds: ['applicant'], applicationId: id },
  );
  try {
    return await ctx.db.transaction(async (tx) => {
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
      await finishRequest(tx, request, 'done', [{ applicationId: id, fileId: stored.id, ok: true }]);
      await audit(tx, actor, meta, {
        organisationId: a.organisationId,
        action: review ? 'application.review_signed' : 'application.request_signed',
        entityType: 'application',
        entityId: id,
        after: { file_id: stored.id, certificate_serial: signed.certificateSerial },
      });
      return {
        success: true,
        request_id: request.requestId,
        code: null,
        message: null,
        attempts_left: null,
        file_id: stored.id,
        application_status: a.status,
      };
    });
  } catch (error) {
    await finishRequest(ctx.db, request, 'failed', [{ applicationId: id, ok: false, code: codeOf(error) }]);
    throw error;
  }
}

/* ───────────────────────────── Applicant: offline ───────────────────────────── */

const OFFLINE_MINUTES = 60;

export function initializeOffline(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<OfflineInitResponse> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockForSigning(tx, id);
    await checkApplicantCells(tx, actor, locked);
    const doc = locked.document;
    await repo.cancelPendingRequests(tx, actor.userId, id, ['offline']);
    const requestId = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + OFFLINE_MINUTES * 60_000);
    await repo.insertRequest(tx, {
      requestId,
      userId: actor.userId,
      organisationId: locked.application.organisationId,
      kind: 'offline',
      items: [{ applicationId: id, documentId: doc.id }],
      confirmation: 'none',
      offline: { issuedFileId: doc.fileId, documentId: doc.id },
      expiresAt,
    });
    const download = await issueDownloadToken(ctx, actor, doc.fileId as number);
    const upload = issueUploadToken(ctx, actor, 'pdfOnly');
    await audit(tx, actor, meta, {
      organisationId: locked.application.organisationId,
      action: 'application.offline_signing_started',
      entityType: 'application',
      entityId: id,
      after: { request_id: requestId, file_id: doc.fileId },
    });
    return {
      request_id: requestId,
      document_id: doc.id,
      file_id: doc.fileId as number,
      download_token: download.token,
      download_url: download.url,
      upload_token: upload.token,
      expires_at: expiresAt.toISOString(),
    };
  });
}

async function offlineRequest(
  db: Db,
  actor: Actor,
  id: number,
  requestId?: string,
  lock = false,
): Promise<repo.SigningRequestRow> {
  const found = requestId ? await repo.findRequest(db, requestId) : await repo.latestRequestOf(db, actor.userId, id, ['offline']);
  const request = found ? await repo.findRequest(db, found.requestId, { lock }) : undefined;
  if (
    !request ||
    request.userId !== actor.userId ||
    request.kind !== 'offline' ||
    !request.items.some((i) => i.applicationId === id)
  )
    throw new AppError('SIGNING_REQUEST_NOT_FOUND');
  if (request.status !== 'pending') throw new AppError('SIGNING_REQUEST_NOT_FOUND', { status: request.status });
  if (request.expiresAt.getTime() <= Date.now()) throw new AppError('SIGNING_CODE_EXPIRED');
  return request;
}

/** The verification of an upload against the PDF handed out (A's verifyPdf with `issued`). */
async function verifyUpload(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  request: repo.SigningRequestRow,
  newPdfId: number,
): Promise<OfflineCheckResponse> {
  const upload = await findOwnFile(db, newPdfId, actor.userId);
  if (!upload) throw new AppError('FILE_NOT_EXISTS');
  const issuedFileId = Number(request.offline?.issuedFileId);
  const [{ data: issued }, { data: uploaded }] = await Promise.all([
    readStoredFile(db, ctx.storage, issuedFileId),
    readStoredFile(db, ctx.storage, newPdfId),
  ]);
  const report = (code: ErrorCode | null, signatures: OfflineCheckResponse['signatures']): OfflineCheckResponse => ({
    ok: code === null,
    code,
    message: code ? errorMessage(code) : null,
    signatures,
  });
  if (upload.mimeType !== 'application/pdf') return report('PDF_INVALID', []);
  let verification: Awaited<ReturnType<typeof verifyPdf>>;
  try {
    verification = await verifyPdf(db, uploaded, { issued });
  } catch (error) {
    return report(error instanceof AppError ? (error.code as ErrorCode) : 'PDF_READING_ERROR', []);
  }
  const signatures = verification.signatures.map((s) => ({
    signer_name: s.signerName,
    certificate_serial: s.certificateSerial,
    chain: s.chain,
    signing_time: s.signingTime,
    timestamp: s.timestamp.present ? (s.timestamp.valid ? ('valid' as const) : ('invalid' as const)) : ('none' as const),
    covers_whole_document: s.coversWholeDocument,
    digest_ok: s.digestOk,
    signature_ok: s.cmsSignatureOk,
    certificate_valid_at_signing: s.certificateValidAtSigningTime,
  }));
  if (!verification.ok) return report(verification.problem ?? 'NOT_OK', signatures);
  // The applicant must have added a signature of their own after the PDF handed out.
  const before = await repo.signaturesOf(db, Number(request.offline?.documentId));
  const issuedCount = before.filter((s) => s.kind !== 'applicant').length;
  if (uploaded.equals(issued) || verification.signatures.length <= issuedCount) return report('NOT_OK', signatures);
  return report(null, signatures);
}

export async function checkOffline(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { new_pdf_id: number; request_id?: string },
): Promise<OfflineCheckResponse> {
  const a = await appRepo.findApplication(ctx.db, id);
  if (!a || a.applicantUserId !== actor.userId) throw notFound();
  const request = await offlineRequest(ctx.db, actor, id, body.request_id);
  const result = await verifyUpload(ctx, ctx.db, actor, request, body.new_pdf_id);
  await repo.updateRequest(ctx.db, request.id, {
    offline: { ...request.offline, checkedFileId: body.new_pdf_id, checkOk: result.ok, checkCode: result.code },
  });
  return result;
}

export async function finishOffline(ctx: AppContext, actor: Actor, id: number, newPdfId: number, meta: RequestMeta) {
  const result = await ctx.db.transaction(async (tx) => {
    const request = await offlineRequest(tx, actor, id, undefined, true);
    if (request.offline?.checkedFileId !== newPdfId || request.offline?.checkOk !== true)
      throw new AppError('SIGNING_OFFLINE_NOT_CHECKED');
    const locked = await lockForSigning(tx, id);
    if (
      locked.document.id !== Number(request.offline?.documentId) ||
      locked.document.fileId !== Number(request.offline?.issuedFileId)
    )
      throw new AppError('SIGNING_REQUEST_NOT_FOUND', { reason: 'document_changed' });
    // Checked again under the lock: the upload is what was verified.
    const check = await verifyUpload(ctx, tx, actor, request, newPdfId);
    if (!check.ok) throw new AppError((check.code as ErrorCode) ?? 'NOT_OK');
    const r = await signApplicantCells(tx, ctx, actor, id, { method: 'offline', uploaded: { fileId: newPdfId }, meta });
    await finishRequest(tx, request, 'done', [{ applicationId: id, fileId: newPdfId, ok: true }]);
    return r;
  });
  return { success: true, document_state: result.state, application_status: result.status };
}

/* ───────────────────────────── Bulk ───────────────────────────── */

interface Prepared {
  applicationId: number;
  documentId: number;
  fileId: number;
  cellIndex: number;
  pdf: Buffer;
  options: SignOptions;
  /** A cell with a visa takes its number in its own transaction: signed there, not beforehand. */
  single: boolean;
}

export async function bulkStatus(ctx: AppContext, actor: Actor, ids: number[]) {
  const items = [];
  for (const id of [...new Set(ids)]) {
    const a = await appRepo.findApplication(ctx.db, id);
    const visible = a ? mayReadStaff(actor, a, await relationOf(ctx.db, actor, id)) : false;
    if (!a || !visible) {
      items.push({ application_id: id, application_status: null, document_state: null, can_sign: false, code: 'NOT_FOUND' });
      continue;
    }
    const doc = await repo.findLiveDocument(ctx.db, id);
    const code = await staffCheck(ctx, actor, id);
    items.push({
      application_id: id,
      application_status: a.status,
      document_state: doc?.state ?? null,
      can_sign: code === null,
      code,
    });
  }
  return { items };
}

export async function startBulkSigning(
  ctx: AppContext,
  actor: Actor,
  body: { application_ids: number[]; custom_image_id?: number | null },
  meta: RequestMeta,
): Promise<BulkSignStartResponse> {
  const items: BulkItemResult[] = [];
  const eligible: { applicationId: number; documentId: number }[] = [];
  for (const id of [...new Set(body.application_ids)]) {
    try {
      const documentId = await ctx.db.transaction(async (tx) => {
        const locked = await lockForSigning(tx, id);
        await checkStaffCell(tx, actor, locked);
        return locked.document.id;
      });
      eligible.push({ applicationId: id, documentId });
      items.push(success(id));
    } catch (error) {
      items.push(failure(id, error));
    }
  }
  if (eligible.length === 0)
    throw new AppError('SIGNING_BULK_PARTIAL_FAILURE', {
      failed: items.map((i) => i.application_id).join(', '),
      items: items.map((i) => ({ application_id: i.application_id, code: i.code })),
    });
  return ctx.db.transaction(async (tx) => {
    await checkCustomImage(tx, actor, body.custom_image_id);
    const signer = await signerOf(tx, actor);
    const answer = await openRequest(tx, ctx, actor, signer, {
      kind: 'bulk',
      items: eligible,
      organisationId: actor.organisationId,
      customImageFileId: body.custom_image_id ?? null,
    });
    await audit(tx, actor, meta, {
      organisationId: actor.organisationId,
      action: 'application.bulk_signing_started',
      entityType: 'signing_request',
      entityId: null,
      after: { request_id: answer.request_id, application_ids: eligible.map((e) => e.applicationId) },
    });
    return { ...answer, items };
  });
}

export async function confirmBulkSigning(
  ctx: AppContext,
  actor: Actor,
  body: { pin: string; request_id: string },
  meta: RequestMeta,
): Promise<BulkConfirmResponse> {
  const request = await confirmRequest(ctx, actor, (db) => repo.findRequest(db, body.request_id), body.pin, { kinds: ['bulk'] });
  const results = new Map<number, BulkItemResult>();
  const prepared: Prepared[] = [];
  let image: SignImage | undefined;
  let who: Awaited<ReturnType<typeof userIdentity>> | undefined;
  try {
    const signer = await signerOf(ctx.db, actor);
    who = await userIdentity(ctx.db, signer, actor.organisationId);
    image = await signatureImage(ctx, ctx.db, request.customImageFileId);
  } catch (error) {
    for (const item of request.items) results.set(item.applicationId, failure(item.applicationId, error));
  }
  // 1. What each item needs signed, checked as the actor (nothing written).
  if (who)
    for (const item of request.items) {
      try {
        prepared.push(
          await ctx.db.transaction(async (tx) => {
            const locked = await lockForSigning(tx, item.applicationId);
            if (item.documentId !== undefined && locked.document.id !== item.documentId)
              throw new AppError('SIGNING_REQUEST_NOT_FOUND', { reason: 'document_changed' });
            const { cell } = await checkStaffCell(tx, actor, locked);
            const { data } = await readStoredFile(tx, ctx.storage, locked.document.fileId as number);
            return {
              applicationId: item.applicationId,
              documentId: locked.document.id,
              fileId: locked.document.fileId as number,
              cellIndex: cell.index,
              pdf: data,
              options: cellOptions(cell, who?.kind === 'user' ? who.name : '', { image }),
              single: Boolean(cell.visa),
            };
          }),
        );
      } catch (error) {
        results.set(item.applicationId, failure(item.applicationId, error));
      }
    }
  // 2. One key unlock for every item without a visa number.
  const batch = prepared.filter((p) => !p.single);
  let signedBatch: { pdf: Buffer; certificateSerial: string }[] = [];
  if (who && batch.length > 0) {
    try {
      signedBatch = await provider.signMany(
        ctx.db,
        batch.map((p) => p.pdf),
        who,
        (i) => batch[i].options,
      );
    } catch (error) {
      for (const p of batch) results.set(p.applicationId, failure(p.applicationId, error));
      signedBatch = [];
    }
  }
  // 3. Each item in its own transaction: one failure leaves the others signed.
  for (const p of prepared) {
    if (results.has(p.applicationId)) continue;
    const index = batch.indexOf(p);
    try {
      await ctx.db.transaction((tx) =>
        signStaffCell(tx, ctx, actor, p.applicationId, {
          method: 'bulk',
          documentId: p.documentId,
          customImageFileId: request.customImageFileId,
          meta,
          ...(index >= 0
            ? {
                presigned: {
                  pdf: signedBatch[index].pdf,
                  certificateSerial: signedBatch[index].certificateSerial,
                  forFileId: p.fileId,
                  cellIndex: p.cellIndex,
                  visaCode: null,
                },
              }
            : {}),
        }),
      );
      results.set(p.applicationId, success(p.applicationId));
    } catch (error) {
      results.set(p.applicationId, failure(p.applicationId, error));
    }
  }
  const items = request.items.map(
    (i) => results.get(i.applicationId) ?? failure(i.applicationId, new AppError('SIGNING_FAILED')),
  );
  const failed = items.filter((i) => !i.ok).map((i) => i.application_id);
  await finishRequest(
    ctx.db,
    request,
    failed.length === items.length ? 'failed' : 'done',
    items.map((i) => ({ applicationId: i.application_id, ok: i.ok, ...(i.code ? { code: i.code } : {}) })),
  );
  const code: ErrorCode | null = failed.length > 0 ? 'SIGNING_BULK_PARTIAL_FAILURE' : null;
  return {
    success: failed.length === 0,
    request_id: request.requestId,
    code,
    message: code ? errorMessage(code, { failed: await failedNames(ctx.db, failed) }) : null,
    attempts_left: null,
    items,
    failed,
  };
}

/** The failed applications by entry number (or id) for the message. */
async function failedNames(db: Db, ids: number[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await db
    .select({ id: applications.id, number: applications.identificationNumber })
    .from(applications)
    .where(inArray(applications.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.number]));
  return ids.map((id) => byId.get(id) ?? `#${id}`).join(', ');
}

/* ───────────────────────────── Attachments ───────────────────────────── */

/** The staff member handling the application (canSeal's rule: assignee, step function or supervisor). */
async function handlerOf(tx: Db, actor: Actor, id: number): Promise<appRepo.ApplicationRow> {
  const a = await appRepo.findApplication(tx, id, { lock: true });
  if (!a) throw notFound();
  const relation = await relationOf(tx, actor, id);
  if (!mayReadStaff(actor, a, relation)) throw notFound();
  checkActor('seal', actor, a, relation);
  return a;
}

async function pdfAttachments(db: Db, applicationId: number, where: (f: appRepo.ApplicationFileRow) => boolean) {
  return (await appRepo.applicationFileRows(db, applicationId)).filter((f) => f.mimeType === 'application/pdf' && where(f));
}

export function startAttachmentsSigning(
  ctx: AppContext,
  actor: Actor,
  body: { application_id: number; file_ids: number[]; custom_image_id?: number | null },
  meta: RequestMeta,
): Promise<SignStartResponse> {
  return ctx.db.transaction(async (tx) => {
    const a = await handlerOf(tx, actor, body.application_id);
    const signer = await signerOf(tx, actor);
    const [problem] = await staffProblems(tx, signer);
    if (problem) throw new AppError(problem.code, { problems: problem.details });
    const wanted = new Set(body.file_ids);
    const rows = await pdfAttachments(tx, a.id, (f) => wanted.has(f.id));
    if (rows.length !== wanted.size) throw new AppError('FILE_NOT_EXISTS', { reason: 'not_a_pdf_attachment_of_the_application' });
    await checkCustomImage(tx, actor, body.custom_image_id);
    const answer = await openRequest(tx, ctx, actor, signer, {
      kind: 'attachments',
      items: rows.map((r) => ({ applicationId: a.id, fileId: r.id })),
      organisationId: a.organisationId,
      customImageFileId: body.custom_image_id ?? null,
    });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'application.attachments_signing_started',
      entityType: 'application',
      entityId: a.id,
      after: { request_id: answer.request_id, application_file_ids: rows.map((r) => r.id) },
    });
    return answer;
  });
}

/**
 * Signs or seals attachment rows (application_files ids): each PDF read, all signed with one
 * key (signMany), then each row pointed at its signed file in its own transaction.
 */
async function signAttachmentRows(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  rowIds: number[],
  as: { who: Parameters<typeof signingProvider.signMany>[2]; options: SignOptions; status: 'signed' | 'sealed'; action: string },
  meta: RequestMeta,
): Promise<AttachmentsResult> {
  const rows = await pdfAttachments(ctx.db, applicationId, (f) => rowIds.includes(f.id));
  const results = new Map<number, BulkItemResult>();
  const data: Buffer[] = [];
  for (const row of rows) data.push((await readStoredFile(ctx.db, ctx.storage, row.fileId)).data);
  let signed: { pdf: Buffer; certificateSerial: string }[] = [];
  try {
    signed = await provider.signMany(ctx.db, data, as.who, () => as.options);
  } catch (error) {
    for (const row of rows) results.set(row.id, failure(applicationId, error, row.id));
  }
  for (const [i, row] of rows.entries()) {
    if (results.has(row.id)) continue;
    try {
      await ctx.db.transaction(async (tx) => {
        const a = await handlerOf(tx, actor, applicationId);
        const stored = await storeGeneratedFile(tx, ctx.storage, {
          data: signed[i].pdf,
          name: row.name,
          mimeType: 'application/pdf',
          purpose: 'signed_document',
          organisationId: a.organisationId,
          ownerUserId: null,
        });
        const updated = await tx
          .update(applicationFiles)
          .set({ fileId: stored.id, status: as.status })
          .where(and(eq(applicationFiles.id, row.id), eq(applicationFiles.fileId, row.fileId)))
          .returning({ id: applicationFiles.id });
        if (updated.length === 0) throw new AppError('CONFLICT', { reason: 'attachment_changed' });
        await audit(tx, actor, meta, {
          organisationId: a.organisationId,
          action: as.action,
          entityType: 'application',
          entityId: applicationId,
          after: { application_file_id: row.id, file_id: stored.id, certificate_serial: signed[i].certificateSerial },
        });
      });
      results.set(row.id, success(applicationId, row.id));
    } catch (error) {
      results.set(row.id, failure(applicationId, error, row.id));
    }
  }
  const items = rowIds.map((id) => results.get(id) ?? failure(applicationId, new AppError('FILE_NOT_EXISTS'), id));
  const failed = items.filter((i) => !i.ok).map((i) => i.file_id as number);
  const code: ErrorCode | null = failed.length > 0 ? 'SIGNING_BULK_PARTIAL_FAILURE' : null;
  return {
    success: failed.length === 0,
    request_id: '',
    code,
    message: code ? errorMessage(code, { failed: failed.join(', ') }) : null,
    attempts_left: null,
    items,
    failed,
  };
}

export async function confirmAttachmentsSigning(
  ctx: AppContext,
  actor: Actor,
  body: { pin: string; application_id: number; request_id: string },
  meta: RequestMeta,
): Promise<AttachmentsResult> {
  const request = await confirmRequest(ctx, actor, (db) => repo.findRequest(db, body.request_id), body.pin, {
    kinds: ['attachments'],
    applicationId: body.application_id,
  });
  try {
    const signer = await signerOf(ctx.db, actor);
    const who = await userIdentity(ctx.db, signer, actor.organisationId);
    const name = who.kind === 'user' ? who.name : '';
    const result = await signAttachmentRows(
      ctx,
      actor,
      body.application_id,
      request.items.flatMap((i) => (i.fileId ? [i.fileId] : [])),
      { who, options: { reason: `Semnat de ${name}` }, status: 'signed', action: 'application.attachment_signed' },
      meta,
    );
    await finishRequest(
      ctx.db,
      request,
      result.success ? 'done' : 'failed',
      result.items.map((i) => ({
        applicationId: body.application_id,
        fileId: i.file_id ?? undefined,
        ok: i.ok,
        ...(i.code ? { code: i.code } : {}),
      })),
    );
    return { ...result, request_id: request.requestId };
  } catch (error) {
    await finishRequest(ctx.db, request, 'failed', [{ applicationId: body.application_id, ok: false, code: codeOf(error) }]);
    throw error;
  }
}

export async function sealAttachments(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<AttachmentsResult> {
  const a = await ctx.db.transaction((tx) => handlerOf(tx, actor, id));
  const rows = await pdfAttachments(ctx.db, id, (f) => f.fileType === 'review' || f.fileType === 'output');
  if (rows.length === 0) throw new AppError('EMPTY_TARGET_FILES');
  const type = await repo.typeSigning(ctx.db, a.applicationTypeId);
  const organisationName = await repo.organisationName(ctx.db, a.organisationId);
  const image = await signatureImage(ctx, ctx.db, type?.customSealFileId ?? null);
  const reason = `Sigiliul ${organisationName}`;
  // Attachments have no layout: a custom seal image goes to the first page's lower left corner.
  const options: SignOptions = image
    ? { reason, visible: { box: { page: 1, x: 36, y: 36, width: 110, height: 55 }, caption: reason, image } }
    : { reason };
  return signAttachmentRows(
    ctx,
    actor,
    id,
    rows.map((r) => r.id),
    {
      who: { kind: 'seal', organisationId: a.organisationId, organisationName },
      options,
      status: 'sealed',
      action: 'application.attachment_sealed',
    },
    meta,
  );
}

export function signatureImageToken(ctx: AppContext, actor: Actor) {
  const token = issueUploadToken(ctx, actor, 'signatureImage');
  return { token: token.token, expires_in: token.expires_in, max_bytes: 10 * 1024 * 1024, types: ['image/png', 'image/jpeg'] };
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
