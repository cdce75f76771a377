import { ZAdminOrganisation, ZIdParams, ZOrganisationListAbilities } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../platform/auth/guard.js';
import { listResponse } from '../../platform/list-query.js';
import * as service from './service.js';

/**
 * Organisations as the public knows them (name, type, logo, useful links, payment-order text):
 * the sign-in page and the citizen screens show them, so reading is public. Administration
 * (create, edit, staff) belongs to the administration module.
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
    async (request) => service.listOrganisations(app.ctx, request.actor, request.query as Record<string, unknown>),
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
    async () => ({ data: await service.listOrganisationLogos(app.ctx) }),
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
    async (request) => ({ data: await service.getOrganisation(app.ctx, request.actor, request.params.id) }),
  );
}
