import {
  ZIdParams,
  ZNotificationTemplate,
  ZNotificationTemplatePatch,
  ZNotificationTemplatePreview,
  ZNotificationTemplatePreviewRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requirePermission } from '../../../platform/auth/guard.js';
import { registerCrudRoutes } from '../../../platform/crud-routes.js';
import { dataResponse } from '../../../platform/list-query.js';
import * as service from './service.js';

const tags = ['notifications'];

/**
 * Notification templates (spec /notifications-templates: super administrator). Read and preview
 * with `notificationsTemplateRead`, change with `notificationsTemplateEdit`. Templates are seeded
 * for every event, channel and language; none is created or deleted here.
 */
export async function templatesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerCrudRoutes(app, {
    path: '/notifications/templates',
    tags,
    record: ZNotificationTemplate,
    list: {
      permissions: ['notificationsTemplateRead'],
      summary:
        'Șabloanele de notificări, câte 10 pe pagină, cu total (`event_type[eq]`, `channel[eq]`, `language[eq]`, `title[like]`); ordonate după eveniment, limbă și canal',
      run: service.listTemplates,
    },
    read: { permissions: ['notificationsTemplateRead'], summary: 'Un șablon de notificare', run: service.getTemplate },
    patch: {
      permissions: ['notificationsTemplateEdit'],
      summary:
        'Modificare șablon (merge-patch; HTML curățat, SMS text simplu). Erori: UNKNOWN_PLACEHOLDER {key}, NOTIFICATION_TEMPLATE_TOO_LONG {length, limit}',
      body: ZNotificationTemplatePatch,
      run: service.patchTemplate,
    },
  });

  app.post(
    '/notifications/templates/:id/preview',
    {
      config: requirePermission('notificationsTemplateRead'),
      schema: {
        tags,
        summary: 'Previzualizarea șablonului salvat sau a textelor trimise, completate cu date de exemplu',
        params: ZIdParams,
        body: ZNotificationTemplatePreviewRequest,
        response: { 200: dataResponse(ZNotificationTemplatePreview) },
      },
    },
    async (request) => ({
      data: await service.previewTemplate(app.ctx, actorOf(request), request.params.id, request.body ?? {}),
    }),
  );
}
