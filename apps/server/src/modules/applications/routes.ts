import type { FastifyInstance } from 'fastify';

/** Routes of the applications module (being built). */
export async function applicationsRoutes(_fastify: FastifyInstance): Promise<void> {}
