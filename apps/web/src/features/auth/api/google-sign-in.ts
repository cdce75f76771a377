import { type LoginResponse, ZLoginResponse } from '@ghiseu/domain';
import { api } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * `POST /auth/google {token}`: finishes Google sign-in. `token` is the query string the provider
 * sent back to /auth/google (`code=…&state=…`). Answers like login.
 */
export async function googleSignIn(token: string): Promise<LoginResponse> {
  const response = await api.post<unknown>('/auth/google', { token }, { skipSessionCheck: true });
  return readContract(ZLoginResponse, response, 'auth/google');
}
