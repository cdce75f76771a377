import { randomBytes } from 'node:crypto';
import {
  allowedFrom,
  type ApplicationDocument,
  type ApplicationStatus,
  DOCUMENT_KIND_OF_ACTION,
  DOCUMENT_STATE_LABELS,
  type DocumentAction,
  type DocumentKind,
  type DocumentPanel,
  type DocumentVerification,
  documentHasText,
  GENERATION_STATUS_OF_KIND,
  type GenerationStatus,
  isFinishedStatus,
  nextStatus,
  RETURNABLE_DOCUMENT_STATES,
  signingLayoutProblems,
  signingLayoutToOutput,
  signingOrder,
  TEMPLATE_ROLE_OF_KIND,
} from '@ghiseu/domain';
import { eq, sql } from 'drizzle-orm';
import { applications } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { isSuperAdmin } from '../../../platform/auth/scope.js';
import type { AppContext } from '../../../platform/context.js';
import { type Db, isUniqueViolation } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { emitDomainEvent } from '../../../platform/events.js';
import { audit, notFound, type RequestMeta } from '../../../platform/request.js';
import { takeApplicationTypeNumber } from '../../application-types/index.js';
import { takeNextNumber } from '../../document-series/index.js';
import { findTemplateForUse, readTemplateForActor } from '../../document-templates/index.js';
import { issueDownloadToken, readStoredFile } from '../../files/index.js';
import { mayReadApplicationRow } from '../policy.js';
import * as appRepo from '../repository.js';
import { checkActor, mayReadStaff, relationOf } from '../staff/policy.js';
import { workflowHook } from '../staff/workflow-hook.js';
import { applyTransition, renderData, verificationUrl } from './generation.js';
import { GENERATE_DOCUMENT_JOB } from './job-definition.js';
import { PREVIEW_NUMBER, renderOutputDocument } from '../../../platform/document-pdf.js';
import * as repo from './repository.js';

/**
 * An application's output document (spec §4 generate / return / preview, §7; documents/
 * lifecycle.ts of the domain). Generation is a request that numbers and queues (202) and a job
 * that renders, stores and moves the application to GENERATED; return discards the live
 * revision (irreversible) and puts the application back where a new one can be generated. The
 * output number is taken once per application and kind: later revisions reuse it.
 */

const ENTITY = 'application';

/* ───────────────────────────── Shapes ───────────────────────────── */

