import type { FormDefinitionInput } from '@ghiseu/domain';
import { expect } from 'vitest';
import { accountsTestKit, freshAddress, STRONG_PASSWORD } from './accounts-kit.js';
import { call, DEMO, SIGHISOARA, TARGU_MURES } from './administration-kit.js';
import { completeDraft, createDraft, type FilingFixture, STANDARD_FORM } from './applications-kit.js';
import type { TestApp } from './test-app.js';

/**
 * Test data factories: a citizen (or company) and its sub-accounts, an organisation, a staff
 * member of it, an application type citizens can file, a submitted application, each made
 * through the public API the way a person would (register, confirm the e-mail link and the SMS
 * code from the development outbox, set a password from the invitation link), so that a test
 * neither copies constants nor leans on (and changes) the demo accounts. Every call makes fresh,
 * unique data; the results carry ids and a signed-in session.
 *
 * The one actor taken from the seed is the super administrator: only a super administrator can
 * create organisations and their first accounts, forms, series and application types.
 */

let sequence = 0;
/** Unique per test run and per call, also across test files sharing one template database. */
const unique = () => `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A mobile number in the 07xx range, different for every call. */
const uniquePhone = () => `074${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** A signed-in person: use `headers` with `call(t, …, headers)` or `t.app.inject`. */
export interface SignedIn {
  id: number;
  email: string;
  phone: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function post(t: TestApp, url: string, payload: unknown, method: 'POST' | 'PATCH' = 'POST') {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown>, remoteAddress: freshAddress() });
}

/**
 * Signs in a person whose e-mail is confirmed: confirms the phone with the SMS code when the
 * login asks for it (the verification step of the portal), then signs in again.
 */
async function signIn(t: TestApp, email: string, phone: string, password: string): Promise<string> {
  const kit = accountsTestKit(() => t);
  const first = (await post(t, '/api/auth/login', { email, password })).json();
  if (first.data?.authToken) return first.data.authToken;
  const token = first.data?.verificationToken;
  expect(token, `login of ${email}: ${JSON.stringify(first)}`).toEqual(expect.any(String));
  expect((await post(t, '/api/auth/phone/update', { phone, token })).statusCode).toBe(204);
  const validated = await post(t, '/api/auth/phone/validate', { phone, smsCode: await kit.smsCode(phone), token });
  expect(validated.statusCode, validated.body).toBe(200);
  const second = (await post(t, '/api/auth/login', { email, password })).json();
  expect(second.data?.authToken, `second login of ${email}: ${JSON.stringify(second)}`).toEqual(expect.any(String));
  return second.data.authToken;
}

/**
 * A citizen who registered, confirmed the e-mail link and the phone, and is signed in.
 * `overrides` go into the registration body (e.g. `{ user_type_name: 'legal_entity',
 * account_type: 'professional' }` for a company that may have sub-accounts).
 */
