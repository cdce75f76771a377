import {
  type ApplicationStatus,
  applicantMustSign,
  applicationStatusOfDocument,
  type DocumentState,
  FINAL_STATUS_OF_KIND,
  isFinishedStatus,
  mayFillCell,
  nextApplicantCell,
  nextStaffCell,
  type SigningCell,
  type SigningLayout,
  signatureCaption,
  stateAfterApplicantSignature,
  stateAfterStaffSignatures,
} from '@ghiseu/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { applicationFiles, applications } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext, JobContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { emitDomainEvent } from '../../../platform/events.js';
import { writeAudit } from '../../../platform/audit.js';
import { defineJob } from '../../../platform/jobs.js';
import { notFound } from '../../../platform/request.js';
import { takeApplicationTypeNumber } from '../../application-types/index.js';
import { readStoredFile, storeGeneratedFile } from '../../files/index.js';
import { completeDocumentStep } from '../../processes/index.js';
import { type SignerIdentity, type SignOptions, signingProvider } from '../../signing/index.js';
import type { ApplicationRow } from '../repository.js';
import * as appRepo from '../repository.js';
import { checkActor, mayReadStaff, relationOf } from '../staff/policy.js';
import * as repo from './repository.js';
import { citizenProblem, staffProblem } from './signers.js';

/**
 * The writing half of the signing flows (spec §4 Signing, domain documents/lifecycle.ts): one
 * cell signed, the seal, the issuance. Each runs inside the caller's transaction with the
 * application row locked (SELECT … FOR UPDATE) and its version raised, like the staff actions,
 * and writes its audit entry and domain event there.
 */

const ENTITY = 'application';
type Ctx = Pick<AppContext, 'storage' | 'jobs'>;
type Values = Partial<typeof applications.$inferInsert>;

export const signedIndexes = (signatures: repo.SignatureRow[]): Set<number> =>
  new Set(signatures.flatMap((s) => (s.cellIndex === null ? [] : [s.cellIndex])));

export const layoutOf = (doc: repo.DocumentRow): SigningLayout => doc.signingLayout ?? { rows: [] };

export interface SignImage {
  data: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
}

/** The image of a custom signature (an upload of the signer, png/jpeg), or undefined. */
export async function signatureImage(
  ctx: Pick<AppContext, 'storage'>,
  db: Db,
  fileId: number | null | undefined,
): Promise<SignImage | undefined> {
  if (fileId == null) return undefined;
  const { file, data } = await readStoredFile(db, ctx.storage, fileId);
  if (file.mimeType !== 'image/png' && file.mimeType !== 'image/jpeg') return undefined;
  return { data, mimeType: file.mimeType };
}

/** SignOptions of a cell: a visible signature in the cell's box when the layout snapshot has one. */
export function cellOptions(
  cell: SigningCell,
  name: string,
  extra: { image?: SignImage; visaCode?: string | null },
): SignOptions {
  const caption = signatureCaption(name, cell.label) + (extra.visaCode ? ` · Viza nr. ${extra.visaCode}` : '');
  const box = cell.box;
  return {
    reason: caption,
    location: 'România',
    ...(box
      ? {
          visible: {
            // The layout snapshot counts pages from 0; the signer from 1.
            box: { page: box.page + 1, x: box.x, y: box.y, width: box.width, height: box.height },
            caption,
            ...(extra.image ? { image: extra.image } : {}),
          },
        }
      : {}),
  };
}

/**
 * The signing provider, with its failures answered as SIGNING_FAILED (a catalogue code, never a
 * bare 500): an unreadable PDF or image, a certificate that could not be issued.
 */
export const provider = {
  async sign(...args: Parameters<typeof signingProvider.sign>) {
    try {
      return await signingProvider.sign(...args);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('SIGNING_FAILED', {}, error instanceof Error ? error.message : String(error));
    }
  },
  async signMany(...args: Parameters<typeof signingProvider.signMany>) {
    try {
      return await signingProvider.signMany(...args);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('SIGNING_FAILED', {}, error instanceof Error ? error.message : String(error));
    }
  },
};

