import { applicationStatusOfDocument, DEFAULT_SETTINGS, GENERATION_STATUS_OF_KIND, type SigningLayout } from '@ghiseu/domain';
import { eq, sql } from 'drizzle-orm';
import { applications } from '../../../db/schema/index.js';
import { writeAudit } from '../../../platform/audit.js';
import type { JobContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { emitDomainEvent } from '../../../platform/events.js';
import type { FileStorage } from '../../../platform/file-storage.js';
import { notFound } from '../../../platform/request.js';
// The job runs in the worker, whose bundle holds no routes (src/jobs.test.ts): a module's index
// exports its routes, so this chain reaches the two functions it needs from other modules
// through their route-free files, and reads the template itself (repository.ts).
import { readStoredFile, storeGeneratedFile } from '../../files/index.js';
import { completeDocumentStep } from '../../processes/index.js';
import * as appRepo from '../repository.js';
import type { WorkflowTransition } from '../staff/workflow-hook.js';
import { type DocumentRenderData, renderOutputDocument } from '../../../platform/document-pdf.js';
import * as repo from './repository.js';
import { organisationAddress, placeholderValues } from './values.js';

/**
 * The generation of an output document: the data the PDF prints (also the template preview's)
 * and the job's work (`documents.generate`, job-definition.ts).
 */

const ENTITY = 'application';

export const verificationUrl = (publicUrl: string, code: string) => `${publicUrl.replace(/\/$/, '')}/verificare/${code}`;

async function logoDataUrl(db: Db, storage: FileStorage, fileId: number | null): Promise<string | null> {
  if (fileId === null) return null;
  try {
    const { file, data } = await readStoredFile(db, storage, fileId);
    if (file.mimeType !== 'image/png' && file.mimeType !== 'image/jpeg') return null;
    return `data:${file.mimeType};base64,${data.toString('base64')}`;
  } catch {
    return null;
  }
}

/** The data of the PDF for `applicationId` with `template` (the generation and the preview). */
export async function renderData(
  services: { db: Db; storage: FileStorage; publicUrl: string },
  input: {
    applicationId: number;
    template: { name: string; content: DocumentRenderData['content']; signingLayout: SigningLayout };
    outputNumber: string;
    verificationCode: string;
    outputDate: Date;
  },
): Promise<DocumentRenderData> {
  const { db } = services;
  const c = await repo.printContext(db, input.applicationId);
  if (!c) throw notFound();
  const councilName = (await repo.settingValue(db, 'COUNCIL_NAME')) || DEFAULT_SETTINGS.councilName;
  const url = verificationUrl(services.publicUrl, input.verificationCode);
  const a = c.application;
  const signers = await repo.expectedSigners(db, a, input.template.signingLayout);
  const visaCodes = [
    a.visaFirstCode ? { label: 'Viza 1', code: a.visaFirstCode } : null,
    a.visaSecondCode ? { label: 'Viza 2', code: a.visaSecondCode } : null,
    a.visaRejectionCode ? { label: 'Viza de respingere', code: a.visaRejectionCode } : null,
  ].filter((v): v is { label: string; code: string } => v !== null);
  return {
    title: input.template.name,
    councilName,
    organisationName: c.organisation.name,
    address: organisationAddress(c.organisation),
    logo: await logoDataUrl(db, services.storage, c.organisation.logoFileId),
    entryNumber: a.identificationNumber,
    entryDate: a.applicationDate,
    outputNumber: input.outputNumber,
    outputDate: input.outputDate,
    visaCodes,
    content: input.template.content,
    values: placeholderValues(c, {
      councilName,
      outputNumber: input.outputNumber,
      outputDate: input.outputDate,
      verificationUrl: url,
    }),
    rows: input.template.signingLayout.rows.map((row) =>
      row.map((cell) => ({ ...cell, box: undefined, signerName: signers.get(cell.index)?.name ?? null })),
    ),
    verificationUrl: url,
    author: c.organisation.name,
  };
}

/** Writes a progress step (its own statement: check-generation-status sees it at once). */
async function progress(db: Db, documentId: number, value: number) {
  await repo.updateDocument(db, documentId, { progress: value });
}

/**
 * The job `documents.generate`: renders the PDF, stores it, snapshots the layout with each
 * cell's box, and moves the application to GENERATED (the process, if waiting for the document,
 * goes on). Idempotent: a revision no longer `generating` is left alone. A failure leaves the
 * revision in `error` (ERROR_DOCUMENT_GENERATION) and the application in its status.
 */
export async function runGeneration(context: Pick<JobContext, 'db' | 'storage' | 'config' | 'log'>, documentId: number) {
  const { db } = context;
  const document = await repo.findDocument(db, documentId);
  if (document?.state !== 'generating') return;
  try {
    await progress(db, documentId, 10);
    const template = document.templateId ? await repo.findTemplate(db, document.templateId) : undefined;
    if (!template) throw new Error(`template ${document.templateId} missing`);
    const data = await renderData(
      { db, storage: context.storage, publicUrl: context.config.publicUrl },
      {
        applicationId: document.applicationId,
        template,
        outputNumber: document.outputNumber ?? '',
        verificationCode: document.verificationCode,
        outputDate: document.createdAt,
      },
    );
    const { pdf, boxes } = await renderOutputDocument(data);
    await progress(db, documentId, 50);
    const layout: SigningLayout = {
      rows: template.signingLayout.rows.map((row) => row.map((cell) => ({ ...cell, box: boxes.get(cell.index) ?? null }))),
    };
    await db.transaction(async (tx) => {
      const current = await repo.findDocument(tx, documentId, { lock: true });
      if (current?.state !== 'generating') return;
      const a = await appRepo.findApplication(tx, current.applicationId, { lock: true });
      if (!a) return;
      // The application moved on while the PDF was made (refused, finished): the revision fails.
      if (a.status !== GENERATION_STATUS_OF_KIND[current.kind])
        throw new Error(`application ${a.id} is ${a.status}, no longer waiting for its document`);
      const safe = (current.outputNumber ?? String(current.id)).replace(/[^\w.-]+/g, '-');
      const file = await storeGeneratedFile(tx, context.storage, {
        data: pdf,
        name: `${template.name}-${safe}.pdf`,
        mimeType: 'application/pdf',
        purpose: 'generated_document',
        organisationId: current.organisationId,
        ownerUserId: null,
      });
      await repo.updateDocument(tx, documentId, {
        generatedFileId: file.id,
        fileId: file.id,
        generatedSha256: file.sha256,
        signingLayout: layout,
        progress: 90,
      });
      await repo.updateDocument(tx, documentId, { state: 'generated', progress: 100 });
      const status = applicationStatusOfDocument(current.kind, 'generated');
      const values: Partial<typeof applications.$inferInsert> = { status };
      const transition = await completeDocumentStep(tx, {
        applicationId: a.id,
        organisationId: a.organisationId,
        actorUserId: current.createdBy ?? a.applicantUserId,
        completed: 'generated',
      });
      applyTransition(values, transition);
      await tx
        .update(applications)
        .set({ ...values, version: sql`${applications.version} + 1`, updatedAt: new Date() })
        .where(eq(applications.id, a.id));
      await writeAudit(tx, {
        actorUserId: current.createdBy,
        organisationId: a.organisationId,
        action: 'application.document_generated',
        entityType: ENTITY,
        entityId: a.id,
        before: { status: a.status },
        after: { status: values.status, document_id: documentId, file_id: file.id, sha256: file.sha256 },
      });
      await emitDomainEvent(tx, {
        type: 'application.document_generated',
        entityType: ENTITY,
        entityId: a.id,
        actorUserId: current.createdBy,
        payload: {
          organisation_id: a.organisationId,
          application_type_id: a.applicationTypeId,
          applicant_user_id: a.applicantUserId,
          previous_status: a.status,
          status: values.status,
          document_id: documentId,
          kind: current.kind,
          revision: current.revision,
        },
      });
    });
  } catch (error) {
    context.log.error({ err: error, documentId }, 'document generation failed');
    await db.transaction(async (tx) => {
      const current = await repo.findDocument(tx, documentId, { lock: true });
      if (current?.state !== 'generating') return;
      await repo.updateDocument(tx, documentId, { state: 'error', errorCode: 'ERROR_DOCUMENT_GENERATION' });
      await writeAudit(tx, {
        actorUserId: current.createdBy,
        organisationId: current.organisationId,
        action: 'application.document_generation_failed',
        entityType: ENTITY,
        entityId: current.applicationId,
        after: { document_id: documentId, error_code: 'ERROR_DOCUMENT_GENERATION' },
      });
    });
  }
}

export function applyTransition(values: Partial<typeof applications.$inferInsert>, transition: WorkflowTransition | undefined) {
  if (!transition) return;
  if (transition.status !== undefined) values.status = transition.status;
  if (transition.functionId !== undefined) values.currentFunctionId = transition.functionId;
  if (transition.stepName !== undefined) values.currentStepName = transition.stepName;
}
