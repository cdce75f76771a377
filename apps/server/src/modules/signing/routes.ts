import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import { rootCertificatePem } from './ca.js';
import { configureSigning } from './config.js';
import { answerTimestampQuery } from './tsa.js';

const tags = ['signing'];
const TIMESTAMP_QUERY = 'application/timestamp-query';

/**
 * The public face of the built-in CA (ADR 0024): the root certificate, for anyone who wants to
 * trust the portal's signatures (Adobe Reader, pdfsig), and the RFC 3161 timestamping unit.
 */
export async function signingRoutes(fastify: FastifyInstance): Promise<void> {
  configureSigning({ appSecret: fastify.ctx.config.appSecret, dataDir: fastify.ctx.config.dataDir });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.addContentTypeParser(TIMESTAMP_QUERY, { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/pki/root.crt',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'Certificatul rădăcină al autorității de certificare a portalului (DER, application/pkix-cert; ?format=pem pentru PEM). Se instalează ca certificat de încredere pentru a valida semnăturile portalului.',
        security: [],
        querystring: z.object({ format: z.enum(['der', 'pem']).optional() }),
      },
    },
    async (request, reply) => {
      const pem = await rootCertificatePem(app.ctx.db);
      reply.header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
      if (request.query.format === 'pem') {
        return reply
          .type('application/x-pem-file')
          .header('content-disposition', 'attachment; filename="ghiseul-unic-root.pem"')
          .send(pem);
      }
      const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
      return reply
        .type('application/pkix-cert')
        .header('content-disposition', 'attachment; filename="ghiseul-unic-root.crt"')
        .send(der);
    },
  );

  app.post(
    '/tsa',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'Server de marcare temporală RFC 3161: primește o cerere application/timestamp-query (SHA-256/384/512) și răspunde application/timestamp-reply. Erori: UNSUPPORTED_MEDIA_TYPE pentru alt tip de conținut; o cerere invalidă primește un răspuns RFC 3161 cu starea „rejection”.',
        security: [],
        consumes: [TIMESTAMP_QUERY],
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const answer = await answerTimestampQuery(app.ctx.db, request.body);
      return reply.type('application/timestamp-reply').header('cache-control', 'no-store').send(answer);
    },
  );
}
