import { ZCurrentUser, ZLoginRequest, ZLoginResponse, ZTokenInvalidateRequest } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, signedIn } from '../../platform/auth/guard.js';
import { getCurrentUser, invalidateToken, login } from './service.js';
import { requestMeta } from '../../platform/request.js';

/** Sessions: sign-in, logout and the current user. The full account flows build on these. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/login',
    {
      config: {
        ...publicRoute,
        // Guessing is stopped per account by the lockout; this bounds the rate per address.
        rateLimit: { max: 30, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Autentificare cu e-mail și parolă',
        security: [],
        body: ZLoginRequest,
        response: { 200: ZLoginResponse },
      },
    },
    async (request) => login(app.ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/token-invalidate-requests',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Deconectare: invalidează tokenul de sesiune',
        security: [],
        body: ZTokenInvalidateRequest,
      },
    },
    async (request, reply) => {
      await invalidateToken(app.ctx, request.body.token, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/users/me',
    {
      config: signedIn,
      schema: { tags: ['auth'], summary: 'Utilizatorul curent', response: { 200: z.object({ data: ZCurrentUser }) } },
    },
    async (request) => ({ data: await getCurrentUser(app.ctx, actorOf(request)) }),
  );
}