/** `generatedAt`: when the generated PDF was stored (its file's date); null before. */
export function presentDocument(row: repo.DocumentRow, generatedAt: Date | null = null): ApplicationDocument {
  return {
    id: row.id,
    application_id: row.applicationId,
    kind: row.kind,
    revision: row.revision,
    state: row.state,
    state_label: DOCUMENT_STATE_LABELS[row.state],
    progress: row.progress,
    error_code: row.errorCode,
    template_id: row.templateId,
    output_number: row.outputNumber,
    generated_at: generatedAt ? generatedAt.toISOString() : null,
    generated_sha256: row.generatedSha256,
    issued_at: row.issuedAt ? row.issuedAt.toISOString() : null,
    returned_at: row.returnedAt ? row.returnedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A random 128-bit code, base64url (22 characters). */
const newVerificationCode = () => randomBytes(16).toString('base64url');

/* ───────────────────────────── Rendering ───────────────────────────── */

/** `POST /document-templates/{id}/preview`: the template on a real application of the actor's organisation; nothing stored. */
export async function previewTemplate(ctx: AppContext, actor: Actor, templateId: number, applicationId: number) {
  const template = await readTemplateForActor(ctx.db, actor, templateId);
  const organisationId = await repo.applicationOrganisation(ctx.db, applicationId);
  if (organisationId === undefined || (!isSuperAdmin(actor) && organisationId !== actor.organisationId))
    throw new AppError('VALIDATION_ERROR', {
      fields: [{ path: 'body.application_id', message: 'Alegeți o cerere a instituției dumneavoastră.' }],
    });
  if (template.organisationId !== null && template.organisationId !== organisationId)
    throw new AppError('VALIDATION_ERROR', {
      fields: [{ path: 'body.application_id', message: 'Șablonul aparține altei instituții decât cererea.' }],
    });
  if (!documentHasText(template.content)) throw new AppError('DOCUMENT_TEMPLATE_EMPTY');
  const data = await renderData(
    { db: ctx.db, storage: ctx.storage, publicUrl: ctx.config.publicUrl },
    { applicationId, template, outputNumber: PREVIEW_NUMBER, verificationCode: 'previzualizare', outputDate: new Date() },
  );
  const { pdf } = await renderOutputDocument(data);
  return { pdf, fileName: `previzualizare-${templateId}.pdf` };
}

/* ───────────────────────────── Generate ───────────────────────────── */

/**
 * The output number: reused from an earlier revision of the same kind; the application's own
 * when it has one and no revision yet (allocated elsewhere before any generation); else taken now.
 */
async function outputNumberFor(tx: Db, a: appRepo.ApplicationRow, kind: DocumentKind, now: Date): Promise<string> {
  const revisions = await repo.listDocuments(tx, a.id);
  const earlier = revisions.find((d) => d.kind === kind && d.outputNumber);
  if (earlier?.outputNumber) return earlier.outputNumber;
  if (revisions.length === 0 && a.allocatedDocumentSeries) return a.allocatedDocumentSeries;
  if (kind === 'answer') return (await takeApplicationTypeNumber(tx, a.applicationTypeId, 'outgoing', 'main', now)).code;
  const series = await repo.outgoingSeriesOf(tx, a.applicationTypeId);
  if (!series || series.rejectedPrefix.trim() === '')
    throw new AppError('ERROR_MISSING_DOCUMENT_REJECTED_SERIES', { application_type_id: a.applicationTypeId });
  return (await takeNextNumber(tx, series.id, 'rejected', now)).code;
}

/** `PUT /staff-applications/{id}/{action}/generate-document`: numbers, records and queues the generation (202). */
export async function generateDocument(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: DocumentAction,
  meta: RequestMeta,
): Promise<ApplicationDocument> {
  const kind = DOCUMENT_KIND_OF_ACTION[action];
  try {
    return await generateIn(ctx, actor, id, kind, meta);
  } catch (error) {
    // Two generations at once: the application row lock orders them, the live index decides.
    if (isUniqueViolation(error)) throw new AppError('DOCUMENT_ALREADY_GENERATED');
    throw error;
  }
}

function generateIn(ctx: AppContext, actor: Actor, id: number, kind: DocumentKind, meta: RequestMeta) {
  return ctx.db.transaction(async (tx) => {
    const a = await appRepo.findApplication(tx, id, { lock: true });
    if (!a) throw notFound();
    const relation = await relationOf(tx, actor, id);
    if (!mayReadStaff(actor, a, relation)) throw notFound();
    checkActor('generate-document', actor, a, relation);
    if (nextStatus('generate-document', a.status) === undefined || a.status !== GENERATION_STATUS_OF_KIND[kind])
      throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', {
        reason: 'status_not_allowed',
        action: 'generate-document',
        status: a.status,
        allowed_from: [GENERATION_STATUS_OF_KIND[kind]],
      });
    if (await repo.findLiveDocument(tx, id, { lock: true })) throw new AppError('DOCUMENT_ALREADY_GENERATED');
    const printed = await repo.printContext(tx, id);
    const templateId = printed?.typeTemplateIds[TEMPLATE_ROLE_OF_KIND[kind]] ?? null;
    const template = templateId ? await findTemplateForUse(tx, templateId) : undefined;
    if (template?.status !== 'active' || (template.organisationId !== null && template.organisationId !== a.organisationId))
      throw new AppError('DOCUMENT_TEMPLATE_NOT_DEFINED', { role: TEMPLATE_ROLE_OF_KIND[kind] });
    if (!documentHasText(template.content)) throw new AppError('DOCUMENT_TEMPLATE_EMPTY', { template_id: template.id });
    const layoutProblems = signingLayoutProblems(template.signingLayout);
    if (layoutProblems.length > 0)
      throw new AppError('INVALID_SIGNING_LAYOUT', { problems: layoutProblems.join(' '), template_id: template.id });
    const now = new Date();
    const outputNumber = await outputNumberFor(tx, a, kind, now);
    const document = await repo.insertDocument(tx, {
      applicationId: id,
      organisationId: a.organisationId,
      kind,
      templateId: template.id,
      revision: await repo.nextRevision(tx, id),
      state: 'generating',
      progress: 0,
      outputNumber,
      verificationCode: newVerificationCode(),
      createdBy: actor.userId,
    });
    await tx
      .update(applications)
      .set({ allocatedDocumentSeries: outputNumber, version: sql`${applications.version} + 1`, updatedAt: now })
      .where(eq(applications.id, id));
    await ctx.jobs.enqueue(tx, GENERATE_DOCUMENT_JOB, { documentId: document.id });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'application.generate_document',
      entityType: ENTITY,
      entityId: id,
      before: { status: a.status, allocated_document_series: a.allocatedDocumentSeries },
      after: {
        status: a.status,
        document_id: document.id,
        revision: document.revision,
        kind,
        template_id: template.id,
        allocated_document_series: outputNumber,
      },
    });
    return presentDocument(document);
  });
}