const personName = (s: repo.SignerRow) => [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email;

export async function userIdentity(db: Db, signer: repo.SignerRow, organisationId: number | null): Promise<SignerIdentity> {
  return {
    kind: 'user',
    userId: signer.id,
    name: personName(signer),
    organisationName: organisationId !== null ? await repo.organisationName(db, organisationId) : null,
    email: signer.email,
  };
}

/** Writes the application's new status with `version + 1`, stopping the clock when it finishes. */
async function writeApplication(tx: Db, a: ApplicationRow, values: Values): Promise<void> {
  const status = values.status as ApplicationStatus | undefined;
  if (status && status !== a.status && isFinishedStatus(status) && !isFinishedStatus(a.status)) {
    values.resolvedAt ??= new Date();
    values.clockPausedAt = null;
  }
  await tx
    .update(applications)
    .set({ ...values, version: sql`${applications.version} + 1`, updatedAt: new Date() })
    .where(eq(applications.id, a.id));
}

async function record(
  tx: Db,
  a: ApplicationRow,
  actorUserId: number | null,
  meta: { ip?: string | null; requestId?: string | null },
  entry: {
    action: string;
    event: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    payload: Record<string, unknown>;
  },
): Promise<void> {
  await writeAudit(tx, {
    actorUserId,
    organisationId: a.organisationId,
    action: entry.action,
    entityType: ENTITY,
    entityId: a.id,
    before: entry.before,
    after: entry.after,
    ip: meta.ip ?? null,
    requestId: meta.requestId ?? null,
  });
  await emitDomainEvent(tx, {
    type: entry.event,
    entityType: ENTITY,
    entityId: a.id,
    actorUserId,
    payload: {
      organisation_id: a.organisationId,
      application_type_id: a.applicationTypeId,
      applicant_user_id: a.applicantUserId,
      previous_status: a.status,
      ...entry.payload,
    },
  });
}

export interface Locked {
  application: ApplicationRow;
  document: repo.DocumentRow;
  signatures: repo.SignatureRow[];
}

/** The application and its live document, both locked (unless a read-only check asks otherwise); EMPTY_TARGET_FILES without a document. */
export async function lockForSigning(
  tx: Db,
  applicationId: number,
  options: { lock: boolean } = { lock: true },
): Promise<Locked> {
  const application = await appRepo.findApplication(tx, applicationId, options);
  if (!application) throw notFound();
  const document = await repo.findLiveDocument(tx, applicationId, options);
  if (!document || document.fileId === null) throw new AppError('EMPTY_TARGET_FILES');
  return { application, document, signatures: await repo.signaturesOf(tx, document.id) };
}

/**
 * The staff cell the actor is to sign now, after every check: scope (404), the live document
 * (EMPTY_TARGET_FILES), its kind (when `kind` is given), the next cell and who may fill it
 * (policy canSign: 403), the transition table (409), the signer's enrollment and profile.
 */
export async function checkStaffCell(
  tx: Db,
  actor: Actor,
  locked: Locked,
  expectedKind?: repo.DocumentRow['kind'],
): Promise<{ cell: SigningCell; signer: repo.SignerRow }> {
  const { application: a, document: doc } = locked;
  const relation = await relationOf(tx, actor, a.id);
  if (!mayReadStaff(actor, a, relation)) throw notFound();
  if (expectedKind && doc.kind !== expectedKind)
    throw new AppError('SIGNING_DOCUMENT_KIND_MISMATCH', { document_kind: doc.kind, expected: expectedKind });
  if (doc.state !== 'generated' && doc.state !== 'signing')
    throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'document_state', document_state: doc.state, action: 'sign' });
  const cell = nextStaffCell(layoutOf(doc), signedIndexes(locked.signatures));
  if (!cell) throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'no_staff_cell_left', action: 'sign' });
  const fns = await repo.functionsOf(tx, actor.userId, a.organisationId);
  relation.isNextSigner = mayFillCell(cell, {
    actorUserId: actor.userId,
    assigneeUserId: a.assigneeUserId,
    reviewerUserId: a.reviewerUserId,
    applicantUserId: a.applicantUserId,
    actorFunctionIds: fns.ids,
    actorFunctionKeys: fns.keys,
  });
  try {
    checkActor('sign', actor, a, relation);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN' && !relation.isNextSigner)
      throw new AppError('SIGNING_NOT_NEXT_SIGNER', { cell_index: cell.index });
    throw error;
  }
  if (a.status !== 'GENERATED' && a.status !== 'SIGN_PENDING')
    throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'status_not_allowed', action: 'sign', status: a.status });
  const signer = await repo.findSigner(tx, actor.userId);
  if (!signer) throw notFound();
  const problem = await staffProblem(tx, signer);
  if (problem) throw new AppError(problem.code, { problems: problem.details });
  return { cell, signer };
}

