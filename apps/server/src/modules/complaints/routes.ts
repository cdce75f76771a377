import {
  ZAvailableComplaintType,
  ZAvailableComplaintTypesQuery,
  ZComplaint,
  ZComplaintAssignRequest,
  ZComplaintCommentRequest,
  ZComplaintCreateRequest,
  ZComplaintDismissRequest,
  ZComplaintListItem,
  ZComplaintRejectRequest,
  ZComplaintResolveRequest,
  ZComplaintSolver,
  ZComplaintType,
  ZComplaintTypeCreateRequest,
  ZComplaintTypePatchRequest,
  ZIdParams,
  ZListQuery,
  ZOpen311Request,
  ZOpen311RequestParams,
  ZOpen311RequestsQuery,
  ZOpen311Service,
  ZOpen311ServicesQuery,
  ZResponseTemplate,
  ZResponseTemplateCreateRequest,
  ZResponseTemplatePatchRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, requirePermission } from '../../platform/auth/guard.js';
import { registerCrudRoutes } from '../../platform/crud-routes.js';
import { dataResponse, listResponse } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import { registerFileAccessRule } from '../files/index.js';
import * as configuration from './configuration.js';
import * as open311 from './open311.js';
import * as service from './service.js';

const tags = ['complaints'];

/**
 * Complaints, complaint types, response templates and the Open311 export (issue 15; contract in
 * packages/domain/src/contracts/complaints.ts). Route keys: complaint types are written by the
 * super administrator (complainTypeRead) and read by staff who handle complaints (complainEdit);
 * response templates likewise (responseTemplatesRead, complainEdit); complaints are read with
 * complainView or complainEdit, filed with complainCreate and handled with complainEdit. The
 * object rules (own complaint, own organisation, open complaint) are in policy.ts.
 */
