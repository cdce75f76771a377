import { ZIssuedDocument, ZListQuery, ZSeriesSearchItem, ZSeriesSearchQuery } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse, listResponse } from '../../../platform/list-query.js';
import { registerFileAccessRule } from '../../files/index.js';
import { mayDownloadIssued } from './policy.js';
import * as service from './service.js';

const tags = ['issued-documents'];

/**
 * Issued documents (spec §2 /issued-documents, §6 issuedDocumentView) and the series search
 * (spec §7 GET /applications/find and findAll ?series=, on the output number).
 */
export async function issuedDocumentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The issued PDF: its applicant and the organisation's staff may have a download token.
  registerFileAccessRule((db, actor, file) => mayDownloadIssued(db, actor, file.id));

  app.get(
    '/issued-documents',
    {
      config: requirePermission('issuedDocumentView'),
      schema: {
        tags,
        summary:
          'Documentele emise: ale cererilor proprii (solicitanți) sau registrul general al instituției (funcționari). Filtre output_number, identification_number, application_type_id, kind, issued_at; implicit -issued_at',
        querystring: ZListQuery,
        response: { 200: listResponse(ZIssuedDocument) },
      },
    },
    async (request) => service.listIssuedDocuments(app.ctx, actorOf(request), request.query as Record<string, unknown>),
  );

  app.get(
    '/applications/find',
    {
      config: requirePermission('applicationsRead', 'issuedDocumentView'),
      schema: {
        tags,
        summary:
          'Cererea finalizată (RESOLVED, REJECTED, CLOSED, nu internă) cu exact acest număr de document emis (allocated_document_series); NOT_FOUND dacă nu există',
        querystring: ZSeriesSearchQuery,
        response: { 200: dataResponse(ZSeriesSearchItem) },
      },
    },
    async (request) => ({ data: await service.findBySeries(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/applications/findAll',
    {
      config: requirePermission('applicationsRead', 'issuedDocumentView'),
      schema: {
        tags,
        summary:
          'Cererile finalizate (nu interne) al căror număr de document emis conține textul; cele mai noi emise întâi, cel mult 100',
        querystring: ZSeriesSearchQuery,
        response: { 200: dataResponse(z.array(ZSeriesSearchItem)) },
      },
    },
    async (request) => ({ data: await service.findAllBySeries(app.ctx, actorOf(request), request.query) }),
  );
}
