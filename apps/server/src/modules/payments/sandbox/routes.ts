import { GATEWAY_ORDER_STATUSES, zIsoDate } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../../platform/auth/guard.js';
import { deliverCallbackJob } from './jobs.js';
import { cardPage, closedPage, notFoundPage } from './html.js';
import * as gateway from './service.js';

const tags = ['sandbox-gateway'];

const ZOrderRequest = z.object({
  order_id: z.string().min(1).max(100),
  amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  description: z.string().min(1).max(500),
  return_url: z.string().url().max(2000),
  callback_url: z.string().url().max(2000),
});
const ZOrderState = z.object({
  gateway_order_id: z.string(),
  order_id: z.string(),
  status: z.enum(GATEWAY_ORDER_STATUSES),
  amount: z.string(),
  currency: z.literal('RON'),
  transaction_id: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
const ZGatewayId = z.object({ id: z.string().min(1).max(100) });
const ZCardForm = z.object({
  card_number: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvv: z.string().max(10).optional(),
  cardholder: z.string().max(200).optional(),
  action: z.enum(['pay', 'cancel']).optional(),
});

/**
 * The built-in sandbox card gateway's HTTP face (DESIGN.md §6; issue 13). The merchant API
 * (orders, their state, the day's report) takes the merchant's HTTP basic credentials
 * (service.ts: a collector account's provider username and password); the hosted card page is
 * public, as a bank's is. Public for the portal's auth guard (`security: []`).
 */
export async function sandboxGatewayRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The hosted page's form posts urlencoded; only this plugin's routes accept it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const merchantOf = (authorization: string | undefined) =>
    gateway.authenticateMerchant(app.ctx, gateway.parseBasicAuth(authorization));

  app.post(
    '/sandbox-gateway/orders',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Procesatorul de test: înregistrarea unei comenzi (idempotent pe comerciant și order_id; HTTP basic)',
        security: [],
        body: ZOrderRequest,
        response: { 200: z.object({ gateway_order_id: z.string(), form_url: z.string() }) },
      },
    },
    async (request) => gateway.createOrder(app.ctx, await merchantOf(request.headers.authorization), request.body),
  );

  app.get(
    '/sandbox-gateway/orders/:id',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Procesatorul de test: starea unei comenzi (HTTP basic)',
        security: [],
        params: ZGatewayId,
        response: { 200: ZOrderState },
      },
    },
    async (request) => gateway.getOrder(app.ctx, await merchantOf(request.headers.authorization), request.params.id),
  );

  app.get(
    '/sandbox-gateway/report',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Procesatorul de test: comenzile unei zile (ora României; HTTP basic)',
        security: [],
        querystring: z.object({ day: zIsoDate }),
        response: { 200: z.object({ lines: z.array(ZOrderState) }) },
      },
    },
    async (request) => ({
      lines: await gateway.report(app.ctx, await merchantOf(request.headers.authorization), request.query.day),
    }),
  );

  app.get(
    '/sandbox-gateway/pay/:id',
    {
      config: publicRoute,
      schema: { tags, summary: 'Procesatorul de test: pagina de plată cu cardul (HTML)', security: [], params: ZGatewayId },
    },
    async (request, reply) => {
      const id = request.params.id;
      const order = await gateway.getOrderForPage(app.ctx, id);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!order) return reply.status(404).send(notFoundPage());
      return reply.send(order.status === 'pending' ? cardPage(order) : closedPage(order));
    },
  );

  app.post(
    '/sandbox-gateway/pay/:id',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Procesatorul de test: plata (formular); 303 către return_url',
        security: [],
        params: ZGatewayId,
        body: ZCardForm,
      },
    },
    async (request, reply) => {
      const outcome = await gateway.submitCard(app.ctx, request.params.id, request.body, (tx, gatewayOrderId) =>
        app.ctx.jobs.enqueue(tx, deliverCallbackJob, { gatewayOrderId }),
      );
      reply.header('cache-control', 'no-store');
      if (outcome.kind === 'not_found') return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
      if (outcome.kind === 'closed') return reply.status(409).type('text/html; charset=utf-8').send(closedPage(outcome.order));
      if (outcome.kind === 'invalid') {
        return reply
          .status(422)
          .type('text/html; charset=utf-8')
          .send(cardPage(outcome.order, { error: outcome.error, values: { ...request.body, card_number: '' } }));
      }
      return reply.redirect(outcome.order.returnUrl, 303);
    },
  );
}
