import { USER_TYPE_LABELS, USER_TYPES } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { localities, territorialUnits } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, type ParsedList, parseListQuery } from '../../platform/list-query.js';
import * as repo from './repository.js';

/**
 * Territory reference data (SIRUTA): counties, UATs ("localities" in address forms), villages,
 * the UATs of an organisation's jurisdiction, boundaries, countries and user types. Reads only;
 * `query` is the raw list query of the request (`search` and `parent_id` included).
 */

type Query = Record<string, unknown>;

const emptyPage = (parsed: ParsedList) =>
  listPage(
    parsed,
    async () => [],
    async () => 0,
  );

const searchOf = (query: Query): string | undefined => (typeof query.search === 'string' ? query.search : undefined);

export async function listCounties(ctx: AppContext, query: Query) {
  const parsed = parseListQuery(query, { ...repo.COUNTY_LIST });
  const { rows, total } = await repo.listCounties(ctx.db, parsed);
  return listPage(parsed, rows, total);
}

/** The UATs of a county; without `parentId`, of the portal's default county. */
export async function listCountyUats(ctx: AppContext, query: Query, parentId: number | undefined) {
  const parsed = parseListQuery(query, repo.UAT_LIST);
  const countyId = parentId ?? (await repo.defaultCountyId(ctx.db, ctx.config.defaultCounty));
  if (countyId === null) return emptyPage(parsed);
  const { rows, total } = await repo.listCountyUats(ctx.db, parsed, countyId, searchOf(query));
  return listPage(parsed, rows, total);
}

/** The villages of a UAT; none without `parentId`. */
export async function listVillages(ctx: AppContext, query: Query, parentId: number | undefined) {
  const parsed = parseListQuery(query, repo.VILLAGE_LIST);
  if (!parentId) return emptyPage(parsed);
  const { rows, total } = await repo.listVillages(ctx.db, parsed, [
    eq(localities.uatId, parentId),
    repo.startsWith(localities.searchName, searchOf(query)),
  ]);
  return listPage(parsed, rows, total);
}

/** The UATs of an organisation's jurisdiction (`organisationId`); none for an unknown organisation. */
export async function listJurisdictionUats(ctx: AppContext, query: Query, organisationId: number | undefined) {
  const parsed = parseListQuery(query, repo.UAT_LIST);
  const condition = organisationId ? await repo.jurisdictionCondition(ctx.db, organisationId) : null;
  if (!condition) return emptyPage(parsed);
  const { rows, total } = await repo.listUats(ctx.db, parsed, [
    condition,
    repo.startsWith(territorialUnits.searchName, searchOf(query)),
  ]);
  return listPage(parsed, rows, total);
}

/** Every UAT, or those of `countyId`, with the list-query filters. */
export async function listUats(ctx: AppContext, query: Query, countyId?: number) {
  const parsed = parseListQuery(query, repo.UAT_LIST);
  const { rows, total } = await repo.listUats(ctx.db, parsed, [
    countyId ? eq(territorialUnits.countyId, countyId) : undefined,
    repo.startsWith(territorialUnits.searchName, searchOf(query)),
  ]);
  return listPage(parsed, rows, total);
}

/** The UATs of a county, required: none without `countyId`. */
export async function listUatsOfCounty(ctx: AppContext, query: Query, countyId: number | undefined) {
  if (!countyId) return emptyPage(parseListQuery(query, repo.UAT_LIST));
  return listUats(ctx, query, countyId);
}

/** The boundary of a county or UAT as GeoJSON (EPSG:4326), or NOT_FOUND. */
export async function getBoundary(ctx: AppContext, kind: 'county' | 'uat', id: number) {
  const found = await repo.boundaryGeoJson(ctx.db, kind, id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

export async function listCountries(ctx: AppContext) {
  const rows = await repo.listCountries(ctx.db);
  return rows.map((r) => ({ id: r.id, name: r.name, iso_code: r.isoCode }));
}

export function listUserTypes() {
  return USER_TYPES.map((name, index) => ({ id: index + 1, name, label: USER_TYPE_LABELS[name] }));
}

/** The UATs among `ids` that lie in the organisation's jurisdiction (a county council: its county; a city hall: its UAT). */
export function uatsInJurisdiction(db: Db, organisationId: number, ids: number[]): Promise<number[]> {
  return repo.uatsInJurisdiction(db, organisationId, ids);
}
