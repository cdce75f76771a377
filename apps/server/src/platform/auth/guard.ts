import { buildPermissionSet, hasAnyPermission, type PermissionKey } from '@ghiseu/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';
import { lookupSession, type SessionPolicy } from './sessions.js';
import type { Db } from '../db.js';

/**
 * What a route requires, declared on every route (`config.auth`): open to anyone, any signed-in
 * user, or a user holding at least one of the listed permission keys (spec §6).
 */
export type RouteAuth = 'public' | 'signed-in' | { anyOf: readonly PermissionKey[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /api route with what it requires; the authorisation sweep test reads it. */
    routeRequirements: RouteRequirement[];
  }
}

export interface RouteRequirement {
  method: string;
  url: string;
  auth: RouteAuth;
}

export const requirePermission = (...anyOf: PermissionKey[]): { auth: RouteAuth } => ({ auth: { anyOf } });
export const publicRoute = { auth: 'public' as RouteAuth };
export const signedIn = { auth: 'signed-in' as RouteAuth };

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * Resolves the actor of every request and enforces `config.auth`. A route under /api that
 * forgets to declare its requirement fails at start-up, not in production.
 */
export function registerAuthGuard(app: FastifyInstance, deps: { db: Db; policy: SessionPolicy }): void {
  app.decorateRequest('actor', null);
  const requirements: RouteRequirement[] = [];
  app.decorate('routeRequirements', requirements);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (!isApi) return;
    if (!route.config?.auth) throw new Error(`route ${route.method} ${route.url} declares no config.auth`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') requirements.push({ method, url: route.url, auth: route.config.auth });
  });

  // onRequest: the caller is checked before the body is parsed or validated, so a refused
  // caller learns nothing about the route's schema.
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth) return;
    const token = bearerToken(request);
    if (token) {
      const found = await lookupSession(deps.db, token, deps.policy);
      if (found.status === 'valid') {
        const { session, user } = found;
        const organisationId = session.delegatedOrganisationId ?? user.organisationId;
        request.actor = {
          userId: user.id,
          userType: user.userType,
          email: user.email,
          organisationId,
          homeOrganisationId: user.organisationId,
          isOrganisationAdmin: user.isOrganisationAdmin,
          // Read with the session, for the organisation the session works in (one query).
          permissions: buildPermissionSet(user.userType, found.permissionKeys),
          sessionId: session.id,
        };
      } else if (auth !== 'public') {
        throw new AppError(found.status === 'expired' ? 'SESSION_EXPIRED' : 'TOKEN_INVALID');
      }
    }
    if (auth === 'public') return;
    if (!request.actor) throw new AppError('AUTH_REQUIRED');
    if (auth !== 'signed-in' && !hasAnyPermission(request.actor.permissions, auth.anyOf)) throw new AppError('FORBIDDEN');
  });
}

/** The actor of a route that requires sign-in (the guard guarantees it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('AUTH_REQUIRED');
  return request.actor;
}
