import {
  PUBLIC_STATUS_TOKEN_HEADER,
  ZIdParams,
  ZPublicAccess,
  ZPublicApplicationStatus,
  ZPublicCodeRequest,
  ZPublicCodeSent,
  ZPublicCodeVerifyRequest,
  ZPublicStatusQuery,
  ZQrCode,
  ZQrGenerateRequest,
  ZQrPublicFiles,
  ZQrPublicFilesRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, requirePermission, signedIn } from '../../platform/auth/guard.js';
import { dataResponse } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import * as service from './service.js';

const data = dataResponse;
const tags = ['public-status'];

/**
 * Per-address limits of the visitor's calls, on top of the 5-wrong-codes block per phone:
 * a code request sends an SMS (cost, nuisance), a check is a guess.
 */
export const PUBLIC_RATE_LIMITS = {
  requestCode: { max: 10, timeWindow: '1 minute' },
  verifyCode: { max: 20, timeWindow: '1 minute' },
  status: { max: 60, timeWindow: '1 minute' },
} as const;

/**
 * The public status page (spec §2 `/qr/:id`, §7 `/qr/*`, §8): the SMS check and the page's data
 * for visitors; for signed-in users the QR code, the registration receipt, and for staff the
 * files shown on the page. Rules in policy.ts, work in service.ts.
 */
export async function publicStatusRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/qr/:id/request-code',
    {
      config: { ...publicRoute, rateLimit: PUBLIC_RATE_LIMITS.requestCode },
      schema: {
        tags,
        summary:
          'Trimite prin SMS un cod de 6 cifre (10 minute) la telefonul solicitantului sau al unui beneficiar. Erori: PUBLIC_PHONE_BLOCKED {minutes}, NOT_FOUND, PUBLIC_PHONE_NOT_ALLOWED, RATE_LIMITED {retry_after_seconds}',
        security: [],
        params: ZIdParams,
        body: ZPublicCodeRequest,
        response: { 200: data(ZPublicCodeSent) },
      },
    },
    async (request) => ({
      data: await service.requestPublicCode(app.ctx, request.params.id, request.body.phone, requestMeta(request)),
    }),
  );

  app.post(
    '/qr/:id/verify-code',
    {
      config: { ...publicRoute, rateLimit: PUBLIC_RATE_LIMITS.verifyCode },
      schema: {
        tags,
        summary:
          'Verifică codul și dă tokenul de acces (30 de minute). Erori: PUBLIC_CODE_INVALID {remaining_attempts}, PUBLIC_PHONE_BLOCKED {minutes} (după 5 coduri greșite, 5 minute), PUBLIC_CODE_EXPIRED, NOT_FOUND',
        security: [],
        params: ZIdParams,
        body: ZPublicCodeVerifyRequest,
        response: { 200: data(ZPublicAccess) },
      },
    },
    async (request) => ({
      data: await service.verifyPublicCode(
        app.ctx,
        request.params.id,
        request.body.phone,
        request.body.code,
        requestMeta(request),
      ),
    }),
  );

  app.get(
    '/qr/:id/status',
    {
      config: { ...publicRoute, rateLimit: PUBLIC_RATE_LIMITS.status },
      schema: {
        tags,
        summary: `Stadiul cererii și documentele publice; tokenul în antetul ${PUBLIC_STATUS_TOKEN_HEADER} sau ?token=. Fără token valid: 403 DOWNLOAD_TOKEN_INVALID`,
        security: [],
        params: ZIdParams,
        querystring: ZPublicStatusQuery,
        headers: z.object({ [PUBLIC_STATUS_TOKEN_HEADER]: z.string().max(2000).optional() }),
        response: { 200: data(ZPublicApplicationStatus) },
      },
    },
    async (request) => {
      const header = request.headers[PUBLIC_STATUS_TOKEN_HEADER];
      const token = typeof header === 'string' && header ? header : request.query.token;
      return { data: await service.getPublicStatus(app.ctx, request.params.id, token) };
    },
  );

  app.get(
    '/qr/:id/receipt',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Dovada de înregistrare (PDF) a unei cereri depuse, cu codul QR al paginii publice; solicitantul sau personalul care poate citi cererea',
        params: ZIdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.renderReceipt(app.ctx, actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/qr/generate',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Adresa paginii publice a unei cereri depuse și codul ei QR (PNG, data URL)',
        body: ZQrGenerateRequest,
        response: { 200: data(ZQrCode) },
      },
    },
    async (request) => ({ data: await service.generateQrCode(app.ctx, actorOf(request), request.body.application_id) }),
  );

  app.post(
    '/qr/upload-files',
    {
      config: requirePermission('applicationsStaffOwnEdit'),
      schema: {
        tags,
        summary:
          'Personalul instituției publică pe pagina publică fișiere deja atașate cererii (is_public; false le retrage). Previzualizările și actele de identitate nu se publică',
        body: ZQrPublicFilesRequest,
        response: { 200: data(ZQrPublicFiles) },
      },
    },
    async (request) => ({ data: await service.publishFiles(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );
}
