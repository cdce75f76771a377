import { ZApplicationPayments, ZCheckout, ZIdParams, ZPaymentReturnCheck, ZPaymentStatus } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, signedIn } from '../../../platform/auth/guard.js';
import { dataResponse } from '../../../platform/list-query.js';
import * as card from './service.js';

const data = dataResponse;
const tags = ['payments'];

/**
 * Card payments (spec §4 payment flow, §7 payments): pay or continue the attempt, the list of an
 * application's payments, the gateway's signed callback, the check after the browser returns,
 * and receipts. Which application and which payment an actor may touch is decided in service.ts
 * (the applications face's read rule; 404 otherwise).
 */
export async function cardPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/applications/:id/pay',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Plata cu cardul a taxelor cererii: adresa paginii procesatorului (o plată deja inițiată continuă; CANNOT_INIT_PAYMENT fără cont colector)',
        params: ZIdParams,
        response: { 200: data(ZCheckout) },
      },
    },
    async (request) => ({ data: await card.pay(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/applications/:id/refresh-payment-url',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Adresa paginii de plată a încercării în curs (o comandă expirată sau refuzată: încercare nouă)',
        params: ZIdParams,
        response: { 200: data(ZCheckout) },
      },
    },
    async (request) => ({ data: await card.refresh(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/applications/:id/payments',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Taxele, plățile și ce se poate plăti acum pentru o cerere (solicitantul sau personalul care o poate citi)',
        params: ZIdParams,
        response: { 200: data(ZApplicationPayments) },
      },
    },
    async (request) => ({ data: await card.applicationPayments(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/payments/callback',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'Notificarea semnată a procesatorului (HMAC-SHA256 în checksum): PAYMENT_CALLBACK_INVALID pentru o semnătură greșită, PAYMENT_ALREADY_PROCESSED pentru o plată deja finalizată',
        security: [],
        querystring: z.record(z.string(), z.string()),
        response: { 200: data(z.object({ payment_id: z.number().int(), status: ZPaymentStatus })) },
      },
    },
    async (request) => ({ data: await card.handleCallback(app.ctx, request.query) }),
  );

  app.get(
    '/payments/application/:id/bt-url-check',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'După întoarcerea de la procesator: starea plății cu cardul, întrebată la procesator și înregistrată',
        params: ZIdParams,
        response: { 200: data(ZPaymentReturnCheck) },
      },
    },
    async (request) => ({ data: await card.returnCheck(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/payments/:id/receipt',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Chitanța (PDF) unei plăți reușite: plătitorul, solicitantul, personalul instituției, super administratorul',
        params: ZIdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await card.renderPaymentReceipt(app.ctx, actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
