import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';

export interface AuthProviders {
  google: boolean;
  facebook: boolean;
}

/** `GET /auth/providers`: which social sign-in providers the server has configured. */
export async function getAuthProviders(): Promise<AuthProviders> {
  const body = await api.get<DataEnvelope<AuthProviders>>('/auth/providers', { skipSessionCheck: true });
  return body.data;
}

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: 10 * 60_000, retry: false });

/** Social buttons appear only for configured providers; on failure none are shown. */
export function useAuthProviders(): AuthProviders {
  const { data } = useQuery(authProvidersQueryOptions());
  return data ?? { google: false, facebook: false };
}
