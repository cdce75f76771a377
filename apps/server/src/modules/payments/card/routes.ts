import type { FastifyInstance } from 'fastify';

/** Card payments: pay, refresh-payment-url, callback, bt-url-check, receipts (issue 13). */
export async function cardPaymentRoutes(_fastify: FastifyInstance): Promise<void> {}
