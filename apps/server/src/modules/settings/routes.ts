import { ZSettingEntry } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute } from '../../platform/auth/guard.js';
import { listResponse } from '../../platform/list-query.js';
import { listSettingEntries } from './service.js';

/**
 * The settings registry. Public: the sign-in page needs the maintenance banner and the
 * formats before anyone signs in; nothing secret is stored here.
 */
export async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/settings-registry',
    {
      config: publicRoute,
      schema: {
        tags: ['settings'],
        summary: 'Registrul de setări',
        security: [],
        response: { 200: listResponse(ZSettingEntry) },
      },
    },
    async (request) => listSettingEntries(app.ctx, request.query as Record<string, unknown>),
  );
}
