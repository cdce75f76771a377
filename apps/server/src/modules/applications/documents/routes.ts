import {
  ZApplicationDocument,
  ZDocumentActionParams,
  ZDocumentPanel,
  ZDocumentPreviewRequest,
  ZDocumentVerification,
  ZDocumentVerificationParams,
  ZGenerationStatus,
  ZIdParams,
  ZReturnDocumentRequest,
} from '@ghiseu/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, publicRoute, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse } from '../../../platform/list-query.js';
import { requestMeta } from '../../../platform/request.js';
import * as service from './service.js';

const data = dataResponse;
const tags = ['documents'];

/** Per-address limit of the public verification page (like the public status page). */
export const VERIFICATION_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);

/**
 * An application's output document (spec §4, §7): generate (a job), return, generation status,
 * previews, the staff panel, the preview of a template on an application, and the public
 * verification page of the QR code. Rules in service.ts (staff policy and transition table).
 */
export async function documentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = requirePermission('applicationsStaffOwnRead');
  const edit = requirePermission('applicationsStaffOwnEdit');

  app.put(
    '/staff-applications/:id/:action/generate-document',
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Generează documentul de ieșire (approve: răspunsul, reject: respingerea) din șablonul tipului: alocă numărul de ieșire o singură dată și pune generarea în coadă (202). Erori: DOCUMENT_TEMPLATE_NOT_DEFINED, DOCUMENT_TEMPLATE_EMPTY, DOCUMENT_SERIES_NOT_DEFINED, ERROR_MISSING_DOCUMENT_REJECTED_SERIES, DOCUMENT_ALREADY_GENERATED, APPLICATION_ACTION_NOT_ALLOWED',
        params: ZDocumentActionParams,
        response: { 202: data(ZApplicationDocument) },
      },
    },
    async (request, reply) => {
      const document = await service.generateDocument(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.action,
        requestMeta(request),
      );
      return reply.status(202).send({ data: document });
    },
  );

  app.patch(
    '/staff-applications/:id/return-document',
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Returnează documentul (ireversibil; cere confirm: true): revizia devine istoric, cererea revine la APPROVED / REJECTED_IN_PROGRESS, cererile de semnare deschise se anulează',
        params: ZIdParams,
        body: ZReturnDocumentRequest,
        response: { 200: data(ZApplicationDocument) },
      },
    },
    async (request) => ({
      data: await service.returnDocument(app.ctx, actorOf(request), request.params.id, requestMeta(request)),
    }),
  );

  app.get(
    '/applications/:id/check-generation-status',
    {
      config: requirePermission('applicationsRead', 'applicationsStaffOwnRead'),
      schema: {
        tags,
        summary: 'Starea generării ultimei revizii: stare, progres (0–100), cod de eroare (EMPTY_TARGET_FILES fără document)',
        params: ZIdParams,
        response: { 200: data(ZGenerationStatus) },
      },
    },
    async (request) => ({ data: await service.generationStatus(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/staff-applications/:id/preview-document',
    {
      config: read,
      schema: {
        tags,
        summary: 'PDF-ul curent al documentului (orice stare activă; EMPTY_TARGET_FILES fără document)',
        params: ZIdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => sendPdf(reply, await service.staffPreview(app.ctx, actorOf(request), request.params.id)),
  );

  app.get(
    '/applications/:id/preview-document',
    {
      config: requirePermission('applicationsRead'),
      schema: {
        tags,
        summary: 'PDF-ul documentului pentru solicitant: doar emis sau în așteptarea semnăturii sale (altfel 404)',
        params: ZIdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => sendPdf(reply, await service.applicantPreview(app.ctx, actorOf(request), request.params.id)),
  );

  app.get(
    '/staff-applications/:id/document',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Panoul documentului: revizia curentă (stare, progres, număr de ieșire, SHA-256, descărcare, semnăturile machetei) și istoricul reviziilor',
        params: ZIdParams,
        response: { 200: data(ZDocumentPanel) },
      },
    },
    async (request) => ({ data: await service.documentPanel(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/document-templates/:id/preview',
    {
      config: requirePermission('documentTemplateRead'),
      schema: {
        tags,
        summary:
          'Previzualizarea șablonului pe o cerere a instituției (PDF; nimic nu se salvează; numerele apar ca „(se alocă la generare)”)',
        params: ZIdParams,
        body: ZDocumentPreviewRequest,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(reply, await service.previewTemplate(app.ctx, actorOf(request), request.params.id, request.body.application_id)),
  );

  app.get(
    '/public/documents/:code',
    {
      config: { ...publicRoute, rateLimit: VERIFICATION_RATE_LIMIT },
      schema: {
        tags,
        summary:
          'Verificarea publică a unui document emis (codul din QR): număr, denumire, emitent, data emiterii, SHA-256 al PDF-ului emis. DOCUMENT_NOT_FOUND altfel',
        security: [],
        params: ZDocumentVerificationParams,
        response: { 200: data(ZDocumentVerification) },
      },
    },
    async (request) => ({ data: await service.verifyDocument(app.ctx, request.params.code) }),
  );
}