/** After a document state change: the application's status and the issuance / seal that follow. */
async function afterSignature(
  tx: Db,
  ctx: Ctx,
  locked: Locked,
  next: { state: DocumentState; fileId: number; actorUserId: number | null; fileStatus: 'signed' | 'sealed' },
  values: Values,
  meta: { ip?: string | null; requestId?: string | null },
  entry: { action: string; event: string; payload: Record<string, unknown> },
): Promise<{ state: DocumentState; status: ApplicationStatus }> {
  const { application: a, document: doc } = locked;
  if (next.state === 'issued') {
    await repo.updateDocument(tx, doc.id, { fileId: next.fileId });
    await record(tx, a, next.actorUserId, meta, {
      ...entry,
      before: { status: a.status, document_state: doc.state },
      after: { status: a.status, document_state: 'issued' },
    });
    const status = await issue(tx, { ...locked, document: { ...doc, fileId: next.fileId } }, next, values, meta);
    return { state: 'issued', status };
  }
  const status = applicationStatusOfDocument(doc.kind, next.state);
  await repo.updateDocument(tx, doc.id, { state: next.state, fileId: next.fileId, errorCode: null });
  await writeApplication(tx, a, { ...values, status });
  await record(tx, a, next.actorUserId, meta, {
    ...entry,
    before: { status: a.status, document_state: doc.state },
    after: { status, document_state: next.state },
    payload: { ...entry.payload, status, document_state: next.state },
  });
  if (next.state === 'sealing') await ctx.jobs.enqueue(tx, sealJob, { documentId: doc.id });
  return { state: next.state, status };
}

/** Signs the actor's staff cell (online or bulk), in the caller's transaction. */
export async function signStaffCell(
  tx: Db,
  ctx: Ctx,
  actor: Actor,
  applicationId: number,
  options: {
    method: 'online' | 'bulk';
    customImageFileId?: number | null;
    expectedKind?: repo.DocumentRow['kind'];
    /** The document the request was opened for: a regenerated one is not signed by it. */
    documentId?: number;
    meta: { ip?: string | null; requestId?: string | null };
    /** Bulk: the signature already made with one key unlock (signMany); else signed here. */
    presigned?: { pdf: Buffer; certificateSerial: string; forFileId: number; cellIndex: number; visaCode: string | null };
  },
): Promise<{ state: DocumentState; status: ApplicationStatus; visaCode: string | null }> {
  const locked = await lockForSigning(tx, applicationId);
  const { application: a, document: doc } = locked;
  const { cell, signer } = await checkStaffCell(tx, actor, locked, options.expectedKind);
  if (options.documentId !== undefined && options.documentId !== doc.id)
    throw new AppError('SIGNING_REQUEST_NOT_FOUND', { reason: 'document_changed' });
  let signed: { pdf: Buffer; certificateSerial: string };
  let visaCode: string | null;
  if (options.presigned) {
    // The PDF signed outside must be the current one, for the same cell.
    if (options.presigned.forFileId !== doc.fileId || options.presigned.cellIndex !== cell.index)
      throw new AppError('CONFLICT', { reason: 'document_changed' });
    signed = options.presigned;
    visaCode = options.presigned.visaCode;
  } else {
    visaCode = cell.visa ? (await takeApplicationTypeNumber(tx, a.applicationTypeId, cell.visa)).code : null;
    const { data } = await readStoredFile(tx, ctx.storage, doc.fileId as number);
    const image = await signatureImage(ctx, tx, options.customImageFileId);
    const who = await userIdentity(tx, signer, a.organisationId);
    signed = await provider.sign(tx, data, who, cellOptions(cell, who.kind === 'user' ? who.name : '', { image, visaCode }));
  }
  const stored = await storeGeneratedFile(tx, ctx.storage, {
    data: signed.pdf,
    name: `document-${doc.outputNumber ?? doc.id}-semnat-${locked.signatures.length + 1}.pdf`,
    mimeType: 'application/pdf',
    purpose: 'signed_document',
    organisationId: a.organisationId,
    ownerUserId: null,
  });
  await repo.insertSignature(tx, {
    documentId: doc.id,
    kind: 'staff',
    cellIndex: cell.index,
    signerUserId: actor.userId,
    method: options.method,
    certificateSerial: signed.certificateSerial,
    visaCode,
    fileId: stored.id,
  });
  const layout = layoutOf(doc);
  const done = signedIndexes(locked.signatures).add(cell.index);
  const type = await repo.typeSigning(tx, a.applicationTypeId);
  const state: DocumentState =
    nextStaffCell(layout, done) !== null
      ? 'signing'
      : stateAfterStaffSignatures({ applicantMustSign: applicantMustSign(layout, done), seal: type?.digitalSeal === true });
  const values: Values = {};
  if (cell.visa === 'visa1') values.visaFirstCode = visaCode;
  if (cell.visa === 'visa2') values.visaSecondCode = visaCode;
  const result = await afterSignature(
    tx,
    ctx,
    locked,
    { state, fileId: stored.id, actorUserId: actor.userId, fileStatus: 'signed' },
    values,
    options.meta,
    {
      action: 'application.sign',
      event: 'application.document_signed',
      payload: { document_id: doc.id, cell_index: cell.index, method: options.method },
    },
  );
  return { ...result, visaCode };
}

