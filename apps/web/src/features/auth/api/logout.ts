import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** `POST /token-invalidate-requests {token}` → 204: ends the session on the server. */
export async function invalidateToken(token: string): Promise<void> {
  await api.post<void>('/token-invalidate-requests', { token }, { skipSessionCheck: true });
}

/** Logout: the session is cleared even when the invalidate call fails (spec §4). */
export function useLogout() {
  const { signOut } = useSession();
  return useMutation({ mutationFn: signOut, meta: { skipGlobalErrorHandler: true } });
}
