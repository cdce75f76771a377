import type { CurrentUser } from '@ghiseu/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContractWhenIdle } from '../../../lib/contract';

/**
 * `GET /users/me`. During session initialisation an expired stored token must not open the
 * session-expired modal (nobody is signed in yet), hence `skipSessionCheck`.
 */
export async function getCurrentUser({
  signal,
  skipSessionCheck = false,
}: {
  signal?: AbortSignal;
  skipSessionCheck?: boolean;
} = {}) {
  const body = await api.get<DataEnvelope<unknown>>('/users/me', { signal, skipSessionCheck });
  // Read on every start: checked against its contract when idle, off the first paint.
  return readContractWhenIdle<CurrentUser>(
    () => import('./session-contracts').then((m) => m.ZCurrentUser),
    body.data,
    'users/me',
  );
}

export const currentUserQueryKey = ['users', 'me'] as const;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => getCurrentUser({ signal, skipSessionCheck: true }),
  staleTime: 0,
  retry: false,
  meta: { skipGlobalErrorHandler: true },
});

/** The current user as a query (the session provider is the usual source: `useSession().user`). */
export const useCurrentUserQuery = () => useQuery(currentUserQueryOptions);
