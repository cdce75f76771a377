import { ZOutboxMessage } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../platform/auth/guard.js';
import { DIGEST_FREQUENCIES } from '../notifications/index.js';
import { readOutbox, sendDigestsNow } from './service.js';

/**
 * Development helpers. Registered only when DEV_OUTBOX is on, which config refuses in
 * production, so these routes never exist there. Even then they answer only clients on this
 * machine: to anyone else they are a 404, as if they did not exist.
 */
export async function devRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dev/outbox',
    {
      config: publicRoute,
      schema: {
        tags: ['dev'],
        summary: 'Mesajele e-mail și SMS trimise (doar în dezvoltare)',
        security: [],
        querystring: z.object({
          to: z.string().max(255).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: z.object({ data: z.array(ZOutboxMessage) }) },
      },
    },
    async (request) => ({ data: await readOutbox(app.ctx, request.ip, request.query) }),
  );

  app.post(
    '/dev/digests/:frequency',
    {
      config: publicRoute,
      schema: {
        tags: ['dev'],
        summary: 'Trimite acum rezumatele notificărilor unei frecvențe (doar în dezvoltare)',
        security: [],
        params: z.object({ frequency: z.enum(DIGEST_FREQUENCIES) }),
        response: {
          200: z.object({
            data: z.object({
              frequency: z.enum(DIGEST_FREQUENCIES),
              messages: z.number().int().describe('Mesaje puse la coadă'),
            }),
          }),
        },
      },
    },
    async (request) => ({ data: await sendDigestsNow(app.ctx, request.ip, request.params.frequency, request.log) }),
  );
}
