import { type ZRegisterRequest, ZRegisterResponse } from '@ghiseu/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

export type RegisterBody = z.input<typeof ZRegisterRequest>;
export type RegisterResult = z.infer<typeof ZRegisterResponse>['data'];

/** `POST /auth/register` → 201: an unconfirmed account; the confirmation link goes by e-mail. */
export async function register(body: RegisterBody): Promise<RegisterResult> {
  const response = await api.post<unknown>('/auth/register', body, { skipSessionCheck: true });
  return readContract(ZRegisterResponse, response, 'auth/register').data;
}

/** Registration; the sign-up form shows the server's codes next to the fields, so no generic toast. */
export function useRegister() {
  return useMutation({ mutationFn: register, meta: { skipGlobalErrorHandler: true } });
}
