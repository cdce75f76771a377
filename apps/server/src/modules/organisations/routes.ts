import { ZAdminOrganisation, ZIdParams, ZOrganisationListAbilities } from '@ghiseu/domain';
import { count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisations } from '../../db/schema/index.js';
import { publicRoute } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import { buildListSql, type ListSpec, listPage, listResponse, parseListQuery } from '../../platform/list-query.js';
import { presentOrganisationList } from '../administration/presenter.js';
import { presentOrganisationsFor } from '../administration/organisation-service.js';

const ORGANISATIONS_LIST: ListSpec = {
  fields: {
    id: { column: organisations.id, type: 'number', sortable: true },
    name: { column: organisations.name, type: 'text', sortable: true, searchable: true },
    status: { column: organisations.status, type: 'text', ops: ['eq'] },
    type: { column: organisations.type, type: 'text', ops: ['eq'] },
    county_id: { column: organisations.countyId, type: 'number', ops: ['eq'] },
    is_test: { column: organisations.isTest, type: 'boolean' },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: organisations.id,
};

/**
 * Organisations as the public knows them (name, type, logo, useful links, payment-order text):
 * the sign-in page and the citizen screens show them, so reading is public. Administration
 * (create, edit, staff) belongs to the accounts module.
 */
export async function organisationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/organisations',
    {
      config: publicRoute,
      schema: {
        tags: ['organisations'],
        summary: 'Lista instituțiilor',
        security: [],
        response: { 200: listResponse(ZAdminOrganisation).extend({ abilities: ZOrganisationListAbilities }) },
      },
    },
    async (request) => {
      const parsed = parseListQuery(request.query as Record<string, unknown>, ORGANISATIONS_LIST);
      const list = buildListSql(parsed, ORGANISATIONS_LIST);
      const db = app.ctx.db;
      const page = await listPage(
        parsed,
        async () =>
          presentOrganisationsFor(
            db,
            request.actor,
            await db
              .select()
              .from(organisations)
              .where(list.where)
              .orderBy(...list.orderBy)
              .limit(list.limit)
              .offset(list.offset),
          ),
        async () => (await db.select({ total: count() }).from(organisations).where(list.where))[0].total,
      );
      // The signed-in reader's abilities ride along (DESIGN.md §5); an anonymous reader's are all false.
      return presentOrganisationList(request.actor, page);
    },
  );

  app.get(
    '/organisations/logos',
    {
      config: publicRoute,
      schema: {
        tags: ['organisations'],
        summary: 'Siglele instituțiilor, cu tokenuri de descărcare',
        security: [],
        response: {
          200: z.object({ data: z.array(z.object({ organisation_id: z.number(), file_id: z.number(), url: z.string() })) }),
        },
      },
    },
    async () => {
      const rows = await app.ctx.db
        .select({ id: organisations.id, logoFileId: organisations.logoFileId })
        .from(organisations)
        .where(isNotNull(organisations.logoFileId));
      return {
        data: rows.map((r) => {
          const token = app.ctx.signer.sign({ kind: 'download', fileId: r.logoFileId }, app.ctx.config.downloadTokenSeconds);
          return {
            organisation_id: r.id,
            file_id: r.logoFileId as number,
            url: `/api/files/${r.logoFileId}?token=${encodeURIComponent(token)}`,
          };
        }),
      };
    },
  );

  app.get(
    '/organisations/:id',
    {
      config: publicRoute,
      schema: {
        tags: ['organisations'],
        summary: 'O instituție',
        security: [],
        params: ZIdParams,
        response: { 200: z.object({ data: ZAdminOrganisation }) },
      },
    },
    async (request) => {
      const [row] = await app.ctx.db.select().from(organisations).where(eq(organisations.id, request.params.id));
      if (!row) throw new AppError('NOT_FOUND');
      return { data: (await presentOrganisationsFor(app.ctx.db, request.actor, [row]))[0] };
    },
  );
}
