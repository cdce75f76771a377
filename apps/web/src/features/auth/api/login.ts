import type { LoginRequest, LoginResponse } from '@ghiseu/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/** `POST /auth/login`: the first step of the login flow (spec §4). */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  // The contract (and zod) load beside the request: the sign-in page renders without them.
  const [response, { ZLoginResponse }] = await Promise.all([
    api.post<unknown>('/auth/login', body, { skipSessionCheck: true }),
    import('./session-contracts'),
  ]);
  return readContract(ZLoginResponse, response, 'auth/login');
}

/** The login mutation; the sign-in form shows its own messages, so the generic handler stays out. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { skipGlobalErrorHandler: true } });
}