/** The applicant's remaining cells: the checks of an applicant signature. */
export async function checkApplicantCells(
  tx: Db,
  actor: Actor,
  locked: Locked,
): Promise<{ cells: SigningCell[]; signer: repo.SignerRow }> {
  const { application: a, document: doc } = locked;
  if (a.applicantUserId !== actor.userId) throw notFound();
  if (a.status !== 'SIGN_APPLICANT_USER_PENDING' || doc.state !== 'applicant_signing')
    throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', {
      reason: 'status_not_allowed',
      status: a.status,
      document_state: doc.state,
    });
  const signed = signedIndexes(locked.signatures);
  const cells: SigningCell[] = [];
  for (let cell = nextApplicantCell(layoutOf(doc), signed); cell; cell = nextApplicantCell(layoutOf(doc), signed)) {
    cells.push(cell);
    signed.add(cell.index);
  }
  if (cells.length === 0) throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'no_applicant_cell' });
  const signer = await repo.findSigner(tx, actor.userId);
  if (!signer) throw notFound();
  const problem = citizenProblem(signer);
  if (problem) throw new AppError(problem.code, { problems: problem.details });
  return { cells, signer };
}

/**
 * The applicant's signature of the output document: online (each remaining applicant cell
 * signed here) or offline (`uploaded`: the verified PDF they signed elsewhere). Then the seal or
 * the issuance.
 */
