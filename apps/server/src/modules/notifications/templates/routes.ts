import type { FastifyInstance } from 'fastify';

/** Stub: filled by the templates part of issue 14. */
export async function templatesRoutes(_app: FastifyInstance): Promise<void> {}
