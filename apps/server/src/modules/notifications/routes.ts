import type { FastifyInstance } from 'fastify';
import { circularRoutes } from './circulars/routes.js';
import { deliveriesRoutes } from './deliveries/routes.js';
import { inboxRoutes } from './inbox/routes.js';
import { preferencesRoutes } from './preferences/routes.js';
import { templatesRoutes } from './templates/routes.js';

/**
 * The notifications module's HTTP routes (spec §7 "Notifications"): templates and preferences,
 * the in-app messages and their live stream, circulars, and the delivery log.
 */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(templatesRoutes);
  await app.register(preferencesRoutes);
  await app.register(inboxRoutes);
  await app.register(circularRoutes);
  await app.register(deliveriesRoutes);
}
