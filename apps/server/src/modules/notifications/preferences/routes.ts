import { ZNotificationPreferences, ZNotificationType } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse as data } from '../../../platform/list-query.js';
import { requestMeta } from '../../../platform/request.js';
import * as service from './service.js';

const tags = ['notifications'];
/** Spec §6: notification preferences belong to every role. */
const everyone = requirePermission('notificationPreferences');

/**
 * The notification catalogue and the signed-in user's own preferences (spec §7 "GET/PUT
 * notifications/preferences; GET notifications/types"). Nobody reads or writes another user's.
 */
export async function preferencesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notifications/types',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Tipurile de notificări: destinatari, canale, substituenți, dacă se pot configura',
        response: { 200: data(z.array(ZNotificationType)) },
      },
    },
    async () => ({ data: service.listNotificationTypes() }),
  );

  app.get(
    '/notifications/preferences',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Preferințele de notificare ale utilizatorului (implicitele catalogului pentru cele nesalvate)',
        response: { 200: data(ZNotificationPreferences) },
      },
    },
    async (request) => ({ data: await service.getPreferences(app.ctx, actorOf(request)) }),
  );

  app.put(
    '/notifications/preferences',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Salvează limba mesajelor și preferințele evenimentelor trimise (celelalte rămân neschimbate)',
        body: ZNotificationPreferences,
        response: { 200: data(ZNotificationPreferences) },
      },
    },
    async (request) => ({
      data: await service.savePreferences(app.ctx, actorOf(request), request.body, requestMeta(request)),
    }),
  );
}
