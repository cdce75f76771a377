import { ZOutboxMessage } from '@ghiseu/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessages } from '../../db/schema/index.js';
import { publicRoute } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/errors.js';
import { renderMessage } from '../../platform/messaging.js';

/** Client addresses of this machine: the built-in outbox is the mailbox of whoever sits at it. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopback = (ip: string | undefined): boolean => ip !== undefined && LOOPBACK.has(ip);

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
    async (request) => {
      if (!isLoopback(request.ip)) throw notFound();
      const { to, limit } = request.query;
      const rows = await app.ctx.db
        .select()
        .from(outboxMessages)
        .where(
          to ? eq(outboxMessages.to, to.trim().toLowerCase().startsWith('+') ? to.trim() : to.trim().toLowerCase()) : undefined,
        )
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
      return {
        // The secrets read in place while they can still serve, '[șters]' after.
        data: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.to,
          ...renderMessage(r),
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
}