export async function signApplicantCells(
  tx: Db,
  ctx: Ctx,
  actor: Actor,
  applicationId: number,
  options: {
    method: 'online' | 'offline';
    uploaded?: { fileId: number };
    meta: { ip?: string | null; requestId?: string | null };
  },
): Promise<{ state: DocumentState; status: ApplicationStatus }> {
  const locked = await lockForSigning(tx, applicationId);
  const { application: a, document: doc } = locked;
  const { cells, signer } = await checkApplicantCells(tx, actor, locked);
  let fileId: number;
  const serials: (string | null)[] = [];
  if (options.uploaded) {
    fileId = options.uploaded.fileId;
    serials.push(...cells.map(() => null));
  } else {
    let { data } = await readStoredFile(tx, ctx.storage, doc.fileId as number);
    const who = await userIdentity(tx, signer, null);
    for (const cell of cells) {
      const out = await provider.sign(tx, data, who, cellOptions(cell, who.kind === 'user' ? who.name : '', {}));
      data = out.pdf;
      serials.push(out.certificateSerial);
    }
    const stored = await storeGeneratedFile(tx, ctx.storage, {
      data,
      name: `document-${doc.outputNumber ?? doc.id}-semnat-solicitant.pdf`,
      mimeType: 'application/pdf',
      purpose: 'signed_document',
      organisationId: a.organisationId,
      ownerUserId: null,
    });
    fileId = stored.id;
  }
  for (const [i, cell] of cells.entries())
    await repo.insertSignature(tx, {
      documentId: doc.id,
      kind: 'applicant',
      cellIndex: cell.index,
      signerUserId: actor.userId,
      method: options.method,
      certificateSerial: serials[i],
      fileId,
    });
  const type = await repo.typeSigning(tx, a.applicationTypeId);
  const state = stateAfterApplicantSignature({ seal: type?.digitalSeal === true });
  return afterSignature(
    tx,
    ctx,
    locked,
    { state, fileId, actorUserId: actor.userId, fileStatus: 'signed' },
    options.method === 'offline' ? { signedLockedAt: new Date() } : {},
    options.meta,
    {
      action: 'application.applicant_sign',
      event: 'application.document_signed_by_applicant',
      payload: { document_id: doc.id, cell_indexes: cells.map((c) => c.index), method: options.method },
    },
  );
}

/**
 * Issuance (one function): the document issued (issued_at), the application in its final status
 * (FINAL_STATUS_OF_KIND; resolved_at, issued_at, allocated_document_series = the output number),
 * the final PDF as a public output file (signed or sealed), the process told the document step is
 * done ('signed'), audit and 'application.document_issued'.
 */
export async function issue(
  tx: Db,
  locked: Locked,
  by: { fileId: number; actorUserId: number | null; fileStatus: 'signed' | 'sealed' },
  extra: Values,
  meta: { ip?: string | null; requestId?: string | null },
): Promise<ApplicationStatus> {
  const { application: a, document: doc } = locked;
  const now = new Date();
  await repo.updateDocument(tx, doc.id, { state: 'issued', issuedAt: now, fileId: by.fileId, errorCode: null });
  const status = FINAL_STATUS_OF_KIND[doc.kind];
  const values: Values = { ...extra, status, issuedAt: now, allocatedDocumentSeries: doc.outputNumber };
  await tx.insert(applicationFiles).values({
    applicationId: a.id,
    fileId: by.fileId,
    fileType: 'output',
    status: by.fileStatus,
    isPublic: true,
    createdBy: by.actorUserId,
  });
  // The process's document step (sign_document) is done; its answer moves the step (the status
  // stays the document's final one).
  const facts = {
    applicationId: a.id,
    organisationId: a.organisationId,
    actorUserId: by.actorUserId ?? a.applicantUserId,
    completed: 'signed' as const,
  };
  const transition = await completeDocumentStep(tx, facts);
  if (transition?.functionId !== undefined) values.currentFunctionId = transition.functionId;
  if (transition?.stepName !== undefined) values.currentStepName = transition.stepName;
  await writeApplication(tx, a, values);
  await record(tx, a, by.actorUserId, meta, {
    action: 'application.document_issued',
    event: 'application.document_issued',
    before: { status: a.status, document_state: doc.state },
    after: { status, document_state: 'issued', output_number: doc.outputNumber },
    payload: { status, document_id: doc.id, output_number: doc.outputNumber },
  });
  return status;
}

/** Seal options: invisible, or visible with the type's custom seal image beside the last staff cell. */
export function sealOptions(organisationName: string, layout: SigningLayout, image: SignImage | undefined): SignOptions {
  const reason = `Sigiliul ${organisationName}`;
  if (!image) return { reason };
  const boxes = layout.rows.flat().flatMap((c) => (c.box ? [c.box] : []));
  const anchor = boxes.sort((x, y) => y.page - x.page || x.y - y.y)[0];
  if (!anchor) return { reason };
  const width = Math.min(120, anchor.width);
  const x = anchor.x >= width + 40 ? anchor.x - width - 10 : anchor.x + anchor.width + 10;
  return {
    reason,
    visible: { box: { page: anchor.page + 1, x, y: anchor.y, width, height: anchor.height }, caption: reason, image },
  };
}

