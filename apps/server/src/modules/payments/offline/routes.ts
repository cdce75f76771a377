import type { FastifyInstance } from 'fastify';

/** Payment orders, proofs, staff registration, payment links (issue 13). */
export async function offlinePaymentRoutes(_fastify: FastifyInstance): Promise<void> {}
