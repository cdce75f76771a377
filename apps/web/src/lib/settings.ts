import { DEFAULT_SETTINGS, LIMITS, type PortalSettings, parseSettings, type SettingEntry } from '@ghiseu/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, type ListEnvelope } from './api-client';

/**
 * Portal settings (`GET /settings-registry?limit=100`), shared by every feature: records per
 * page, date format, default county, decimal separator, maintenance banner, council name.
 * Retried up to 5 times, 1 s apart, except on 403 (spec §7); a visitor without access (401/403)
 * and a failed load both fall back to the defaults, silently.
 */
export async function getSettings(signal?: AbortSignal): Promise<PortalSettings> {
  const body = await api.get<ListEnvelope<SettingEntry>>('/settings-registry', { query: { limit: 100 }, signal });
  return parseSettings(body.data ?? []);
}

export function shouldRetrySettings(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return false;
  return failureCount < LIMITS.settingsRetries;
}

export const settingsQueryOptions = queryOptions({
  queryKey: ['settings-registry'],
  queryFn: ({ signal }) => getSettings(signal),
  retry: shouldRetrySettings,
  retryDelay: LIMITS.settingsRetryDelayMs,
  staleTime: 5 * 60_000,
  meta: { skipGlobalErrorHandler: true },
});

/** The parsed settings, or the defaults while loading or when the registry is unavailable. */
export function useSettings(): PortalSettings {
  const { data } = useQuery(settingsQueryOptions);
  return data ?? DEFAULT_SETTINGS;
}
