import { ZListQuery, ZPayment, ZPaymentTotals, ZReconciliation, ZReconcileRequest } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse as data, listResponse } from '../../../platform/list-query.js';
import { requestMeta } from '../../../platform/request.js';
import { paymentGateway } from '../gateway.js';
import * as service from './service.js';

const tags = ['payments'];

/** The list's query: the shared list parameters plus `field[op]=value` filters (checked by the list parser). */
const ZRegistryQuery = ZListQuery;
const ZTotalsQuery = ZListQuery.extend({
  period: z.enum(['day', 'month']).optional().describe('Perioada totalurilor (implicit day)'),
});

/**
 * The payments registry, totals, CSV and reconciliations (issue 13; spec §2 /payments,
 * `paymentRegistryRead`: the super administrator). Filters: `created_at[ge|lt]`, `type[eq]`,
 * `status[eq]`, `organisation_id[eq]`, `application_number[like|contains]`,
 * `client_name[like|contains]`, `orLikeQuery`; default order created_at desc, id desc.
 */
export async function paymentRegistryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const readers = requirePermission('paymentRegistryRead');
  // The payment-order queue (/payment-order, `paymentOrderCreate`) reads the list filtered on pending OPs.
  const listReaders = requirePermission('paymentRegistryRead', 'paymentOrderCreate');

  app.get(
    '/payments/all',
    {
      config: listReaders,
      schema: {
        tags,
        summary: 'Registrul plăților: toate încercările, cu filtre, căutare și sortare (codul personal mascat)',
        querystring: ZRegistryQuery,
        response: { 200: listResponse(ZPayment) },
      },
    },
    async (request) => service.listPayments(app.ctx, request.query as Record<string, unknown>),
  );

  app.get(
    '/payments/all/totals',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Totalurile plăților reușite care mută bani, pe tip și pe perioadă (`period=day|month`), cu filtrele listei',
        querystring: ZTotalsQuery,
        response: { 200: data(ZPaymentTotals) },
      },
    },
    async (request) => ({ data: await service.paymentTotals(app.ctx, request.query as Record<string, unknown>) }),
  );

  app.get(
    '/payments/all/export.csv',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'Export CSV al registrului filtrat (UTF-8 cu BOM, separator „;”, antete în română), transmis pe măsură ce se citește',
        querystring: ZRegistryQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const rows = await service.startExport(
        app.ctx,
        actorOf(request),
        request.query as Record<string, unknown>,
        requestMeta(request),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="registru-plati.csv"')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(rows));
    },
  );

  app.post(
    '/payments/reconciliations',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Reconciliază acum o zi: plățile portalului cu raportul procesatorului, diferențele și echilibrul registrului',
        body: ZReconcileRequest,
        response: { 200: data(ZReconciliation) },
      },
    },
    async (request) => ({
      data: await service.runReconciliation(
        app.ctx,
        actorOf(request),
        request.body.day,
        paymentGateway(app.ctx),
        requestMeta(request),
      ),
    }),
  );

  app.get(
    '/payments/reconciliations',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Reconcilierile zilnice, cele mai noi întâi',
        querystring: z.object({
          skip: z.coerce.number().int().min(0).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        }),
        response: { 200: listResponse(ZReconciliation) },
      },
    },
    async (request) => service.listReconciliations(app.ctx, request.query),
  );
}
