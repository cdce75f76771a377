import { ZCountry, ZCounty, ZIdParams, ZLocality, ZTerritorialUnit, ZUserTypeEntry, zIdParam } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute, signedIn } from '../../platform/auth/guard.js';
import { listResponse } from '../../platform/list-query.js';
import * as service from './service.js';

const ZParentQuery = z.object({ parent_id: zIdParam().optional(), search: z.string().max(255).optional() }).loose();
const ZBoundary = z.object({ data: z.object({ id: z.number(), name: z.string(), geometry: z.unknown() }) });

/**
 * Territory reference data (SIRUTA): counties, UATs ("localities" in address forms), villages,
 * the UATs of an organisation's jurisdiction, countries and user types. Address forms need
 * them before sign-in, so most reads are public.
 */
export async function territoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const query = (raw: unknown) => raw as Record<string, unknown>;

  app.get(
    '/counties',
    {
      config: publicRoute,
      schema: { tags: ['territory'], summary: 'Județele', security: [], response: { 200: listResponse(ZCounty) } },
    },
    async (request) => service.listCounties(app.ctx, query(request.query)),
  );

  app.get(
    '/localities',
    {
      config: publicRoute,
      schema: {
        tags: ['territory'],
        summary: 'Localitățile (UAT) unui județ; fără parent_id, județul implicit',
        description: 'search: nume care încep cu termenul, fără diacritice și majuscule.',
        security: [],
        querystring: ZParentQuery,
        response: { 200: listResponse(ZTerritorialUnit) },
      },
    },
    async (request) => service.listCountyUats(app.ctx, query(request.query), request.query.parent_id),
  );

  app.get(
    '/villages',
    {
      config: publicRoute,
      schema: {
        tags: ['territory'],
        summary: 'Satele și localitățile componente ale unui UAT (parent_id obligatoriu)',
        security: [],
        querystring: ZParentQuery,
        response: { 200: listResponse(ZLocality) },
      },
    },
    async (request) => service.listVillages(app.ctx, query(request.query), request.query.parent_id),
  );

  app.get(
    '/jurisdiction-territorial-administrative-units',
    {
      config: publicRoute,
      schema: {
        tags: ['territory'],
        summary: 'UAT-urile din competența unei instituții (parent_id = instituția)',
        security: [],
        querystring: ZParentQuery,
        response: { 200: listResponse(ZTerritorialUnit) },
      },
    },
    async (request) => service.listJurisdictionUats(app.ctx, query(request.query), request.query.parent_id),
  );

  app.get(
    '/territorial-administrative-units',
    {
      config: signedIn,
      schema: { tags: ['territory'], summary: 'UAT-urile (listă cu filtre)', response: { 200: listResponse(ZTerritorialUnit) } },
    },
    async (request) => service.listUats(app.ctx, query(request.query)),
  );
  app.get(
    '/guest-territorial-administrative-units',
    {
      config: publicRoute,
      schema: {
        tags: ['territory'],
        summary: 'UAT-urile (varianta publică)',
        security: [],
        response: { 200: listResponse(ZTerritorialUnit) },
      },
    },
    async (request) => service.listUats(app.ctx, query(request.query)),
  );
  app.get(
    '/territorial-units',
    {
      config: publicRoute,
      schema: {
        tags: ['territory'],
        summary: 'UAT-urile unui județ (county_id obligatoriu)',
        security: [],
        querystring: z.object({ county_id: zIdParam().optional() }).loose(),
        response: { 200: listResponse(ZTerritorialUnit) },
      },
    },
    async (request) => service.listUatsOfCounty(app.ctx, query(request.query), request.query.county_id),
  );

  app.get(
    '/guest-territorial-administrative-units/:id/boundary',
    {
      config: publicRoute,
      schema: {
        tags: ['territory'],
        summary: 'Limita UAT-ului (GeoJSON, EPSG:4326)',
        security: [],
        params: ZIdParams,
        response: { 200: ZBoundary },
      },
    },
    async (request) => ({ data: await service.getBoundary(app.ctx, 'uat', request.params.id) }),
  );
  app.get(
    '/counties/:id/boundary',
    {
      config: publicRoute,
      schema: {
        tags: ['territory'],
        summary: 'Limita județului (GeoJSON, EPSG:4326)',
        security: [],
        params: ZIdParams,
        response: { 200: ZBoundary },
      },
    },
    async (request) => ({ data: await service.getBoundary(app.ctx, 'county', request.params.id) }),
  );

  app.get(
    '/countries',
    {
      config: publicRoute,
      schema: { tags: ['territory'], summary: 'Țările', security: [], response: { 200: z.object({ data: z.array(ZCountry) }) } },
    },
    async () => ({ data: await service.listCountries(app.ctx) }),
  );

  app.get(
    '/user-types',
    {
      config: signedIn,
      schema: {
        tags: ['territory'],
        summary: 'Tipurile de utilizator',
        response: { 200: z.object({ data: z.array(ZUserTypeEntry) }) },
      },
    },
    async () => ({ data: service.listUserTypes() }),
  );
}
