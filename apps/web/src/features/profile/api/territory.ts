import { type Country, type County, foldText, type Locality, type TerritorialUnit } from '@ghiseu/domain';
import type { SelectLoadParams, SelectPage } from '../../../components/inputs/select-field';
import { api, type ListEnvelope } from '../../../lib/api-client';

/**
 * Territory lists behind the address selects of the profile (SIRUTA): county → UAT → village,
 * and countries for foreigners. UATs and villages are searched and paged by the server (30 per
 * page, load more on scroll); counties and countries are short lists filtered here.
 */

const matches = (label: string, search: string) => foldText(label).includes(foldText(search.trim()));

function pageOf<T>(rows: T[], toOption: (row: T) => { value: string; label: string }, params: SelectLoadParams): SelectPage {
  const filtered = rows.map(toOption).filter((option) => matches(option.label, params.search));
  const start = (params.page - 1) * params.pageSize;
  return { options: filtered.slice(start, start + params.pageSize), hasMore: start + params.pageSize < filtered.length };
}

let countiesCache: Promise<County[]> | null = null;
/** `GET /counties?limit=100`: every county, kept for the page's lifetime. */
export function getCounties(): Promise<County[]> {
  countiesCache ??= api
    .get<ListEnvelope<County>>('/counties', { query: { limit: 100 } })
    .then((body) => body.data)
    .catch((error: unknown) => {
      countiesCache = null;
      throw error;
    });
  return countiesCache;
}

export async function loadCountyOptions(params: SelectLoadParams): Promise<SelectPage> {
  return pageOf(await getCounties(), (county) => ({ value: String(county.id), label: county.name }), params);
}

let countriesCache: Promise<Country[]> | null = null;
/** `GET /countries`: every country, kept for the page's lifetime. */
export function getCountries(): Promise<Country[]> {
  countriesCache ??= api
    .get<ListEnvelope<Country>>('/countries')
    .then((body) => body.data)
    .catch((error: unknown) => {
      countriesCache = null;
      throw error;
    });
  return countriesCache;
}

export async function loadCountryOptions(params: SelectLoadParams): Promise<SelectPage> {
  return pageOf(await getCountries(), (country) => ({ value: String(country.id), label: country.name }), params);
}

async function serverPage<T>(
  path: string,
  parentId: number,
  params: SelectLoadParams,
  toOption: (row: T) => { value: string; label: string },
  onRows?: (rows: T[]) => void,
): Promise<SelectPage> {
  const skip = (params.page - 1) * params.pageSize;
  const body = await api.get<ListEnvelope<T>>(path, {
    query: { parent_id: parentId, search: params.search.trim() || undefined, limit: params.pageSize, skip, pagination: true },
  });
  onRows?.(body.data);
  const total = body.pagination?.total;
  return {
    options: body.data.map(toOption),
    hasMore: total === undefined ? body.data.length === params.pageSize : skip + body.data.length < total,
  };
}

/** `GET /localities?parent_id={county}&search=&limit=30&skip=`: the UATs of a county. */
export const loadUatOptions = (countyId: number) => (params: SelectLoadParams) =>
  serverPage<TerritorialUnit>('/localities', countyId, params, (uat) => ({
    value: String(uat.id),
    label: `${uat.name} (${uat.type})`,
  }));

/** `GET /villages?parent_id={uat}`: villages and component localities of a UAT; `onRows` sees their postal codes. */
export const loadVillageOptions = (uatId: number, onRows?: (rows: Locality[]) => void) => (params: SelectLoadParams) =>
  serverPage<Locality>('/villages', uatId, params, (village) => ({ value: String(village.id), label: village.name }), onRows);
