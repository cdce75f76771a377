import type { FastifyInstance } from 'fastify';

/** Tax categories, taxes, application-type tax rules (issue 13): filled by the taxes work. */
export async function taxesRoutes(_fastify: FastifyInstance): Promise<void> {}
