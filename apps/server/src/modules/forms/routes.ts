import type { FastifyInstance } from 'fastify';

/** Routes of the forms module (being built). */
export async function formsRoutes(_fastify: FastifyInstance): Promise<void> {}
