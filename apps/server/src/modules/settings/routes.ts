import { ZSettingEntry } from '@ghiseu/domain';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settings } from '../../db/schema/index.js';
import { publicRoute } from '../../platform/auth/guard.js';
import { buildListSql, type ListSpec, listPage, listResponse, parseListQuery } from '../../platform/list-query.js';

const SETTINGS_LIST: ListSpec = {
  fields: {
    key: { column: settings.key, type: 'text', sortable: true, searchable: true },
    description: { column: settings.description, type: 'text', searchable: true },
  },
  defaultSort: { field: 'key', descending: false },
  idColumn: settings.key,
};

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
    async (request) => {
      const parsed = parseListQuery(request.query as Record<string, unknown>, SETTINGS_LIST);
      const list = buildListSql(parsed, SETTINGS_LIST);
      const db = app.ctx.db;
      return listPage(
        parsed,
        async () => {
          const rows = await db
            .select()
            .from(settings)
            .where(list.where)
            .orderBy(...list.orderBy)
            .limit(list.limit)
            .offset(list.offset);
          return rows.map((r) => ({ key: r.key, default_value: r.value, description: r.description }));
        },
        async () => (await db.select({ total: count() }).from(settings).where(list.where))[0].total,
      );
    },
  );
}
