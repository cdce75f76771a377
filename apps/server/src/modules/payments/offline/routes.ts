import {
  zIdParam,
  ZApplicationPayments,
  ZCheckout,
  ZIdParams,
  ZPayment,
  ZPaymentLinkRequest,
  ZPaymentOrderDetails,
  ZPaymentProofRequest,
  ZPublicPaymentLink,
  ZRegisterPaymentRequest,
  ZRejectPaymentRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse as data } from '../../../platform/list-query.js';
import { requestMeta } from '../../../platform/request.js';
import { registerFileAccessRule } from '../../files/index.js';
import * as service from './service.js';

const tags = ['payments'];
const ZPaymentParams = z.object({ id: zIdParam(), paymentId: zIdParam().describe('Identificatorul plății') });
const ZTokenParams = z.object({ token: z.string().min(1).max(200) });
/** The payment-link pages are open to anyone who has the link: limited per address. */
const linkRoute = { ...publicRoute, rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Payment orders, proofs, staff registration, payment links (issue 13; spec §7
 * register-payment, registry-check-payment-status, create-payment-link). The applicant's calls
 * need the citizen application keys; the staff calls the staff-applications keys, as the other
 * staff actions (applications/staff/routes.ts), with the organisation rule of offline/service.ts.
 */
export async function offlinePaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Staff of the organisation download the proofs of its payment orders (one rule: a Set keeps it once).
  registerFileAccessRule(service.mayReadPaymentProof);
  const staffRead = requirePermission('applicationsStaffOwnRead');
  const staffEdit = requirePermission('applicationsStaffOwnEdit');

  /* ───────────────────────────── The applicant ───────────────────────────── */

  app.post(
    '/applications/:id/payment-orders',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags,
        summary:
          'Ordin de plată (OP) pentru suma de plată, cu detaliile de plată ale instituției și referința (numărul cererii); un singur OP în așteptare: se întoarce cel existent. PAYMENT_NOT_ALLOWED dacă cererea este achitată.',
        params: ZIdParams,
        response: { 201: data(ZPaymentOrderDetails) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.createPaymentOrder(app.ctx, actorOf(request), request.params.id, requestMeta(request)),
      }),
  );

  app.get(
    '/applications/:id/payment-orders/:paymentId',
    {
      config: requirePermission('applicationsRead', 'applicationsStaffOwnRead'),
      schema: {
        tags,
        summary: 'Un ordin de plată al cererii, cu detaliile de plată ale instituției',
        params: ZPaymentParams,
        response: { 200: data(ZPaymentOrderDetails) },
      },
    },
    async (request) => ({
      data: await service.getPaymentOrder(app.ctx, actorOf(request), request.params.id, request.params.paymentId),
    }),
  );

  app.put(
    '/applications/:id/payments/:paymentId/proof',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags,
        summary:
          'Dovada plății unui OP în așteptare: un fișier încărcat de solicitant (PDF, PNG sau JPG, după conținut); PAYMENT_NOT_ALLOWED altfel',
        params: ZPaymentParams,
        body: ZPaymentProofRequest,
        response: { 200: data(ZPayment) },
      },
    },
    async (request) => ({
      data: await service.attachProof(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.paymentId,
        request.body.file_id,
        requestMeta(request),
      ),
    }),
  );

  /* ───────────────────────────── Staff ───────────────────────────── */

  app.get(
    '/staff-applications/:id/registry-check-payment-status',
    {
      config: staffRead,
      schema: {
        tags,
        summary: 'Plățile cererii văzute de funcționar: total, achitat, de plată, încercări și ce se poate face',
        params: ZIdParams,
        response: { 200: data(ZApplicationPayments) },
      },
    },
    async (request) => ({ data: await service.registryCheckPaymentStatus(app.ctx, actorOf(request), request.params.id) }),
  );

  app.put(
    '/staff-applications/:id/register-payment',
    {
      config: staffEdit,
      schema: {
        tags,
        summary:
          'Înregistrează o plată: OP-ul solicitantului verificat în extras (payment_id) sau o plată nouă OP / la ghișeu. PAYMENT_AMOUNT_INVALID peste suma de plată, PAYMENT_NOT_ALLOWED pentru o cerere achitată.',
        params: ZIdParams,
        body: ZRegisterPaymentRequest,
        response: { 200: data(ZApplicationPayments) },
      },
    },
    async (request) => ({
      data: await service.registerPayment(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.put(
    '/staff-applications/:id/reject-payment',
    {
      config: staffEdit,
      schema: {
        tags,
        summary: 'Respinge un OP ai cărui bani nu au sosit (Eșuată, cu motivul)',
        params: ZIdParams,
        body: ZRejectPaymentRequest,
        response: { 200: data(ZApplicationPayments) },
      },
    },
    async (request) => ({
      data: await service.rejectPayment(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.put(
    '/staff-applications/:id/create-payment-link',
    {
      config: staffEdit,
      schema: {
        tags,
        summary: 'Trimite prin e-mail un link de plată cu cardul pentru o sumă (cel mult suma de plată)',
        params: ZIdParams,
        body: ZPaymentLinkRequest,
        response: { 200: data(ZApplicationPayments) },
      },
    },
    async (request) => ({
      data: await service.createPaymentLink(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  /* ───────────────────────────── Public: the payment link ───────────────────────────── */

  app.get(
    '/public/payment-links/:token',
    {
      config: linkRoute,
      schema: {
        tags,
        summary: 'Ce plătește cel care are linkul (fără autentificare); link necunoscut: 404',
        security: [],
        params: ZTokenParams,
        response: { 200: data(ZPublicPaymentLink) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return { data: await service.getPublicLink(app.ctx, request.params.token) };
    },
  );

  app.post(
    '/public/payment-links/:token/pay',
    {
      config: linkRoute,
      schema: {
        tags,
        summary: 'Plata cu cardul a linkului: adresa paginii procesatorului; link necunoscut sau deja plătit: 404',
        security: [],
        params: ZTokenParams,
        response: { 200: data(ZCheckout) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await service.payPublicLink(app.ctx, request.params.token) };
    },
  );
}
