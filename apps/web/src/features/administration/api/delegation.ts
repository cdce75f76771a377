import type { CurrentUser } from '@ghiseu/domain';
import { ZDelegatedLoginResponse } from '@ghiseu/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { useSession } from '../../../lib/session';
import { settingsQueryOptions } from '../../../lib/settings';
import { setStoredOrganisationId } from '../../../lib/storage';

/**
 * Delegated organisation sign-in (spec §4): a super administrator works inside another
 * organisation. `POST /auth/login-delegated-org {organisation_id}` revokes the current session
 * and answers a new token; `organisation_id: null` returns to the home organisation.
 */
export async function loginDelegatedOrganisation(organisationId: number | null) {
  const body = await api.post<unknown>('/auth/login-delegated-org', { organisation_id: organisationId });
  return readContract(ZDelegatedLoginResponse, body, 'auth/login-delegated-org').data;
}

export interface SwitchDependencies {
  /** The session's sign-in: stores the token, reloads `users/me` and the active organisation. */
  signIn: (authToken: string) => Promise<CurrentUser>;
  queryClient: QueryClient;
}

/**
 * Switches the organisation the super administrator works in, the way the login flow signs in:
 * the new token goes through the session's `signIn`. Queries in flight are cancelled first (the
 * old token dies with the switch), and every cached answer except the settings is reset
 * afterwards, because lists and permissions belong to the organisation one works in.
 */
export async function switchOrganisation(organisationId: number | null, { signIn, queryClient }: SwitchDependencies) {
  await queryClient.cancelQueries();
  const answer = await loginDelegatedOrganisation(organisationId);
  // The session restores the stored organisation first: store the new one before signing in.
  setStoredOrganisationId(answer.organisation_id);
  const user = await signIn(answer.authToken);
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== settingsQueryOptions.queryKey[0] });
  return { ...answer, user };
}

/** {@link switchOrganisation} as a mutation (errors are shown by the caller). */
export function useSwitchOrganisation() {
  const queryClient = useQueryClient();
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (organisationId: number | null) => switchOrganisation(organisationId, { signIn, queryClient }),
    meta: { skipGlobalErrorHandler: true },
  });
}
