import {
  type AttachmentsResult,
  type BulkConfirmResponse,
  type BulkItemResult,
  type BulkSignStartResponse,
  type ErrorCode,
  errorMessage,
  type SignStartResponse,
} from '@ghiseu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { applicationFiles, applications } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { audit, notFound, type RequestMeta } from '../../../platform/request.js';
import { issueUploadToken, readStoredFile, storeGeneratedFile } from '../../files/index.js';
import type { SignOptions, signingProvider } from '../../signing/index.js';
import * as appRepo from '../repository.js';
import { checkActor, mayReadStaff, relationOf } from '../staff/policy.js';
import { confirmRequest, finishRequest, openRequest } from './confirmation.js';
import {
  cellOptions,
  checkStaffCell,
  lockForSigning,
  provider,
  type SignImage,
  signatureImage,
  signStaffCell,
  userIdentity,
} from './core.js';
import * as repo from './repository.js';
import { staffProblems } from './signers.js';

import { checkCustomImage, codeOf, failure, signerOf, staffCheck, success } from './service.js';

/** Bulk signing of documents, and the signing and sealing of an application's attachments. */

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
        const locked = await lockForSigning(tx, id, { lock: false });
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
            const locked = await lockForSigning(tx, item.applicationId, { lock: false });
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
    const rows = await pdfAttachments(tx, a.id, (f) => wanted.has(f.fileId));
    if (rows.length !== wanted.size) throw new AppError('FILE_NOT_EXISTS', { reason: 'not_a_pdf_attachment_of_the_application' });
    await checkCustomImage(tx, actor, body.custom_image_id);
    const answer = await openRequest(tx, ctx, actor, signer, {
      kind: 'attachments',
      items: rows.map((r) => ({ applicationId: a.id, fileId: r.fileId })),
      organisationId: a.organisationId,
      customImageFileId: body.custom_image_id ?? null,
    });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'application.attachments_signing_started',
      entityType: 'application',
      entityId: a.id,
      after: { request_id: answer.request_id, file_ids: rows.map((r) => r.fileId) },
    });
    return answer;
  });
}

/**
 * Signs or seals attachments (named by their stored file_id): each PDF read, all signed with one
 * key (signMany), then each row pointed at its signed file in its own transaction.
 */
async function signAttachmentRows(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  fileIds: number[],
  as: { who: Parameters<typeof signingProvider.signMany>[2]; options: SignOptions; status: 'signed' | 'sealed'; action: string },
  meta: RequestMeta,
): Promise<AttachmentsResult> {
  const rows = await pdfAttachments(ctx.db, applicationId, (f) => fileIds.includes(f.fileId));
  const results = new Map<number, BulkItemResult>();
  const data: Buffer[] = [];
  for (const row of rows) data.push((await readStoredFile(ctx.db, ctx.storage, row.fileId)).data);
  let signed: { pdf: Buffer; certificateSerial: string }[] = [];
  try {
    signed = await provider.signMany(ctx.db, data, as.who, () => as.options);
  } catch (error) {
    for (const row of rows) results.set(row.fileId, failure(applicationId, error, row.fileId));
  }
  for (const [i, row] of rows.entries()) {
    if (results.has(row.fileId)) continue;
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
          after: {
            application_file_id: row.id,
            previous_file_id: row.fileId,
            file_id: stored.id,
            certificate_serial: signed[i].certificateSerial,
          },
        });
      });
      results.set(row.fileId, success(applicationId, row.fileId));
    } catch (error) {
      results.set(row.fileId, failure(applicationId, error, row.fileId));
    }
  }
  const items = fileIds.map((id) => results.get(id) ?? failure(applicationId, new AppError('FILE_NOT_EXISTS'), id));
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
    rows.map((r) => r.fileId),
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
