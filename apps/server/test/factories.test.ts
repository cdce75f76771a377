import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './administration-kit.js';
import {
  buildApplicationType,
  buildCitizen,
  buildFunction,
  buildOrganisation,
  buildStaff,
  buildSubAccount,
  buildSubmittedApplication,
} from './factories.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The factories make what they promise, through the public API, with a working session. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = async (headers: Record<string, string>) => {
  const response = await call(t, 'GET', '/api/users/me', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('test data factories', () => {
  it('a citizen is registered, confirmed on both channels and signed in; two are distinct', async () => {
    const [one, two] = await Promise.all([buildCitizen(t), buildCitizen(t, { first_name: 'Radu' })]);
    expect(one.id).not.toBe(two.id);
    expect(one.email).not.toBe(two.email);
    expect(await me(one.headers)).toMatchObject({
      user_id: one.id,
      email: one.email,
      user_type_name: 'citizen',
      is_email_confirmed: true,
      is_phone_confirmed: true,
    });
    expect((await me(two.headers)).first_name).toBe('Radu');
  });

  it("a sub-account is the company's, active and signed in", async () => {
    const company = await buildCitizen(t, {
      user_type_name: 'legal_entity',
      account_type: 'professional',
      company_name: 'Birou SRL',
    });
    const sub = await buildSubAccount(t, company, { role: 'administrator' });
    expect(await me(sub.headers)).toMatchObject({ user_id: sub.id, email: sub.email });
    const listed = await call(t, 'GET', '/api/sub-accounts', company.headers);
    expect(listed.json().data).toEqual([expect.objectContaining({ id: sub.id, role: 'administrator', status: 'active' })]);
  });

  it('a staff member belongs to the organisation, with the functions given', async () => {
    const organisation = await buildOrganisation(t);
    const fn = await buildFunction(t, organisation.id);
    const staff = await buildStaff(t, organisation.id, { functions: [fn] });
    expect(await me(staff.headers)).toMatchObject({
      user_id: staff.id,
      user_type_name: 'staff',
      organisation_id: organisation.id,
      is_organisation_admin: false,
      functions: [expect.objectContaining({ id: fn })],
    });
    const admin = await buildStaff(t, organisation.id, { admin: true });
    expect(await me(admin.headers)).toMatchObject({ organisation_id: organisation.id, is_organisation_admin: true });
  });

  it("a submitted application has an entry number and is the citizen's", async () => {
    const citizen = await buildCitizen(t);
    const application = await buildSubmittedApplication(t, citizen);
    expect(application.identificationNumber).toMatch(/\/1\/\d{4}$/);
    const record = (await call(t, 'GET', `/api/applications/${application.id}`, citizen.headers)).json().data;
    expect(record).toMatchObject({ status: 'NEW', identification_number: application.identificationNumber });
  });

  it('an application type is offered to citizens with its published form, numbering in its own series', async () => {
    const type = await buildApplicationType(t, { prefix: 'FX', name: 'Aviz de test' });
    const offered = await call(t, 'GET', `/api/application-types/${type.typeId}/citizen-form`);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data).toMatchObject({ form_id: type.formId, form_version_id: type.versionId });
    const filed = await buildSubmittedApplication(t, await buildCitizen(t), { fixture: type });
    expect(filed.identificationNumber).toMatch(/^FX\/1\/\d{4}$/);
  });
});
