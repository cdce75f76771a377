import type { FastifyInstance } from 'fastify';

/** Stub: filled by the circulars part of issue 14. */
export async function circularRoutes(_app: FastifyInstance): Promise<void> {}