export async function complaintsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The photos and documents of a complaint are read by whoever may read the complaint.
  registerFileAccessRule((db, actor, file) => service.mayReadComplaintFile(db, actor, file.id));

  /* ───────────── Complaint types ───────────── */

  // Before the `/:id` routes of the resource, so that `available` is not taken for an id.
  app.get(
    '/complaint-types/available',
    {
      config: requirePermission('complainCreate'),
      schema: {
        tags,
        summary: 'Tipurile de sesizare active ale instituțiilor care au în grijă unitatea administrativ-teritorială',
        querystring: ZAvailableComplaintTypesQuery,
        response: { 200: dataResponse(z.array(ZAvailableComplaintType)) },
      },
    },
    async (request) => ({ data: await configuration.availableComplaintTypes(app.ctx, request.query.uat_id) }),
  );

  registerCrudRoutes(app, {
    path: '/complaint-types',
    tags,
    record: ZComplaintType,
    list: {
      permissions: ['complainTypeRead', 'complainEdit'],
      summary: 'Tipurile de sesizare (`status[eq]`, `organisation_id[eq]`, `series_type_id[eq]`, `name[contains]`)',
      run: configuration.listComplaintTypes,
    },
    read: {
      permissions: ['complainTypeRead', 'complainEdit'],
      summary: 'Un tip de sesizare',
      run: configuration.getComplaintType,
    },
    create: {
      permissions: ['complainTypeRead'],
      summary: 'Creare tip de sesizare (DUPLICATE_COMPLAIN_TYPE_NAME în aceeași instituție)',
      body: ZComplaintTypeCreateRequest,
      run: configuration.createComplaintType,
    },
    patch: {
      permissions: ['complainTypeRead'],
      summary: 'Modificare tip de sesizare (merge-patch)',
      body: ZComplaintTypePatchRequest,
      run: configuration.patchComplaintType,
    },
    remove: {
      permissions: ['complainTypeRead'],
      summary: 'Ștergere tip de sesizare fără sesizări (CONFLICT dacă are)',
      run: configuration.deleteComplaintType,
    },
  });

  /* ───────────── Response templates ───────────── */

  registerCrudRoutes(app, {
    path: '/response-templates',
    tags,
    record: ZResponseTemplate,
    list: {
      permissions: ['responseTemplatesRead', 'complainEdit'],
      summary: 'Șabloanele de răspuns (`category[eq]=complaints`, `title[contains]`, orLikeQuery)',
      run: configuration.listResponseTemplates,
    },
    read: {
      permissions: ['responseTemplatesRead', 'complainEdit'],
      summary: 'Un șablon de răspuns',
      run: configuration.getResponseTemplate,
    },
    create: {
      permissions: ['responseTemplatesRead'],
      summary: 'Creare șablon de răspuns (DUPLICATE_RESPONSE_TEMPLATE_NAME; HTML curățat)',
      body: ZResponseTemplateCreateRequest,
      run: configuration.createResponseTemplate,
    },
    patch: {
      permissions: ['responseTemplatesRead'],
      summary: 'Modificare șablon de răspuns (merge-patch)',
      body: ZResponseTemplatePatchRequest,
      run: configuration.patchResponseTemplate,
    },
    remove: {
      permissions: ['responseTemplatesRead'],
      summary: 'Ștergere șablon de răspuns (răspunsurile date își păstrează textul)',
      run: configuration.deleteResponseTemplate,
    },
  });

  /* ───────────── Complaints ───────────── */

  const readers = requirePermission('complainView', 'complainEdit');
  const handlers = requirePermission('complainEdit');

  app.get(
    '/complaints',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'Sesizările: ale cetățeanului, ale instituției pentru personal (`status[eq]`, `complaint_type_id[eq]`, `solver_user_id[eq]`, `uat_id[eq]`, `created_at[ge|lt]`, orLikeQuery; implicit -created_at)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZComplaintListItem) },
      },
    },
    async (request) => service.listComplaints(app.ctx, actorOf(request), request.query as Record<string, unknown>),
  );

  app.post(
    '/complaints',
    {
      config: requirePermission('complainCreate'),
      schema: {
        tags,
        summary: 'Depunerea unei sesizări (număr de înregistrare din seria tipului; fotografii și documente încărcate de autor)',
        body: ZComplaintCreateRequest,
        response: { 201: dataResponse(ZComplaint) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createComplaint(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.get(
    '/complaints/:id',
    {
      config: readers,
      schema: {
        tags,
        summary: 'O sesizare, cu fișiere, comentarii și istoric',
        params: ZIdParams,
        response: { 200: dataResponse(ZComplaint) },
      },
    },
    async (request) => ({ data: await service.getComplaint(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/complaints/:id/solvers',
    {
      config: handlers,
      schema: {
        tags,
        summary: 'Personalul instituției care poate soluționa sesizarea',
        params: ZIdParams,
        response: { 200: dataResponse(z.array(ZComplaintSolver)) },
      },
    },
    async (request) => ({ data: await service.listSolvers(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/complaints/:id/assign',
    {
      config: handlers,
      schema: {
        tags,
        summary: 'Repartizarea sesizării (NEW|PENDING → PENDING)',
        params: ZIdParams,
        body: ZComplaintAssignRequest,
        response: { 200: dataResponse(ZComplaint) },
      },
    },
    async (request) => ({
      data: await service.assignSolver(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/complaints/:id/comments',
    {
      config: requirePermission('complainView', 'complainEdit', 'complainStaffComment'),
      schema: {
        tags,
        summary: 'Comentariu: intern (complainStaffComment) sau public (personalul care soluționează, autorul sesizării)',
        params: ZIdParams,
        body: ZComplaintCommentRequest,
        response: { 200: dataResponse(ZComplaint) },
      },
    },
    async (request) => ({
      data: await service.addComment(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  const closing = [
    ['resolve', 'Soluționarea sesizării cu răspuns (→ RESOLVED)', ZComplaintResolveRequest, service.resolveComplaint],
    ['reject', 'Respingerea sesizării cu răspuns (→ REJECTED)', ZComplaintRejectRequest, service.rejectComplaint],
    ['dismiss', 'Clasarea sesizării (→ DISMISSED), răspunsul e opțional', ZComplaintDismissRequest, service.dismissComplaint],
  ] as const;
  for (const [action, summary, body, run] of closing) {
    app.post(
      `/complaints/:id/${action}`,
      {
        config: handlers,
        schema: { tags, summary, params: ZIdParams, body, response: { 200: dataResponse(ZComplaint) } },
      },
      async (request) => ({
        data: await run(
          app.ctx,
          actorOf(request),
          request.params.id,
          // biome-ignore lint/suspicious/noExplicitAny: each route's body is validated by its own schema above.
          request.body as any,
          requestMeta(request),
        ),
      }),
    );
  }

  /* ───────────── Open311 GeoReport v2 (public, read-only) ───────────── */

  const open311Tags = ['open311'];
  app.get(
    '/open311/v2/services.json',
    {
      config: publicRoute,
      schema: {
        tags: open311Tags,
        summary: 'Open311 GeoReport v2: tipurile de sesizare active (jurisdiction_id = instituția)',
        security: [],
        querystring: ZOpen311ServicesQuery,
        response: { 200: z.array(ZOpen311Service) },
      },
    },
    async (request) => open311.open311Services(app.ctx, request.query.jurisdiction_id),
  );

  app.get(
    '/open311/v2/requests.json',
    {
      config: publicRoute,
      schema: {
        tags: open311Tags,
        summary: 'Open311 GeoReport v2: sesizările, fără date personale (implicit ultimele 90 de zile, cel mult 1000)',
        security: [],
        querystring: ZOpen311RequestsQuery,
        response: { 200: z.array(ZOpen311Request) },
      },
    },
    async (request) => open311.open311Requests(app.ctx, request.query),
  );

  app.get(
    '/open311/v2/requests/:id.json',
    {
      config: publicRoute,
      schema: {
        tags: open311Tags,
        summary: 'Open311 GeoReport v2: o sesizare (service_request_id)',
        security: [],
        params: ZOpen311RequestParams,
        response: { 200: z.array(ZOpen311Request) },
      },
    },
    async (request) => open311.open311Request(app.ctx, request.params.id),
  );
}
