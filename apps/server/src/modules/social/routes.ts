import { ZLoginResponse } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../platform/auth/guard.js';
import { requestMeta } from '../../platform/request.js';
import { availableProviders, facebookSignIn, googleAuthorizationUrl, googleSignIn } from './service.js';

const socialLimit = { ...publicRoute, rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Social sign-in (spec §4): Google through OpenID Connect, Facebook through its OAuth token. */
export async function socialRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/auth/providers',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Furnizorii de autentificare socială configurați',
        security: [],
        response: { 200: z.object({ data: z.object({ google: z.boolean(), facebook: z.boolean() }) }) },
      },
    },
    async () => ({ data: availableProviders(app.ctx) }),
  );

  app.get(
    '/auth/google/url',
    {
      config: socialLimit,
      schema: {
        tags: ['auth'],
        summary: 'Adresa de autentificare Google (OpenID Connect, PKCE)',
        security: [],
        response: { 200: z.object({ data: z.object({ url: z.string() }) }) },
      },
    },
    async () => ({ data: { url: await googleAuthorizationUrl(app.ctx) } }),
  );

  app.post(
    '/auth/google',
    {
      config: socialLimit,
      schema: {
        tags: ['auth'],
        summary: 'Finalizează autentificarea Google',
        description: 'token: șirul de interogare primit de pagina /auth/google (code=…&state=…).',
        security: [],
        body: z.object({ token: z.string().min(1).max(4096) }),
        response: { 200: ZLoginResponse },
      },
    },
    async (request) => googleSignIn(app.ctx, request.body.token, requestMeta(request)),
  );

  app.post(
    '/auth/facebook',
    {
      config: socialLimit,
      schema: {
        tags: ['auth'],
        summary: 'Autentificare cu tokenul de acces Facebook',
        security: [],
        body: z.object({ accessToken: z.string().min(1).max(4096) }),
        response: { 200: ZLoginResponse },
      },
    },
    async (request) => facebookSignIn(app.ctx, request.body.accessToken, requestMeta(request)),
  );
}
