import type { FastifyInstance } from 'fastify';
import { cardPaymentRoutes } from './card/routes.js';
import { collectorAccountsRoutes } from './collector-accounts/routes.js';
import { offlinePaymentRoutes } from './offline/routes.js';
import { paymentRegistryRoutes } from './registry/routes.js';
import { sandboxGatewayRoutes } from './sandbox/routes.js';

/**
 * Every payments route (issue 13): collector accounts, card payments and their callback, the
 * built-in sandbox gateway, payment orders and staff-recorded payments, the registry.
 */
export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(collectorAccountsRoutes);
  await fastify.register(cardPaymentRoutes);
  await fastify.register(sandboxGatewayRoutes);
  await fastify.register(offlinePaymentRoutes);
  await fastify.register(paymentRegistryRoutes);
}
