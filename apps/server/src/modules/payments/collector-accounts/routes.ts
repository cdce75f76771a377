import type { FastifyInstance } from 'fastify';

/** Collector accounts (issue 13). */
export async function collectorAccountsRoutes(_fastify: FastifyInstance): Promise<void> {}