/* ───────────────────────────── Return ───────────────────────────── */

/** `PATCH /staff-applications/{id}/return-document`: discards the live revision (irreversible). */
export async function returnDocument(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<ApplicationDocument> {
  return ctx.db.transaction(async (tx) => {
    const a = await appRepo.findApplication(tx, id, { lock: true });
    if (!a) throw notFound();
    const relation = await relationOf(tx, actor, id);
    if (!mayReadStaff(actor, a, relation)) throw notFound();
    checkActor('return-document', actor, a, relation);
    const document = await repo.findLiveDocument(tx, id, { lock: true });
    if (!document) throw new AppError('EMPTY_TARGET_FILES');
    if (!RETURNABLE_DOCUMENT_STATES.includes(document.state))
      throw new AppError('DOCUMENT_NOT_RETURNABLE', { state: document.state });
    if (nextStatus('return-document', a.status) === undefined)
      throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', {
        reason: 'status_not_allowed',
        action: 'return-document',
        status: a.status,
        allowed_from: allowedFrom('return-document'),
      });
    const now = new Date();
    await repo.updateDocument(tx, document.id, { state: 'returned', returnedAt: now, returnedBy: actor.userId });
    const cancelled = await repo.cancelOpenSigningRequests(tx, id);
    const values: Partial<typeof applications.$inferInsert> = { status: GENERATION_STATUS_OF_KIND[document.kind] };
    const hook = workflowHook();
    if (hook)
      applyTransition(
        values,
        await hook.afterAction(tx, {
          applicationId: id,
          organisationId: a.organisationId,
          applicationTypeId: a.applicationTypeId,
          status: a.status,
          actorUserId: actor.userId,
          action: 'return-document',
          nextStatus: values.status as ApplicationStatus,
        }),
      );
    const status = values.status as ApplicationStatus;
    if (isFinishedStatus(status) && !isFinishedStatus(a.status)) values.resolvedAt ??= now;
    await tx
      .update(applications)
      .set({ ...values, version: sql`${applications.version} + 1`, updatedAt: now })
      .where(eq(applications.id, id));
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'application.return_document',
      entityType: ENTITY,
      entityId: id,
      before: { status: a.status, document_id: document.id, document_state: document.state },
      after: { status, document_state: 'returned', cancelled_signing_requests: cancelled },
    });
    await emitDomainEvent(tx, {
      type: 'application.document_returned',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: {
        organisation_id: a.organisationId,
        application_type_id: a.applicationTypeId,
        applicant_user_id: a.applicantUserId,
        previous_status: a.status,
        status,
        document_id: document.id,
        revision: document.revision,
      },
    });
    const dates = await repo.generatedDates(tx, [document]);
    return presentDocument(
      { ...document, state: 'returned', returnedAt: now, returnedBy: actor.userId },
      dates.get(document.id) ?? null,
    );
  });
}

/* ───────────────────────────── Reads ───────────────────────────── */

/** `GET /applications/{id}/check-generation-status`: the latest revision (applicant or staff who may read it). */
export async function generationStatus(ctx: AppContext, actor: Actor, id: number): Promise<GenerationStatus> {
  const a = await appRepo.findApplication(ctx.db, id);
  if (!a || !(await mayReadApplicationRow(ctx.db, actor, a))) throw notFound();
  const latest = await repo.findLatestDocument(ctx.db, id);
  if (!latest) throw new AppError('EMPTY_TARGET_FILES');
  const dates = await repo.generatedDates(ctx.db, [latest]);
  return {
    state: latest.state,
    progress: latest.progress,
    error_code: latest.errorCode,
    document: presentDocument(latest, dates.get(latest.id) ?? null),
  };
}

async function currentPdf(ctx: AppContext, document: repo.DocumentRow | undefined) {
  if (!document?.fileId) throw new AppError('EMPTY_TARGET_FILES');
  const { data } = await readStoredFile(ctx.db, ctx.storage, document.fileId);
  const safe = (document.outputNumber ?? `document-${document.id}`).replace(/[^\w.-]+/g, '-');
  return { pdf: data, fileName: `${safe}.pdf` };
}

