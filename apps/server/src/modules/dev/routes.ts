import { ZOutboxMessage } from '@ghiseu/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessages } from '../../db/schema/index.js';
import { publicRoute } from '../../platform/auth/guard.js';

/**
 * Development helpers. Registered only when DEV_OUTBOX is on, which config refuses in
 * production, so these routes never exist there.
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
        data: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
}
