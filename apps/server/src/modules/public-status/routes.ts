import type { FastifyInstance } from 'fastify';

/** Routes of the public-status module (being built). */
export async function publicStatusRoutes(_fastify: FastifyInstance): Promise<void> {}
