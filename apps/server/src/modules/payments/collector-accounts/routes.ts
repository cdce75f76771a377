import {
  ZCollectorAccount,
  ZCollectorAccountCreateRequest,
  ZCollectorAccountPatchRequest,
  ZIdParams,
  ZListQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse as data, listResponse, noContent } from '../../../platform/list-query.js';
import { requestMeta } from '../../../platform/request.js';
import * as accounts from './service.js';

const tags = ['collector-accounts'];

/**
 * Collector accounts (issue 13): the organisation's merchant accounts at the payment provider.
 * `bankAccountsEdit` (organisation scope); DELETE needs `bankAccountsDestroy` (super admin).
 */
export async function collectorAccountsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/collector-accounts',
    {
      config: requirePermission('bankAccountsEdit'),
      schema: {
        tags,
        summary: 'Conturile colectoare (`organisation_id[eq]` pentru super administrator)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZCollectorAccount) },
      },
    },
    async (request) => accounts.listAccounts(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/collector-accounts/:id',
    {
      config: requirePermission('bankAccountsEdit'),
      schema: { tags, summary: 'Un cont colector', params: ZIdParams, response: { 200: data(ZCollectorAccount) } },
    },
    async (request) => ({ data: await accounts.getAccount(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/collector-accounts',
    {
      config: requirePermission('bankAccountsEdit'),
      schema: {
        tags,
        summary: 'Creare cont colector (parola se stochează criptat)',
        body: ZCollectorAccountCreateRequest,
        response: { 201: data(ZCollectorAccount) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await accounts.createAccount(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/collector-accounts/:id',
    {
      config: requirePermission('bankAccountsEdit'),
      schema: {
        tags,
        summary: 'Modificare cont colector (parola doar dacă se schimbă)',
        params: ZIdParams,
        body: ZCollectorAccountPatchRequest,
        response: { 200: data(ZCollectorAccount) },
      },
    },
    async (request) => ({
      data: await accounts.patchAccount(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/collector-accounts/:id',
    {
      config: requirePermission('bankAccountsDestroy'),
      schema: {
        tags,
        summary: 'Ștergere cont colector (super administrator; un cont folosit de plăți devine inactiv)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await accounts.deleteAccount(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
}
