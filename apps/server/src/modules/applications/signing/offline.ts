import fs from 'node:fs';
import { type ErrorCode, errorMessage, type OfflineCheckResponse, type OfflineInitResponse } from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { audit, notFound, type RequestMeta } from '../../../platform/request.js';
import { findOwnFile, issueDownloadToken, issueUploadToken, readStoredFile } from '../../files/index.js';
import { verifyPdf } from '../../signing/index.js';
import * as appRepo from '../repository.js';
import { finishRequest } from './confirmation.js';
import { checkApplicantCells, lockForSigning, signApplicantCells } from './core.js';
import * as repo from './repository.js';

/** The applicant's offline signature: download, sign elsewhere, upload, check, finish. */

/* ───────────────────────────── Applicant: offline ───────────────────────────── */

const OFFLINE_MINUTES = 60;

let roots: Buffer[] | undefined;
/**
 * Roots an applicant's own certificate may chain to besides the portal's CA (qualified
 * providers' roots): SIGNING_TRUSTED_ROOTS, a comma-separated list of PEM or DER files, read
 * once. A signature by another CA whose CMS verifies is accepted all the same, reported as
 * chain 'external'; a trusted root only names where it leads (`trusted_root`). An unreadable
 * file is skipped.
 */
function trustedRoots(): Buffer[] {
  roots ??= (process.env.SIGNING_TRUSTED_ROOTS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .flatMap((p) => {
      try {
        return [fs.readFileSync(p)];
      } catch {
        return [];
      }
    });
  return roots;
}

export async function initializeOffline(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<OfflineInitResponse> {
  const started = await ctx.db.transaction(async (tx) => {
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
    await audit(tx, actor, meta, {
      organisationId: locked.application.organisationId,
      action: 'application.offline_signing_started',
      entityType: 'application',
      entityId: id,
      after: { request_id: requestId, file_id: doc.fileId },
    });
    return { requestId, documentId: doc.id, fileId: doc.fileId as number, expiresAt };
  });
  // The tokens after the commit: the download check reads through ctx.db, which inside the
  // transaction would wait for the connection the transaction holds (the embedded database has one).
  const download = await issueDownloadToken(ctx, actor, started.fileId);
  const upload = issueUploadToken(ctx, actor, 'pdfOnly');
  return {
    request_id: started.requestId,
    document_id: started.documentId,
    file_id: started.fileId,
    download_token: download.token,
    download_url: download.url,
    upload_token: upload.token,
    expires_at: started.expiresAt.toISOString(),
  };
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
    verification = await verifyPdf(db, uploaded, { issued, trustedRoots: trustedRoots() });
  } catch (error) {
    return report(error instanceof AppError ? (error.code as ErrorCode) : 'PDF_READING_ERROR', []);
  }
  const signatures = verification.signatures.map((s) => ({
    signer_name: s.signerName,
    certificate_serial: s.certificateSerial,
    chain: s.chain,
    trusted_root: s.externalRoot,
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