export async function buildCitizen(t: TestApp, overrides: Record<string, unknown> = {}): Promise<SignedIn> {
  const kit = accountsTestKit(() => t);
  const key = unique();
  const email = String(overrides.email ?? `cetatean.${key}@example.ro`);
  const phone = String(overrides.phone ?? uniquePhone());
  const registered = await post(t, '/api/auth/register', {
    account_type: 'personal',
    user_type_name: 'citizen',
    first_name: 'Ioana',
    last_name: 'Mureșan',
    email,
    phone,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    terms_accepted: true,
    ...overrides,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const id = registered.json().data.user_id as number;
  const confirmed = await post(t, '/api/auth/confirm-email', {
    confirmationKey: await kit.linkKey(email, '/auth/confirm-email'),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const token = await signIn(t, email, phone, STRONG_PASSWORD);
  return { id, email, phone, password: STRONG_PASSWORD, token, headers: bearer(token) };
}

/**
 * A sub-account of a professional company account `parent` (registered with `buildCitizen(t, {
 * user_type_name: 'legal_entity', account_type: 'professional', company_name })`), invited with
 * `role`, who set a password from the invitation link, confirmed the phone and is signed in.
 */
export async function buildSubAccount(
  t: TestApp,
  parent: SignedIn,
  options: { role?: 'editor' | 'administrator'; first_name?: string; last_name?: string } = {},
): Promise<SignedIn> {
  const kit = accountsTestKit(() => t);
  const email = `subcont.${unique()}@example.ro`;
  const phone = uniquePhone();
  const invited = await call(t, 'POST', '/api/sub-accounts', parent.headers, {
    email,
    first_name: options.first_name ?? 'Elena',
    last_name: options.last_name ?? 'Moldovan',
    role: options.role ?? 'editor',
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const id = invited.json().data.id as number;
  const set = await post(
    t,
    '/api/auth/reset-password',
    {
      confirmationKey: await kit.linkKey(email, '/auth/set-password'),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    },
    'PATCH',
  );
  expect(set.statusCode, set.body).toBeLessThan(300);
  const token = await signIn(t, email, phone, STRONG_PASSWORD);
  return { id, email, phone, password: STRONG_PASSWORD, token, headers: bearer(token) };
}

/** An organisation created by the super administrator (a city hall of Sighișoara by default). */
export async function buildOrganisation(
  t: TestApp,
  body: { name?: string; type?: string; uat_id?: number } = {},
): Promise<{ id: number; name: string }> {
  const name = body.name ?? `Primăria de test ${unique()}`;
  const response = await call(t, 'POST', '/api/organisations', DEMO.superadmin, {
    type: 'city_hall',
    uat_id: SIGHISOARA,
    ...body,
    name,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id, name };
}

/** A function (set of responsibilities) of an organisation, to give to staff members. */
/** A responsibility of `organisationId` granting `permissions` (keys of the catalogue). */
export async function buildResponsibility(t: TestApp, organisationId: number, permissions: string[]): Promise<number> {
  const response = await call(t, 'POST', '/api/responsibilities', DEMO.superadmin, {
    name: `Responsabilitate ${unique()}`,
    permissions,
    organisation_id: organisationId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

export async function buildFunction(t: TestApp, organisationId: number, responsibilityIds: number[] = []): Promise<number> {
  const response = await call(t, 'POST', '/api/functions', DEMO.superadmin, {
    name: `Funcție ${unique()}`,
    organisation_id: organisationId,
    responsibility_ids: responsibilityIds,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

/**
 * A staff member of `organisationId`, invited by the super administrator with the given
 * functions (ids), who set a password from the invitation link, confirmed the phone and is
 * signed in. `admin: true` makes the organisation's administrator.
 */
export async function buildStaff(
  t: TestApp,
  organisationId: number,
  options: {
    functions?: number[];
    admin?: boolean;
    userType?: 'staff' | 'admin';
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<SignedIn> {
  const kit = accountsTestKit(() => t);
  const email = options.email ?? `functionar.${unique()}@example.ro`;
  const password = options.password ?? STRONG_PASSWORD;
  const phone = uniquePhone();
  const invited = await call(t, 'POST', '/api/staff-accounts', DEMO.superadmin, {
    email,
    first_name: options.firstName ?? 'Dan',
    last_name: options.lastName ?? 'Mureșan',
    phone,
    organisation_id: organisationId,
    user_type_name: options.userType ?? (options.admin ? 'admin' : 'staff'),
    is_organisation_admin: options.admin ?? false,
    function_ids: options.functions ?? [],
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const id = invited.json().data.id as number;
  const set = await post(
    t,
    '/api/auth/reset-password',
    {
      confirmationKey: await kit.linkKey(email, '/auth/set-password'),
      password,
      confirmPassword: password,
    },
    'PATCH',
  );
  expect(set.statusCode, set.body).toBeLessThan(300);
  const token = await signIn(t, email, phone, password);
  return { id, email, phone, password, token, headers: bearer(token) };
}

/**
 * Another tenant: a city hall (of Sighișoara unless `uatId`) and its administrator, signed in
 * (`buildOrganisation` + `buildStaff` with `admin: true`).
 */
export async function buildTenant(
  t: TestApp,
  options: { name?: string; uatId?: number } = {},
): Promise<{ organisationId: number; adminId: number; adminEmail: string; password: string; headers: Record<string, string> }> {
  const organisation = await buildOrganisation(t, { name: options.name, uat_id: options.uatId ?? SIGHISOARA });
  const admin = await buildStaff(t, organisation.id, { admin: true, firstName: 'Alin', lastName: 'Străinu' });
  return {
    organisationId: organisation.id,
    adminId: admin.id,
    adminEmail: admin.email,
    password: admin.password,
    headers: admin.headers,
  };
}

/** Answers the `data` of a 201, or fails the test with the answer. */
async function created(t: TestApp, url: string, body: Record<string, unknown>) {
  const response = await call(t, 'POST', url, DEMO.superadmin, body);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().data;
}

/**
 * An application type citizens can file, set up by the super administrator through the API: a
 * citizen form (the standard building-permit-like form unless `definition`) created and
 * published, and, unless `series: false`, an incoming document series of a new series type in
 * the type's organisation, numbering `prefix/N/year` (a fresh prefix by default). The
 * organisation is a new city hall of Târgu Mureș unless `organisationId` is given (the real
 * estate of `completeDraft` lies there, inside its jurisdiction).
 */
export async function buildApplicationType(
  t: TestApp,
  options: { organisationId?: number; definition?: FormDefinitionInput; name?: string; prefix?: string; series?: boolean } = {},
): Promise<FilingFixture> {
  const key = unique();
  const organisationId = options.organisationId ?? (await buildOrganisation(t, { uat_id: TARGU_MURES })).id;
  const form = await created(t, '/api/forms', { name: `Formular ${key}`, definition: options.definition ?? STANDARD_FORM });
  const published = await call(t, 'POST', `/api/forms/${form.id}/publish`, DEMO.superadmin);
  expect(published.statusCode, published.body).toBe(200);
  let seriesId: number | null = null;
  const seriesTypeIds: Record<string, number> = {};
  if (options.series !== false) {
    const seriesType = await created(t, '/api/document-series-types', { name: `Intrări ${key}` });
    const series = await created(t, '/api/document-series', {
      type_id: seriesType.id,
      organisation_id: organisationId,
      name: `Registratura ${key}`,
      // Entry numbers are unique per organisation: prefixes differ per series.
      prefix: options.prefix ?? `T${key.slice(-6).toUpperCase()}`,
      separator: '/',
    });
    seriesId = series.id;
    seriesTypeIds.incoming = seriesType.id;
  }
  const type = await created(t, '/api/application-types', {
    name: `${options.name ?? 'Certificat de urbanism'} ${key}`,
    organisation_id: organisationId,
    citizen_form_id: form.id,
    series_type_ids: seriesTypeIds,
    status: 'active',
    category: 'inbound',
  });
  return { typeId: type.id, formId: form.id, versionId: published.json().data.published_version_id, seriesId, organisationId };
}

/**
 * An application of `citizen` filed with an entry number, as the citizen would: a draft of the
 * type (`fixture`, or a fresh one from `buildApplicationType`), completed (answers, site plan, a
 * beneficiary, a real estate) and sent, all through the API.
 */
export async function buildSubmittedApplication(
  t: TestApp,
  citizen: SignedIn,
  options: { fixture?: FilingFixture; n?: number; body?: Record<string, unknown> } = {},
): Promise<{ id: number; identificationNumber: string; fixture: FilingFixture }> {
  const fixture = options.fixture ?? (await buildApplicationType(t));
  const id = await createDraft(t, citizen.headers, fixture.typeId, options.body);
  await completeDraft(t, citizen.headers, id, options.n ?? 1);
  const sent = await call(t, 'PUT', `/api/applications/${id}/send`, citizen.headers);
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, identificationNumber: sent.json().data.identification_number, fixture };
}

/**
 * An active collector account (the organisation's merchant at the card gateway) created through the
 * API by the super administrator, so card payments and payment links can start.
 */
export async function buildCollectorAccount(
  t: TestApp,
  organisationId: number,
  merchant: { username: string; password: string } = { username: `merchant-${organisationId}`, password: 'Sandbox!Test2026' },
): Promise<{ id: number }> {
  const response = await call(t, 'POST', '/api/collector-accounts?echo=true', await t.authHeaders(DEMO.superadmin), {
    organisation_id: organisationId,
    name: 'Cont taxe locale',
    bank: 'Banca de test',
    iban: 'RO49AAAA1B31007593840000',
    provider_username: merchant.username,
    provider_password: merchant.password,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}
