import { ZCircularRequest, ZCircularResult, ZCircularUploadToken, ZListQuery, zIdParam } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse, listResponse } from '../../../platform/list-query.js';
import { contentDisposition, requestMeta } from '../../../platform/request.js';
import { ZCircularRecipients, ZCircularRecipientsQuery, ZCircularRecord } from './contract.js';
import * as service from './service.js';

const tags = ['notifications'];
const senders = requirePermission('circularNotificationsCreate');

/**
 * Circulars (spec §7: GET notifications/circular/token, POST notifications/circular), their
 * history and their attachments' links. Sending needs `circularNotificationsCreate` (staff,
 * admin, super_admin); the rules on recipients and files are in the service.
 */
export async function circularRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notifications/circular/token',
    {
      config: senders,
      schema: {
        tags,
        summary: 'Token de încărcare a fișierelor unei circulare (PDF, PNG, JPEG, cel mult 50 MB), pentru POST /files',
        response: { 200: dataResponse(ZCircularUploadToken) },
      },
    },
    async (request) => ({ data: service.circularUploadToken(app.ctx, actorOf(request)) }),
  );

  app.get(
    '/notifications/circular/recipients',
    {
      config: senders,
      schema: {
        tags,
        summary:
          'Destinatarii pe care îi poate alege expeditorul: departamentele active și funcționarii activi ai instituției (doar numele; `search` după nume, cel mult 30)',
        querystring: ZCircularRecipientsQuery,
        response: { 200: dataResponse(ZCircularRecipients) },
      },
    },
    async (request) => ({ data: await service.circularRecipients(app.ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/notifications/circular',
    {
      config: senders,
      schema: {
        tags,
        summary:
          'Trimite o circulară departamentelor, utilizatorilor și adreselor suplimentare ale instituției (notificare în portal și e-mail); CIRCULAR_NO_RECIPIENTS fără destinatar',
        body: ZCircularRequest,
        response: { 201: dataResponse(ZCircularResult) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.sendCircular(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.get(
    '/notifications/circulars',
    {
      config: senders,
      schema: {
        tags,
        summary: 'Circularele trimise de instituție, cele mai noi întâi (filtre application_id[eq], created_at[ge|lt])',
        querystring: ZListQuery,
        response: { 200: listResponse(ZCircularRecord) },
      },
    },
    async (request) => service.listCirculars(app.ctx, actorOf(request), request.query as Record<string, unknown>),
  );

  app.get(
    '/notifications/circulars/:id/files/:fileId',
    {
      // The signed key the circular carried is the authorisation: recipients outside the portal open it from the e-mail.
      config: publicRoute,
      schema: {
        tags,
        summary: 'Fișier atașat unei circulare (legătura din circulară)',
        security: [],
        params: z.object({ id: zIdParam(), fileId: zIdParam() }),
        querystring: z.object({ key: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const { file, data } = await service.openCircularFile(app.ctx, request.params.id, request.params.fileId, request.query.key);
      const inline = file.mimeType === 'application/pdf' || file.mimeType.startsWith('image/');
      return reply
        .type(file.mimeType)
        .header('content-disposition', contentDisposition(file.name, inline))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
