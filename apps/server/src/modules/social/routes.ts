import type { FastifyInstance } from 'fastify';

/** Routes of the social module (filled in by the accounts-and-access work). */
export async function socialRoutes(_fastify: FastifyInstance): Promise<void> {}
