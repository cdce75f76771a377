import type { FastifyInstance } from 'fastify';

/** Routes of the accounts module (filled in by the accounts-and-access work). */
export async function accountsRoutes(_fastify: FastifyInstance): Promise<void> {}
