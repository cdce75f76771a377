import type { FastifyInstance } from 'fastify';

/** Stub: filled by the deliveries part of issue 14. */
export async function deliveriesRoutes(_app: FastifyInstance): Promise<void> {}