/**
 * The seal job's work: the organisation's seal on the current PDF, then issuance. A failure
 * leaves the document in seal_error (SEAL_ERROR) for PUT /staff-applications/{id}/seal.
 */
export async function sealDocument(ctx: Pick<JobContext, 'db' | 'storage' | 'jobs' | 'log'>, documentId: number): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      const doc0 = await repo.findDocument(tx, documentId);
      if (!doc0) return;
      const locked = await lockForSigning(tx, doc0.applicationId);
      const { application: a, document: doc } = locked;
      if (doc.id !== documentId || doc.state !== 'sealing') return;
      const type = await repo.typeSigning(tx, a.applicationTypeId);
      const organisationName = await repo.organisationName(tx, a.organisationId);
      const { data } = await readStoredFile(tx, ctx.storage, doc.fileId as number);
      const image = await signatureImage(ctx, tx, type?.customSealFileId ?? null);
      const sealed = await provider.sign(
        tx,
        data,
        { kind: 'seal', organisationId: a.organisationId, organisationName },
        sealOptions(organisationName, layoutOf(doc), image),
      );
      const stored = await storeGeneratedFile(tx, ctx.storage, {
        data: sealed.pdf,
        name: `document-${doc.outputNumber ?? doc.id}-sigilat.pdf`,
        mimeType: 'application/pdf',
        purpose: 'signed_document',
        organisationId: a.organisationId,
        ownerUserId: null,
      });
      await repo.insertSignature(tx, {
        documentId: doc.id,
        kind: 'seal',
        cellIndex: null,
        signerUserId: null,
        method: 'online',
        certificateSerial: sealed.certificateSerial,
        fileId: stored.id,
      });
      await issue(tx, locked, { fileId: stored.id, actorUserId: null, fileStatus: 'sealed' }, {}, {});
    });
  } catch (error) {
    ctx.log.error({ err: error, documentId }, 'documents.seal failed');
    await ctx.db.transaction(async (tx) => {
      const doc = await repo.findDocument(tx, documentId);
      if (doc?.state !== 'sealing') return;
      const a = await appRepo.findApplication(tx, doc.applicationId, { lock: true });
      if (!a) return;
      await repo.updateDocument(tx, doc.id, { state: 'seal_error', errorCode: 'SEAL_ERROR' });
      await writeApplication(tx, a, { status: 'SEAL_ERROR' });
      await record(
        tx,
        a,
        null,
        {},
        {
          action: 'application.seal_failed',
          event: 'application.document_seal_failed',
          before: { status: a.status, document_state: 'sealing' },
          after: { status: 'SEAL_ERROR', document_state: 'seal_error' },
          payload: { status: 'SEAL_ERROR', document_id: doc.id },
        },
      );
    });
  }
}

/** PUT /staff-applications/{id}/seal: the seal again after SEAL_ERROR (canSeal; SIGNED or SEAL_ERROR). */
export async function retrySeal(
  tx: Db,
  ctx: Ctx,
  actor: Actor,
  applicationId: number,
  meta: { ip?: string | null; requestId?: string | null },
): Promise<{ state: DocumentState; status: ApplicationStatus }> {
  const locked = await lockForSigning(tx, applicationId);
  const { application: a, document: doc } = locked;
  const relation = await relationOf(tx, actor, a.id);
  if (!mayReadStaff(actor, a, relation)) throw notFound();
  checkActor('seal', actor, a, relation);
  if ((a.status !== 'SIGNED' && a.status !== 'SEAL_ERROR') || (doc.state !== 'seal_error' && doc.state !== 'signed'))
    throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'status_not_allowed', action: 'seal', status: a.status });
  return afterSignature(
    tx,
    ctx,
    locked,
    { state: 'sealing', fileId: doc.fileId as number, actorUserId: actor.userId, fileStatus: 'sealed' },
    {},
    meta,
    { action: 'application.seal', event: 'application.document_seal_requested', payload: { document_id: doc.id } },
  );
}

/** `documents.seal`: enqueued in the transaction of the last signature (or of the seal retry). */
export const sealJob = defineJob({
  name: 'documents.seal',
  version: 1,
  payload: z.object({ documentId: z.number().int().positive() }),
  retryLimit: 0,
  handler: (payload, context) => sealDocument(context, payload.documentId),
});
