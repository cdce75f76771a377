import type { County, Locality, TerritorialUnit } from '@ghiseu/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from './api-client';

/**
 * Territory look-ups shared by every screen (SIRUTA codes): counties, the UATs and localities of
 * a county, the villages of a UAT or locality, and the UATs of an organisation's jurisdiction.
 * The lists are short (a county has about a hundred UATs), so each is read whole (limit 500),
 * kept for 30 minutes and searched in the browser.
 */

export const territoryKeys = {
  all: ['territory'] as const,
  list: (kind: string, parent: number | null) => ['territory', kind, parent] as const,
};

const read = async <T>(path: string, query: Record<string, string | number>, signal?: AbortSignal) =>
  (await api.get<ListEnvelope<T>>(path, { query: { limit: 500, ...query }, signal })).data;

const territoryQuery = <T>(
  kind: string,
  parent: number | null,
  load: (signal?: AbortSignal) => Promise<T[]>,
  enabled = true,
) => ({
  queryKey: territoryKeys.list(kind, parent),
  queryFn: ({ signal }: { signal?: AbortSignal }) => load(signal),
  staleTime: 30 * 60_000,
  enabled,
});

export const useCounties = () =>
  useQuery(territoryQuery('counties', null, (signal) => read<County>('/counties', { limit: 100 }, signal)));

/** UATs of a county (`/territorial-units?county_id=`). */
export const useCountyUats = (countyId: number | null) =>
  useQuery(
    territoryQuery(
      'uats',
      countyId,
      (signal) => read<TerritorialUnit>('/territorial-units', { county_id: countyId ?? 0 }, signal),
      countyId !== null,
    ),
  );

/** Localities of a county (`/localities?parent_id=`): the address field's second level. */
export const useCountyLocalities = (countyId: number | null) =>
  useQuery(
    territoryQuery(
      'localities',
      countyId,
      (signal) => read<Locality>('/localities', { parent_id: countyId ?? 0 }, signal),
      countyId !== null,
    ),
  );

/** Villages and component localities of a UAT or locality (`/villages?parent_id=`). */
export const useUatLocalities = (uatId: number | null) =>
  useQuery(
    territoryQuery('villages', uatId, (signal) => read<Locality>('/villages', { parent_id: uatId ?? 0 }, signal), uatId !== null),
  );

/** UATs an organisation answers for (`/jurisdiction-territorial-administrative-units?parent_id={organisation}`). */
export const useJurisdictionUats = (organisationId: number | null) =>
  useQuery(
    territoryQuery(
      'jurisdiction',
      organisationId,
      (signal) =>
        read<TerritorialUnit>('/jurisdiction-territorial-administrative-units', { parent_id: organisationId ?? 0 }, signal),
      organisationId !== null,
    ),
  );
