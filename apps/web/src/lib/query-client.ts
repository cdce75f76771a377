import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, handleApiError } from './api-client';
import { navigateTo } from './app-events';

/**
 * Query and mutation `meta` understood by the shared client:
 * `skipGlobalErrorHandler: true` for calls that show their own message (login, settings, session
 * initialisation), so the generic handler of spec §8 does not toast a second time.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { skipGlobalErrorHandler?: boolean };
    mutationMeta: { skipGlobalErrorHandler?: boolean };
  }
}

/** Retry only what may succeed on a second try: network failures and gateway errors, once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return (
    error instanceof ApiError && (!error.hasResponse || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/**
 * The generic handling of a failed read. A record the server does not have, or hides (another
 * user's application answers 404), shows the 404 page instead of '/500': every detail page
 * inherits it. The bad address is replaced in the history, so Back leaves it.
 */
export function handleQueryError(error: unknown): void {
  if (error instanceof ApiError && error.status === 404) {
    navigateTo('/404', { replace: true });
    return;
  }
  handleApiError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.skipGlobalErrorHandler) handleQueryError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.skipGlobalErrorHandler) handleApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
