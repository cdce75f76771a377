import { buildPermissionSet, hasAnyPermission, type UserType } from '@ghiseu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Every API route × every role: the route-level requirement (config.auth) is enforced for all
 * of them. A caller without any of the route's permission keys gets 403 FORBIDDEN, an
 * anonymous caller 401 on anything not public, and nobody ever gets a 5xx from a bare request.
 * Object rules (own organisation, own record) are tested in each module; this sweep makes sure
 * no route was forgotten.
 */
const ROLES: Record<string, UserType> = {
  'citizen@demo.ghiseu.ro': 'citizen',
  'foreigner@demo.ghiseu.ro': 'foreigner',
  'company@demo.ghiseu.ro': 'legal_entity',
  'staff@demo.ghiseu.ro': 'staff',
  'admin@demo.ghiseu.ro': 'admin',
  'superadmin@demo.ghiseu.ro': 'super_admin',
  'archiver@demo.ghiseu.ro': 'archiver',
  'consultant@demo.ghiseu.ro': 'consultant',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern: every path parameter becomes an id that does not exist. */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'key' ? 'applicationsRead' : name === 'action' ? 'sign' : '999999'));

/** A bare request may be refused or unavailable (503 with its code), never an internal error. */
function expectNoCrash(response: { statusCode: number; json(): { message?: string } }, label: string) {
  if (response.statusCode >= 500) expect(response.json().message, label).toMatch(/SERVICE_UNAVAILABLE$/);
  expect(response.statusCode, label).not.toBe(500);
}

describe('authorisation sweep', () => {
  it('covers the API', () => {
    expect(t.app.routeRequirements.length).toBeGreaterThan(60);
  });

  it('refuses anonymous callers on every route that is not public', async () => {
    for (const route of t.app.routeRequirements) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expectNoCrash(response, `${route.method} ${route.url}`);
      if (route.auth !== 'public') expect(response.json(), `${route.method} ${route.url}`).toEqual({ message: 'AUTH_REQUIRED' });
    }
  });

  it('refuses every role that holds none of the route permission keys', async () => {
    for (const [email, role] of Object.entries(ROLES)) {
      const headers = await t.authHeaders(email);
      const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json().data;
      for (const route of t.app.routeRequirements) {
        if (route.auth === 'public' || route.auth === 'signed-in') continue;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const label = `${role} ${route.method} ${route.url}`;
        expectNoCrash(response, label);
        const allowed = hasAnyPermission(me.permissions, route.auth.anyOf);
        // The server's permission set is the role's grants plus functions; it must never be less.
        expect(hasAnyPermission(buildPermissionSet(role), route.auth.anyOf) ? allowed : true, label).toBe(true);
        if (!allowed) {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toEqual({ message: 'FORBIDDEN' });
        } else {
          // A route that answers a file (the allocations CSV) to a bare request is not a JSON error.
          const json = String(response.headers['content-type'] ?? '').includes('json');
          expect(json ? response.json()?.message : undefined, label).not.toBe('AUTH_REQUIRED');
        }
      }
    }
  });
});
