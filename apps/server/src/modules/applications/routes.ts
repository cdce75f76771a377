import {
  applicationSystemMetadata,
  ZApplication,
  ZApplicationCommentRequest,
  ZApplicationCreateRequest,
  ZApplicationFile,
  ZApplicationFileAttachRequest,
  ZApplicationHistoryEntry,
  ZApplicationListItem,
  ZApplicationPatchRequest,
  ZApplicationSystemMetadata,
  ZEchoQuery,
  ZIdParams,
  zIdParam,
  ZListQuery,
  ZSendReviewRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../platform/auth/guard.js';
import { listResponse, dataResponse, noContent } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import { registerFileAccessRule } from '../files/index.js';
import { mayReadAttachedFile } from './draft.js';
import { attachFile, detachFile } from './files-service.js';
import { applicationHistory } from './history.js';
import * as service from './service.js';

const data = dataResponse;
const ZFileParams = ZIdParams.extend({
  fileId: zIdParam().describe('Identificatorul fișierului (file_id)'),
});

/**
 * Citizen applications (spec §2, §4, §7): list, full record, drafts (create, merge-patch,
 * delete), attachments, submission with the entry number, comments and clarification answers.
 * Object rules live in policy.ts; drafts are changed only by their applicant.
 */
export async function applicationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Attachments are readable by whoever may read their application (staff of its organisation).
  registerFileAccessRule((db, actor, file) => mayReadAttachedFile(db, actor, file.id));
  const tags = ['applications'];

  app.get(
    '/applications',
    {
      config: requirePermission('applicationsRead'),
      schema: {
        tags,
        summary:
          'Cererile proprii: filtre status, application_type_id, identification_number, created_at (interval); orLikeQuery după număr, tip, beneficiari, numere cadastrale',
        querystring: ZListQuery,
        response: { 200: listResponse(ZApplicationListItem) },
      },
    },
    async (request) => service.listApplications(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/applications/listAll',
    {
      config: requirePermission('applicationsRead'),
      schema: {
        tags,
        summary: 'Toate cererile proprii, fără paginare (aceleași filtre)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZApplicationListItem) },
      },
    },
    async (request) => service.listAllApplications(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/applications/system-metadata',
    {
      config: requirePermission('applicationsRead'),
      schema: {
        tags,
        summary: 'Stările (cu etichete în română), categoriile și domeniile, pentru filtre',
        response: { 200: data(ZApplicationSystemMetadata) },
      },
    },
    async () => ({ data: applicationSystemMetadata() }),
  );

  // find/findAll?series= (the series search on the output number) live in issued/routes.ts.

  app.get(
    '/applications/:id',
    {
      config: requirePermission('applicationsRead'),
      schema: { tags, summary: 'Cererea completă (spec §3)', params: ZIdParams, response: { 200: data(ZApplication) } },
    },
    async (request) => ({ data: await service.getApplication(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/applications/:id/history',
    {
      // Consultants hold only the staff key; the object rule decides who reads which history.
      config: requirePermission('applicationsRead', 'applicationsStaffOwnRead'),
      schema: {
        tags,
        summary: 'Istoricul cererii: acțiunile din jurnalul de audit, în cuvinte (salvările consecutive reunite)',
        params: ZIdParams,
        response: { 200: data(z.array(ZApplicationHistoryEntry)) },
      },
    },
    async (request) => ({ data: await applicationHistory(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/applications',
    {
      config: requirePermission('applicationsCreate'),
      schema: {
        tags,
        summary: 'Creează o ciornă pentru un tip de cerere (formularul publicat al tipului; semnare implicit online)',
        querystring: ZEchoQuery,
        body: ZApplicationCreateRequest,
        response: { 201: data(z.union([ZApplication, z.object({ id: z.number().int() })])) },
      },
    },
    async (request, reply) => {
      const created = await service.createApplication(app.ctx, actorOf(request), request.body, requestMeta(request));
      return reply.status(201).send({ data: request.query.echo === 'true' ? created : { id: created.id } });
    },
  );

  app.patch(
    '/applications/:id',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags,
        summary:
          'Salvează ciorna (merge-patch): formular, scop, semnare, tip (schimbarea tipului resetează imobilele și semnarea); APPLICATION_ALREADY_SUBMITTED după depunere',
        params: ZIdParams,
        body: ZApplicationPatchRequest,
        response: { 200: data(ZApplication) },
      },
    },
    async (request) => ({
      data: await service.patchApplication(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/applications/:id/draft',
    {
      config: requirePermission('applicationsDestroy'),
      schema: { tags, summary: 'Șterge o ciornă', params: ZIdParams, response: noContent },
    },
    async (request, reply) => {
      await service.deleteDraft(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/applications/:id/send',
    {
      config: requirePermission('applicationsCreate'),
      schema: {
        tags,
        summary:
          'Depune cererea: validare completă (INVALID_FORM_VALUE cu câmpurile), număr de înregistrare din seria de intrare a tipului, starea NEW',
        params: ZIdParams,
        response: { 200: data(ZApplication) },
      },
    },
    async (request) => ({
      data: await service.submitApplication(app.ctx, actorOf(request), request.params.id, requestMeta(request)),
    }),
  );

  app.post(
    '/applications/:id/comment',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags,
        summary: 'Comentariu al solicitantului pe o cerere depusă (APPLICATION_NOT_SUBMITTED pe ciorne)',
        params: ZIdParams,
        body: ZApplicationCommentRequest,
        response: { 201: data(ZApplication) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.addComment(app.ctx, actorOf(request), request.params.id, request.body.text, requestMeta(request)),
      }),
  );

  app.post(
    '/applications/:id/send-review',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags,
        summary: 'Răspunsul la clarificări (doar în starea REVIEW; cererea revine în PENDING)',
        params: ZIdParams,
        body: ZSendReviewRequest,
        response: { 200: data(ZApplication) },
      },
    },
    async (request) => ({
      data: await service.answerClarification(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body.citizen_review,
        requestMeta(request),
      ),
    }),
  );

  app.post(
    '/applications/:id/files',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags,
        summary: 'Atașează un fișier încărcat de utilizator la un câmp de atașamente al ciornei',
        params: ZIdParams,
        body: ZApplicationFileAttachRequest,
        response: { 201: data(ZApplicationFile) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await attachFile(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)) }),
  );

  app.delete(
    '/applications/:id/files/:fileId',
    {
      config: requirePermission('applicationsEdit'),
      schema: { tags, summary: 'Detașează un fișier de pe ciornă', params: ZFileParams, response: noContent },
    },
    async (request, reply) => {
      await detachFile(app.ctx, actorOf(request), request.params.id, request.params.fileId, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
}
