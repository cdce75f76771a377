import {
  USER_TYPE_LABELS,
  USER_TYPES,
  ZCountry,
  ZCounty,
  ZLocality,
  ZTerritorialUnit,
  ZIdParams,
  ZUserTypeEntry,
  zIdParam,
} from '@ghiseu/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countries, localities, territorialUnits } from '../../db/schema/index.js';
import { publicRoute, signedIn } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import { listPage, listResponse, type ParsedList, parseListQuery, romanianOrder } from '../../platform/list-query.js';
import {
  boundaryGeoJson,
  defaultCountyId,
  jurisdictionCondition,
  listCounties,
  listCountyUats,
  listUats,
  listVillages,
  startsWith,
  UAT_LIST,
  VILLAGE_LIST,
  COUNTY_LIST,
} from './repository.js';

const ZParentQuery = z.object({ parent_id: zIdParam().optional(), search: z.string().max(255).optional() }).loose();
const ZBoundary = z.object({ data: z.object({ id: z.number(), name: z.string(), geometry: z.unknown() }) });
const emptyPage = (parsed: ParsedList) =>
  listPage(
    parsed,
    async () => [],
    async () => 0,
  );

/**
 * Territory reference data (SIRUTA): counties, UATs ("localities" in address forms), villages,
 * the UATs of an organisation's jurisdiction, countries and user types. Address forms need
 * them before sign-in, so most reads are public.
 */
export async function territoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.db;
  const query = (raw: unknown) => raw as Record<string, unknown>;

  app.get(
    '/counties',
    {
      config: publicRoute,
      schema: { tags: ['territory'], summary: 'Județele', security: [], response: { 200: listResponse(ZCounty) } },
    },
    async (request) => {
      const parsed = parseListQuery(query(request.query), { ...COUNTY_LIST });
      const { rows, total } = await listCounties(db(), parsed);
      return listPage(parsed, rows, total);
    },
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
    async (request) => {
      const parsed = parseListQuery(query(request.query), UAT_LIST);
      const countyId = request.query.parent_id ?? (await defaultCountyId(db(), app.ctx.config.defaultCounty));
      if (countyId === null) return emptyPage(parsed);
      const { rows, total } = await listCountyUats(db(), parsed, countyId, request.query.search);
      return listPage(parsed, rows, total);
    },
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
    async (request) => {
      const parsed = parseListQuery(query(request.query), VILLAGE_LIST);
      if (!request.query.parent_id) return emptyPage(parsed);
      const { rows, total } = await listVillages(db(), parsed, [
        eq(localities.uatId, request.query.parent_id),
        startsWith(localities.searchName, request.query.search),
      ]);
      return listPage(parsed, rows, total);
    },
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
    async (request) => {
      const parsed = parseListQuery(query(request.query), UAT_LIST);
      const condition = request.query.parent_id ? await jurisdictionCondition(db(), request.query.parent_id) : null;
      if (!condition) return emptyPage(parsed);
      const { rows, total } = await listUats(db(), parsed, [
        condition,
        startsWith(territorialUnits.searchName, request.query.search),
      ]);
      return listPage(parsed, rows, total);
    },
  );

  const uatList = async (raw: Record<string, unknown>, countyFilter?: number) => {
    const parsed = parseListQuery(raw, UAT_LIST);
    const search = typeof raw.search === 'string' ? raw.search : undefined;
    const { rows, total } = await listUats(db(), parsed, [
      countyFilter ? eq(territorialUnits.countyId, countyFilter) : undefined,
      startsWith(territorialUnits.searchName, search),
    ]);
    return listPage(parsed, rows, total);
  };

  app.get(
    '/territorial-administrative-units',
    {
      config: signedIn,
      schema: { tags: ['territory'], summary: 'UAT-urile (listă cu filtre)', response: { 200: listResponse(ZTerritorialUnit) } },
    },
    async (request) => uatList(query(request.query)),
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
    async (request) => uatList(query(request.query)),
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
    async (request) => {
      if (!request.query.county_id) return emptyPage(parseListQuery(query(request.query), UAT_LIST));
      return uatList(query(request.query), request.query.county_id);
    },
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
    async (request) => {
      const found = await boundaryGeoJson(db(), 'uat', request.params.id);
      if (!found) throw new AppError('NOT_FOUND');
      return { data: found };
    },
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
    async (request) => {
      const found = await boundaryGeoJson(db(), 'county', request.params.id);
      if (!found) throw new AppError('NOT_FOUND');
      return { data: found };
    },
  );

  app.get(
    '/countries',
    {
      config: publicRoute,
      schema: { tags: ['territory'], summary: 'Țările', security: [], response: { 200: z.object({ data: z.array(ZCountry) }) } },
    },
    async () => {
      const rows = await db().select().from(countries).orderBy(romanianOrder(countries.name));
      return { data: rows.map((r) => ({ id: r.id, name: r.name, iso_code: r.isoCode })) };
    },
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
    async () => ({
      data: USER_TYPES.map((name, index) => ({ id: index + 1, name, label: USER_TYPE_LABELS[name] })),
    }),
  );
}
