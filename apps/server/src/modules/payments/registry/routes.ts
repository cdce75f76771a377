import type { FastifyInstance } from 'fastify';

/** The payments registry, totals, CSV and reconciliations (issue 13). */
export async function paymentRegistryRoutes(_fastify: FastifyInstance): Promise<void> {}
