import type { StaffCounters } from '@ghiseu/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { staffKeys } from './keys';

/*
 * The menu counters on their own, so that the shell (which shows them on every page) loads this
 * and the keys only, not the whole staff feature.
 */

/** How often the menu counters are asked again while the page is open ("live", spec §2). */
export const COUNTERS_REFRESH_MS = 30_000;

/** `GET /staff-applications/counters`: assigned to me and to review, for the menu. */
export const staffCountersQueryOptions = queryOptions({
  queryKey: staffKeys.counters,
  queryFn: async ({ signal }) => (await api.get<DataEnvelope<StaffCounters>>('/staff-applications/counters', { signal })).data,
  refetchInterval: COUNTERS_REFRESH_MS,
  refetchOnWindowFocus: true,
  staleTime: 5_000,
  // Spec §8: the message of a failed counter call is not shown (no toast on every refresh).
  meta: { skipGlobalErrorHandler: true },
});
