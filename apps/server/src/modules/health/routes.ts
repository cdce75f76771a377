import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicRoute } from '../../platform/auth/guard.js';

/** Liveness (process up) and readiness (database answers) for load balancers and tests. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    { config: publicRoute, schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get('/ready', { config: publicRoute, schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.ctx.db.execute(sql`SELECT 1`);
      return { status: 'ready', database: app.ctx.database.kind };
    } catch {
      return reply.status(503).send({ message: 'SERVICE_UNAVAILABLE' });
    }
  });
}
