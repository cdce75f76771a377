import { ZListQuery, ZNotificationDelivery } from '@ghiseu/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute } from '../../../platform/auth/guard.js';
import { registerCrudRoutes } from '../../../platform/crud-routes.js';
import { AppError } from '../../../platform/errors.js';
import { noContent } from '../../../platform/list-query.js';
import { SMS_RECEIPT_SIGNATURE_HEADER, verifySmsReceipt, ZSmsReceipt } from '../../../platform/sms.js';
import * as service from './service.js';

const tags = ['notifications'];

/**
 * The delivery log of outgoing e-mail and SMS (super administrator) and the SMS provider's
 * delivery receipts (public, signed: see platform/sms.ts).
 */
export async function deliveriesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerCrudRoutes(app, {
    path: '/notifications/deliveries',
    tags,
    record: ZNotificationDelivery,
    list: {
      permissions: ['notificationsTemplateRead'],
      querystring: ZListQuery,
      summary:
        'Jurnalul livrărilor de e-mail și SMS, cele mai noi întâi (`status[eq]`, `channel[eq]`, `event_type[eq]`, `to[like]`); fără conținutul mesajelor',
      run: service.listDeliveries,
    },
  });

  await app.register(smsReceiptRoutes);
}

/** The exact bytes of each receipt, for its signature (kept only for this route's requests). */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * `POST /notifications/sms/receipts`: in its own scope, whose JSON parser keeps the raw body
 * beside the parsed one (fastify's own parser, prototype poisoning refused as everywhere).
 */
async function smsReceiptRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    parseJson(request, body as string, done);
  });

  app.post(
    '/notifications/sms/receipts',
    {
      config: publicRoute,
      bodyLimit: 4096,
      schema: {
        tags,
        summary: `Confirmare de livrare de la furnizorul de SMS, semnată: antet \`${SMS_RECEIPT_SIGNATURE_HEADER}: sha256=<HMAC-SHA256(SMS_API_KEY, corpul cererii)>\``,
        body: ZSmsReceipt,
        response: noContent,
      },
      // Before validation: a caller without the signature learns nothing, not even the schema.
      preValidation: async (request) => {
        const key = app.ctx.config.sms?.key;
        const raw = rawBodies.get(request) ?? '';
        const header = request.headers[SMS_RECEIPT_SIGNATURE_HEADER];
        if (!key || !verifySmsReceipt(key, raw, typeof header === 'string' ? header : undefined)) {
          // Never the body nor the header: a forged receipt is noted, nothing more.
          request.log.warn({ signed: header !== undefined }, 'SMS receipt refused: bad signature');
          throw new AppError('AUTH_REQUIRED');
        }
      },
    },
    async (request, reply) => {
      await service.recordSmsReceipt(app.ctx, request.body);
      return reply.status(204).send(null);
    },
  );
}
