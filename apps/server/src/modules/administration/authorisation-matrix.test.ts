import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, PNG_1x1 } from '../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { call, countyCouncilId, DEMO, inviteStaff, userId } from '../../../test/administration-kit.js';
import { buildTenant } from '../../../test/factories.js';

/**
 * Every route of the module × every demo role, plus an admin of another organisation and an
 * anonymous caller: who is let through (2xx) and who is refused (401/403/404, with no record
 * data in the answer). Target records belong to the county council of the demo admin; each
 * call gets fresh targets so that one role's success does not change another's outcome.
 */

const ROLES = [
  'anonymous',
  'citizen',
  'foreigner',
  'company',
  'office',
  'staff',
  'admin',
  'superadmin',
  'archiver',
  'consultant',
  'otherAdmin',
] as const;
type Role = (typeof ROLES)[number];

let t: TestApp;
let county: number;
let other: Awaited<ReturnType<typeof buildTenant>>;
let staffId: number;
beforeAll(async () => {
  t = await createTestApp();
  county = await countyCouncilId(t);
  other = await buildTenant(t);
  staffId = await userId(t, DEMO.staff);
});
afterAll(async () => {
  await t?.close();
});

const emailOf = (role: Role): string | undefined =>
  role === 'anonymous' || role === 'otherAdmin' ? undefined : DEMO[role as keyof typeof DEMO];

