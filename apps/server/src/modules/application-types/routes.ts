import type { FastifyInstance } from 'fastify';

/** Routes of the application-types module (being built). */
export async function applicationTypesRoutes(_fastify: FastifyInstance): Promise<void> {}
