import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /auth/check-validation-token?token=`: resolves when the link token is still valid. */
export async function checkValidationToken(token: string, signal?: AbortSignal): Promise<void> {
  await api.get<unknown>('/auth/check-validation-token', { query: { token }, signal, skipSessionCheck: true });
}

export const validationTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'check-validation-token', token],
    queryFn: async ({ signal }) => {
      await checkValidationToken(token, signal);
      return true as const;
    },
    retry: false,
    staleTime: 60_000,
    meta: { skipGlobalErrorHandler: true },
  });

/** Rule 7 of the guard chain: 'checking' | 'valid' | 'invalid' ('idle' when there is nothing to check). */
export function useValidationTokenCheck(token: string | null, enabled: boolean) {
  const query = useQuery({ ...validationTokenQueryOptions(token ?? ''), enabled: enabled && token !== null });
  if (!enabled || token === null) return 'idle' as const;
  if (query.isSuccess) return 'valid' as const;
  if (query.isError) return 'invalid' as const;
  return 'checking' as const;
}