async function headersOf(role: Role, fresh = false): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  if (role === 'otherAdmin') {
    return fresh ? { authorization: `Bearer ${await t.login(other.adminEmail, other.password)}` } : other.headers;
  }
  const email = emailOf(role) as string;
  return fresh ? { authorization: `Bearer ${await t.login(email)}` } : t.authHeaders(email);
}

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}-${Math.random().toString(36).slice(2, 6)}`;

/** Fresh records of the county council, created by the super admin. */
const make = {
  async department() {
    return (await call(t, 'POST', '/api/departments', DEMO.superadmin, { name: unique('Dep'), organisation_id: county })).json()
      .data.id;
  },
  async fn() {
    return (await call(t, 'POST', '/api/functions', DEMO.superadmin, { name: unique('Fn'), organisation_id: county })).json().data
      .id;
  },
  async responsibility() {
    return (
      await call(t, 'POST', '/api/responsibilities', DEMO.superadmin, {
        name: unique('Resp'),
        permissions: ['controlRead'],
        organisation_id: county,
      })
    ).json().data.id;
  },
  async staff() {
    return inviteStaff(t, DEMO.superadmin, { organisation_id: county });
  },
  async organisation() {
    return (await call(t, 'POST', '/api/organisations', DEMO.superadmin, { name: unique('Servicii'), type: 'services' })).json()
      .data.id;
  },
  async upload(headers: Record<string, string>) {
    const token = (await call(t, 'POST', '/api/files/upload-tokens', headers, { purpose: 'default' })).json().data?.token;
    if (!token) return 1;
    const body = multipartFile('act.png', PNG_1x1);
    const response = await call(t, 'POST', '/api/files', headers, body.payload, {
      ...body.headers,
      'x-file-upload-access-token': token,
    });
    return response.json().data.id as number;
  },
  /** A pending enrollment of the demo staff member. */
  async enrollment() {
    const fileId = await make.upload(await t.authHeaders(DEMO.staff));
    return (await call(t, 'POST', '/api/video-enrollment', DEMO.staff, identity(fileId))).json().data.id;
  },
};

const identity = (fileId: number) => ({
  personal_numeric_code: '1930909260063',
  id_card_series: 'MS',
  id_card_number: '556677',
  id_card_issue_date: '2022-03-15',
  id_card_expiry_date: '2032-03-15',
  id_card_issuer: 'SPCLEP Târgu Mureș',
  id_document_file_id: fileId,
});

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  contentType?: string;
}

interface RouteCase {
  route: string;
  allowed: readonly Role[];
  /** The call for one role, preparing fresh targets first. */
  request: (role: Role, headers: Record<string, string>) => Promise<Request>;
  /** The route ends the session it is called with: sign in anew for it. */
  freshToken?: boolean;
}

const ADMINS = ['admin', 'superadmin'] as const;
const ANY_ADMIN = ['admin', 'superadmin', 'otherAdmin'] as const;
const SIGNED_IN = ROLES.filter((r) => r !== 'anonymous');

const CASES: RouteCase[] = [
  {
    route: 'POST /api/organisations',
    allowed: ['superadmin'],
    request: async () => ({ method: 'POST', url: '/api/organisations', payload: { name: unique('Nouă'), type: 'services' } }),
  },
  {
    route: 'PATCH /api/organisations/{id}',
    allowed: ADMINS,
    request: async () => ({
      method: 'PATCH',
      url: `/api/organisations/${county}`,
      payload: { description: unique('Descriere') },
    }),
  },
  {
    route: 'DELETE /api/organisations/{id}',
    allowed: ['superadmin'],
    request: async () => ({ method: 'DELETE', url: `/api/organisations/${await make.organisation()}` }),
  },
  {
    route: 'PUT /api/organisations/{id}/useful-links',
    allowed: ADMINS,
    request: async () => ({
      method: 'PUT',
      url: `/api/organisations/${county}/useful-links`,
      payload: 'Portal,https://ghiseu.ro',
      contentType: 'text/csv',
    }),
  },
  { route: 'GET /api/departments', allowed: ANY_ADMIN, request: async () => ({ method: 'GET', url: '/api/departments' }) },
  {
    route: 'GET /api/departments/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'GET', url: `/api/departments/${await make.department()}` }),
  },
  {
    route: 'POST /api/departments',
    allowed: ANY_ADMIN,
    request: async () => ({ method: 'POST', url: '/api/departments', payload: { name: unique('Dep') } }),
  },
  {
    route: 'PATCH /api/departments/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'PATCH', url: `/api/departments/${await make.department()}`, payload: { description: 'x' } }),
  },
  {
    route: 'DELETE /api/departments/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'DELETE', url: `/api/departments/${await make.department()}` }),
  },
  { route: 'GET /api/functions', allowed: ANY_ADMIN, request: async () => ({ method: 'GET', url: '/api/functions' }) },
  {
    route: 'GET /api/functions/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'GET', url: `/api/functions/${await make.fn()}` }),
  },
  {
    route: 'POST /api/functions',
    allowed: ANY_ADMIN,
    request: async () => ({ method: 'POST', url: '/api/functions', payload: { name: unique('Fn') } }),
  },
  {
    route: 'PATCH /api/functions/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'PATCH', url: `/api/functions/${await make.fn()}`, payload: { description: 'x' } }),
  },
  {
    route: 'DELETE /api/functions/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'DELETE', url: `/api/functions/${await make.fn()}` }),
  },
  {
    route: 'GET /api/responsibilities',
    allowed: ANY_ADMIN,
    request: async () => ({ method: 'GET', url: '/api/responsibilities' }),
  },
  {
    route: 'GET /api/responsibilities/assignable-permissions',
    allowed: ANY_ADMIN,
    request: async () => ({ method: 'GET', url: '/api/responsibilities/assignable-permissions' }),
  },
  {
    route: 'GET /api/responsibilities/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'GET', url: `/api/responsibilities/${await make.responsibility()}` }),
  },
  {
    route: 'POST /api/responsibilities',
    allowed: ANY_ADMIN,
    request: async () => ({
      method: 'POST',
      url: '/api/responsibilities',
      payload: { name: unique('Resp'), permissions: ['reportsView'] },
    }),
  },
  {
    route: 'PATCH /api/responsibilities/{id}',
    allowed: ADMINS,
    request: async () => ({
      method: 'PATCH',
      url: `/api/responsibilities/${await make.responsibility()}`,
      payload: { permissions: ['controlRead', 'controlEdit'] },
    }),
  },
  {
    route: 'DELETE /api/responsibilities/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'DELETE', url: `/api/responsibilities/${await make.responsibility()}` }),
  },
  { route: 'GET /api/permissions', allowed: ['superadmin'], request: async () => ({ method: 'GET', url: '/api/permissions' }) },
  {
    route: 'GET /api/permissions/{key}',
    allowed: ['superadmin'],
    request: async () => ({ method: 'GET', url: '/api/permissions/accountsRead' }),
  },
  {
    route: 'PATCH /api/permissions/{key}',
    allowed: ['superadmin'],
    request: async () => ({
      method: 'PATCH',
      url: '/api/permissions/accountsRead',
      payload: { description: unique('Descriere') },
    }),
  },
  { route: 'GET /api/staff-accounts', allowed: ANY_ADMIN, request: async () => ({ method: 'GET', url: '/api/staff-accounts' }) },
  {
    route: 'GET /api/staff-accounts/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'GET', url: `/api/staff-accounts/${staffId}` }),
  },
  {
    route: 'POST /api/staff-accounts',
    allowed: ANY_ADMIN,
    request: async () => ({
      method: 'POST',
      url: '/api/staff-accounts',
      payload: { email: `${unique('m').replace(/\W/g, '')}@example.ro`, first_name: 'Ion', last_name: 'Ion' },
    }),
  },
  {
    route: 'PATCH /api/staff-accounts/{id}',
    allowed: ADMINS,
    request: async () => ({
      method: 'PATCH',
      url: `/api/staff-accounts/${await make.staff()}`,
      payload: { badge_number: 'B-1' },
    }),
  },
  {
    route: 'PUT /api/staff-accounts/{id}/activate',
    allowed: ADMINS,
    request: async () => ({ method: 'PUT', url: `/api/staff-accounts/${await make.staff()}/activate` }),
  },
  {
    route: 'PUT /api/staff-accounts/{id}/deactivate',
    allowed: ADMINS,
    request: async () => ({ method: 'PUT', url: `/api/staff-accounts/${await make.staff()}/deactivate` }),
  },
  {
    route: 'PUT /api/staff-accounts/{id}/reset-password',
    allowed: ADMINS,
    request: async () => ({ method: 'PUT', url: `/api/staff-accounts/${await make.staff()}/reset-password` }),
  },
  {
    route: 'DELETE /api/staff-accounts/{id}',
    allowed: ADMINS,
    request: async () => ({ method: 'DELETE', url: `/api/staff-accounts/${await make.staff()}` }),
  },
  {
    route: 'PUT /api/staff-accounts/{id}/uats',
    allowed: ADMINS,
    request: async () => ({ method: 'PUT', url: `/api/staff-accounts/${await make.staff()}/uats`, payload: { uat_ids: [] } }),
  },
  {
    route: 'GET /api/territorial-unit-allocations/uats',
    allowed: ANY_ADMIN,
    request: async () => ({ method: 'GET', url: '/api/territorial-unit-allocations/uats' }),
  },
  {
    route: 'POST /api/auth/login-delegated-org',
    allowed: ['superadmin'],
    freshToken: true,
    request: async () => ({
      method: 'POST',
      url: '/api/auth/login-delegated-org',
      payload: { organisation_id: other.organisationId },
    }),
  },
  {
    route: 'POST /api/video-enrollment',
    allowed: ['staff', 'admin', 'otherAdmin'],
    request: async (_role, headers) => ({
      method: 'POST',
      url: '/api/video-enrollment',
      payload: identity(await make.upload(headers)),
    }),
  },
  {
    route: 'GET /api/video-enrollment/status/{id}',
    allowed: ['staff', 'admin', 'superadmin'],
    request: async () => ({ method: 'GET', url: `/api/video-enrollment/status/${await make.enrollment()}` }),
  },
  {
    route: 'GET /api/video-enrollment/redirect/{id}',
    allowed: ['staff', 'admin', 'superadmin'],
    request: async () => ({ method: 'GET', url: `/api/video-enrollment/redirect/${await make.enrollment()}` }),
  },
  {
    route: 'GET /api/enrollments',
    allowed: ANY_ADMIN,
    request: async () => ({ method: 'GET', url: '/api/enrollments?status=pending' }),
  },
  {
    route: 'PUT /api/enrollments/{id}/approve',
    allowed: ADMINS,
    request: async () => ({ method: 'PUT', url: `/api/enrollments/${await make.enrollment()}/approve` }),
  },
  {
    route: 'PUT /api/enrollments/{id}/reject',
    allowed: ADMINS,
    request: async () => ({
      method: 'PUT',
      url: `/api/enrollments/${await make.enrollment()}/reject`,
      payload: { reason: 'Neclar' },
    }),
  },
  {
    route: 'POST /api/enrollment/person',
    allowed: SIGNED_IN,
    request: async () => ({ method: 'POST', url: '/api/enrollment/person' }),
  },
];

describe('authorisation matrix', () => {
  it('covers every route the module registers (from the OpenAPI document)', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const registered: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const ours = operation.tags?.some((tag) => tag === 'administration' || tag === 'enrollment');
        if (ours || path === '/api/auth/login-delegated-org') registered.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(registered.sort()).toEqual(CASES.map((c) => c.route).sort());
  });

  it.each(CASES)('$route', async (routeCase) => {
    const outcomes: Record<string, number> = {};
    for (const role of ROLES) {
      const headers = await headersOf(role, routeCase.freshToken);
      const request = await routeCase.request(role, headers);
      const response = await call(
        t,
        request.method,
        request.url,
        headers,
        request.payload,
        request.contentType ? { 'content-type': request.contentType } : {},
      );
      outcomes[role] = response.statusCode;
      const allowed = routeCase.allowed.includes(role);
      if (allowed) {
        expect(response.statusCode, `${role}: ${response.body}`).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, `${role}: ${response.body}`).toBeLessThan(300);
      } else {
        expect([401, 403, 404], `${role} got ${response.statusCode}: ${response.body}`).toContain(response.statusCode);
        if (role === 'anonymous') expect(response.json()).toEqual({ message: 'AUTH_REQUIRED' });
        // A refusal carries a code, never the record.
        expect(response.json().data?.id, `${role}: ${response.body}`).toBeUndefined();
      }
    }
    expect(Object.keys(outcomes)).toHaveLength(ROLES.length);
  });
});

describe('no record of another organisation leaks', () => {
  it('lists of the other admin hold only their organisation (or shared) records', async () => {
    // Records of the county council exist in every list.
    const department = await make.department();
    const fn = await make.fn();
    const responsibility = await make.responsibility();
    const staff = await make.staff();
    await call(t, 'PUT', `/api/staff-accounts/${staff}/uats`, DEMO.superadmin, { uat_ids: [114_319] });
    const enrollment = await make.enrollment();

    const lists: [string, string, number][] = [
      ['/api/departments?limit=500', 'organisation_id', department],
      ['/api/functions?limit=500', 'organisation_id', fn],
      ['/api/responsibilities?limit=500', 'organisation_id', responsibility],
      ['/api/staff-accounts?limit=500', 'organisation_id', staff],
      ['/api/enrollments?limit=500', 'organisation_id', enrollment],
      ['/api/territorial-unit-allocations/uats?limit=500', 'organisation_id', staff],
    ];
    for (const [url, field, countyRecord] of lists) {
      const theirs = await call(t, 'GET', url, other.headers);
      expect(theirs.statusCode, url).toBe(200);
      const rows = theirs.json().data as Record<string, unknown>[];
      for (const row of rows) expect([other.organisationId, null], url).toContain(row[field]);
      expect(
        rows.some((r) => r.id === countyRecord || r.user_id === countyRecord),
        url,
      ).toBe(false);
      // The county admin sees their own record in the same list and none of the other tenant's.
      const ours = (await call(t, 'GET', url, DEMO.admin)).json().data as Record<string, unknown>[];
      expect(
        ours.some((r) => r.id === countyRecord || r.user_id === countyRecord),
        url,
      ).toBe(true);
      for (const row of ours) expect([county, null], url).toContain(row[field]);
    }
    // Filters cannot widen the scope.
    for (const url of ['/api/departments', '/api/functions', '/api/staff-accounts', '/api/enrollments']) {
      const filtered = await call(t, 'GET', `${url}?organisation_id[eq]=${county}`, other.headers);
      expect(filtered.json().data, url).toEqual([]);
    }
  });
});