/** `GET /staff-applications/{id}/preview-document`: the live revision's current PDF. */
export async function staffPreview(ctx: AppContext, actor: Actor, id: number) {
  const a = await appRepo.findApplication(ctx.db, id);
  if (!a || !mayReadStaff(actor, a, await relationOf(ctx.db, actor, id))) throw notFound();
  return currentPdf(ctx, await repo.findLiveDocument(ctx.db, id));
}

/** `GET /applications/{id}/preview-document`: the applicant's, once issued or waiting for their signature. */
export async function applicantPreview(ctx: AppContext, actor: Actor, id: number) {
  const a = await appRepo.findApplication(ctx.db, id);
  if (!a || a.applicantUserId !== actor.userId) throw notFound();
  const document = await repo.findLiveDocument(ctx.db, id);
  const visible =
    document &&
    (document.state === 'issued' || (document.state === 'applicant_signing' && a.status === 'SIGN_APPLICANT_USER_PENDING'));
  if (!visible) throw notFound();
  return currentPdf(ctx, document);
}

/** `GET /staff-applications/{id}/document`: the staff view's document panel. */
export async function documentPanel(ctx: AppContext, actor: Actor, id: number): Promise<DocumentPanel> {
  const a = await appRepo.findApplication(ctx.db, id);
  if (!a || !mayReadStaff(actor, a, await relationOf(ctx.db, actor, id))) throw notFound();
  const all = await repo.listDocuments(ctx.db, id);
  const live = all.find((d) => d.state !== 'returned' && d.state !== 'error');
  const dates = await repo.generatedDates(ctx.db, all);
  const history = all.filter((d) => d !== live).map((d) => presentDocument(d, dates.get(d.id) ?? null));
  if (!live) return { document: null, history };
  const layout = live.signingLayout ?? { rows: [] };
  const [signatures, signers, file] = await Promise.all([
    repo.signaturesOf(ctx.db, live.id),
    repo.expectedSigners(ctx.db, a, layout),
    repo.fileSummary(ctx.db, live.fileId),
  ]);
  const byCell = new Map(signatures.filter((s) => s.cellIndex !== null).map((s) => [s.cellIndex as number, s]));
  const output = signingLayoutToOutput(layout);
  const outputCells = new Map(output.rows.flat().map((c) => [c.index, c]));
  const cells = signingOrder(layout).map((cell) => {
    const signed = byCell.get(cell.index);
    const expected = signers.get(cell.index);
    const signedName = signed ? [signed.firstName, signed.lastName].filter(Boolean).join(' ') : '';
    return {
      ...(outputCells.get(cell.index) as NonNullable<ReturnType<typeof outputCells.get>>),
      signer_name: signedName || expected?.name || null,
      function_name: expected?.functionName ?? null,
      signed: signed !== undefined,
      signed_at: signed ? signed.signedAt.toISOString() : null,
      visa_code: signed?.visaCode ?? null,
      box: cell.box ?? null,
    };
  });
  const download = file ? await issueDownloadToken(ctx, actor, file.id).catch(() => undefined) : undefined;
  return {
    document: {
      ...presentDocument(live, dates.get(live.id) ?? null),
      file: file
        ? {
            id: file.id,
            name: file.name,
            size: file.size,
            sha256: file.sha256,
            download_url: download?.url ?? `/api/staff-applications/${id}/preview-document`,
          }
        : null,
      cells,
      verification_url: verificationUrl(ctx.config.publicUrl, live.verificationCode),
    },
    history,
  };
}

/** `GET /public/documents/{code}`: an issued document's public facts, nothing else. */
export async function verifyDocument(ctx: AppContext, code: string): Promise<DocumentVerification> {
  const found = await repo.findByVerificationCode(ctx.db, code);
  if (found?.document.state !== 'issued') throw new AppError('DOCUMENT_NOT_FOUND');
  const d = found.document;
  return {
    output_number: d.outputNumber,
    document_name: (await repo.templateName(ctx.db, d.templateId)) ?? found.typeName,
    issuer: found.organisationName,
    issued_at: d.issuedAt ? d.issuedAt.toISOString() : null,
    sha256: found.fileSha256 ?? d.generatedSha256,
    state: d.state,
  };
}
