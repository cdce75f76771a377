import { type APIRequestContext, expect } from '@playwright/test';
import { retryRateLimited, smsCode, STRONG_PASSWORD, uniquePhone } from './accounts';
import { apiSignIn, bearer, completeStaffProfile } from './administration';
import { emailedLink } from './portal';

/**
 * Set-up of the staff-processing journeys through the public API, with data of their own so that
 * they run beside any other journey: a new organisation with an application type (a one-question
 * citizen form, a rejection form, its own incoming series), clerks invited with the functions that
 * give them the staff keys, and filings of the demo citizen.
 */

const TARGU_MURES = 114319;

export interface Clerk {
  email: string;
  password: string;
  name: string;
  token: string;
  /** The confirmed phone (SMS codes go there). */
  phone: string;
}

export async function created(request: APIRequestContext, token: string, path: string, data: unknown): Promise<{ id: number }> {
  const response = await request.post(path, { headers: bearer(token), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data;
}

/** A city hall of Târgu Mureș created by the super administrator. */
export async function createOrganisation(request: APIRequestContext, superToken: string, name: string): Promise<number> {
  return (await created(request, superToken, '/api/organisations', { name, type: 'city_hall', uat_id: TARGU_MURES })).id;
}

/** A function of the organisation whose one responsibility holds `permissions`. */
export async function createFunction(
  request: APIRequestContext,
  superToken: string,
  organisationId: number,
  name: string,
  permissions: string[],
): Promise<number> {
  const responsibility = await created(request, superToken, '/api/responsibilities', {
    name: `Responsabilitate ${name}`,
    permissions,
    organisation_id: organisationId,
  });
  return (
    await created(request, superToken, '/api/functions', {
      name,
      organisation_id: organisationId,
      responsibility_ids: [responsibility.id],
    })
  ).id;
}

/**
 * A clerk invited by the super administrator, who set the password from the invitation link,
 * confirmed the phone with the SMS code and completed the profile: signs in straight to /home.
 */
export async function createClerk(
  request: APIRequestContext,
  superToken: string,
  organisationId: number,
  person: { email: string; first_name: string; last_name: string; function_ids: number[]; department_ids?: number[] },
): Promise<Clerk> {
  const phone = uniquePhone();
  await created(request, superToken, '/api/staff-accounts', {
    email: person.email,
    first_name: person.first_name,
    last_name: person.last_name,
    phone,
    organisation_id: organisationId,
    user_type_name: 'staff',
    is_organisation_admin: false,
    function_ids: person.function_ids,
    department_ids: person.department_ids ?? [],
  });
  const link = await emailedLink(request, person.email, '/auth/set-password');
  const confirmationKey = decodeURIComponent(new URL(link, 'http://x').searchParams.get('confirmationKey') ?? '');
  const set = await request.patch('/api/auth/reset-password', {
    headers: { 'Content-Type': 'application/merge-patch+json' },
    data: { confirmationKey, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
  });
  expect(set.status(), await set.text()).toBeLessThan(300);
  // The first sign-in asks for the phone's SMS code (spec §4).
  const first = await request.post('/api/auth/login', { data: { email: person.email, password: STRONG_PASSWORD } });
  const verificationToken = ((await first.json()) as { data: { verificationToken: string } }).data.verificationToken;
  const sent = await retryRateLimited(() =>
    request.post('/api/auth/phone/update', { data: { phone, token: verificationToken } }),
  );
  expect(sent.status(), await sent.text()).toBe(204);
  const validated = await retryRateLimited(async () =>
    request.post('/api/auth/phone/validate', {
      data: { phone, smsCode: await smsCode(request, phone), token: verificationToken },
    }),
  );
  expect(validated.status(), await validated.text()).toBe(200);
  const token = await apiSignIn(request, person.email, STRONG_PASSWORD);
  await completeStaffProfile(request, token, { first_name: person.first_name, last_name: person.last_name });
  return { email: person.email, password: STRONG_PASSWORD, name: `${person.first_name} ${person.last_name}`, token, phone };
}

/** A published form with the given fields. */
export async function publishedForm(
  request: APIRequestContext,
  superToken: string,
  name: string,
  fields: unknown[],
): Promise<number> {
  const form = await created(request, superToken, '/api/forms', { name, definition: { fields } });
  const published = await request.post(`/api/forms/${form.id}/publish`, { headers: bearer(superToken) });
  expect(published.status(), await published.text()).toBe(200);
  return form.id;
}

export const CITIZEN_QUESTION = { key: 'obiect', label: 'Obiectul solicitării' };
export const REJECT_QUESTION = { key: 'temei_legal', label: 'Temeiul legal al respingerii' };

/**
 * An application type of the organisation: the citizen answers one required text, the staff
 * reject with a reason and a required legal ground (the rejection form), entry numbers come from
 * a series of its own (prefix `prefix`), the response term is 30 working days.
 */
export async function createTypeWithRejectForm(
  request: APIRequestContext,
  superToken: string,
  organisationId: number,
  run: string,
  prefix: string,
): Promise<{ id: number; name: string }> {
  const citizenForm = await publishedForm(request, superToken, `Formular cerere ${run}`, [
    { type: 'text', key: CITIZEN_QUESTION.key, label: CITIZEN_QUESTION.label, required: true },
  ]);
  const rejectForm = await publishedForm(request, superToken, `Formular respingere ${run}`, [
    { type: 'textarea', key: REJECT_QUESTION.key, label: REJECT_QUESTION.label, required: true },
  ]);
  const seriesType = await created(request, superToken, '/api/document-series-types', { name: `Intrări ${run}` });
  await created(request, superToken, '/api/document-series', {
    type_id: seriesType.id,
    organisation_id: organisationId,
    name: `Registratura ${run}`,
    prefix,
    separator: '/',
  });
  const name = `Cerere de informare ${run}`;
  const type = await created(request, superToken, '/api/application-types', {
    name,
    organisation_id: organisationId,
    citizen_form_id: citizenForm,
    reject_form_id: rejectForm,
    series_type_ids: { incoming: seriesType.id },
    status: 'active',
    category: 'inbound',
    remaining_period: 30,
  });
  return { id: type.id, name };
}

/** An application of the citizen filed through the API: draft, answer, send; its id and entry number. */
export async function fileApplication(
  request: APIRequestContext,
  citizenToken: string,
  typeId: number,
  answer: string,
): Promise<{ id: number; number: string }> {
  const draft = await created(request, citizenToken, '/api/applications?echo=true', { application_type_id: typeId });
  const patched = await request.patch(`/api/applications/${draft.id}`, {
    headers: { ...bearer(citizenToken), 'Content-Type': 'application/merge-patch+json' },
    data: { form: { [CITIZEN_QUESTION.key]: answer } },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const sent = await request.put(`/api/applications/${draft.id}/send`, { headers: bearer(citizenToken) });
  expect(sent.status(), await sent.text()).toBe(200);
  return {
    id: draft.id,
    number: ((await sent.json()) as { data: { identification_number: string } }).data.identification_number,
  };
}

/** Sends one staff action through the API (set-up steps that are not what a test looks at). */
export async function staffAction(
  request: APIRequestContext,
  token: string,
  id: number,
  action: string,
  data: unknown = {},
  method: 'PATCH' | 'PUT' = 'PATCH',
): Promise<void> {
  const response = await request.fetch(`/api/staff-applications/${id}/${action}`, {
    method,
    headers: { ...bearer(token), 'Content-Type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const ATTACHMENTS_FIELD = { key: 'anexe', label: 'Anexe' };
export const STAFF_QUESTION = { key: 'numar_aviz', label: 'Numărul avizului' };

/**
 * An application type whose citizen form asks one text and takes attached files (field
 * `anexe`), with a staff form of its own (a required notice number, optional remarks), entry
 * numbers from its own series (prefix `prefix`) and a 30 working-day term.
 */
export async function createTypeWithStaffForm(
  request: APIRequestContext,
  superToken: string,
  organisationId: number,
  run: string,
  prefix: string,
): Promise<{ id: number; name: string }> {
  const citizenForm = await publishedForm(request, superToken, `Formular cerere cu anexe ${run}`, [
    { type: 'text', key: CITIZEN_QUESTION.key, label: CITIZEN_QUESTION.label, required: true },
    { type: 'attachments', key: ATTACHMENTS_FIELD.key, label: ATTACHMENTS_FIELD.label, documentType: 'Anexe', required: false },
  ]);
  const staffForm = await publishedForm(request, superToken, `Formular funcționar ${run}`, [
    { type: 'text', key: STAFF_QUESTION.key, label: STAFF_QUESTION.label, required: true },
    { type: 'textarea', key: 'observatii', label: 'Observații', required: false },
  ]);
  const seriesType = await created(request, superToken, '/api/document-series-types', { name: `Intrări anexe ${run}` });
  await created(request, superToken, '/api/document-series', {
    type_id: seriesType.id,
    organisation_id: organisationId,
    name: `Registratura anexe ${run}`,
    prefix,
    separator: '/',
  });
  const name = `Cerere cu anexe ${run}`;
  const type = await created(request, superToken, '/api/application-types', {
    name,
    organisation_id: organisationId,
    citizen_form_id: citizenForm,
    staff_form_id: staffForm,
    series_type_ids: { incoming: seriesType.id },
    status: 'active',
    category: 'inbound',
    remaining_period: 30,
  });
  return { id: type.id, name };
}

/**
 * An application of the citizen with PDF files attached to the `anexe` field (each with its own
 * content), filed through the API: its id and entry number.
 */
export async function fileApplicationWithFiles(
  request: APIRequestContext,
  citizenToken: string,
  typeId: number,
  answer: string,
  files: { name: string; content: Buffer }[],
): Promise<{ id: number; number: string }> {
  const draft = await created(request, citizenToken, '/api/applications?echo=true', { application_type_id: typeId });
  const patched = await request.patch(`/api/applications/${draft.id}`, {
    headers: { ...bearer(citizenToken), 'Content-Type': 'application/merge-patch+json' },
    data: { form: { [CITIZEN_QUESTION.key]: answer } },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  for (const file of files) {
    const token = (
      (await (
        await request.post('/api/files/upload-tokens', { headers: bearer(citizenToken), data: { purpose: 'default' } })
      ).json()) as { data: { token: string } }
    ).data.token;
    const uploaded = await request.post('/api/files?echo=true', {
      headers: { ...bearer(citizenToken), 'x-file-upload-access-token': token },
      multipart: { file: { name: file.name, mimeType: 'application/pdf', buffer: file.content } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const fileId = ((await uploaded.json()) as { data: { id: number } }).data.id;
    await created(request, citizenToken, `/api/applications/${draft.id}/files`, {
      file_id: fileId,
      category: ATTACHMENTS_FIELD.key,
    });
  }
  const sent = await request.put(`/api/applications/${draft.id}/send`, { headers: bearer(citizenToken) });
  expect(sent.status(), await sent.text()).toBe(200);
  return {
    id: draft.id,
    number: ((await sent.json()) as { data: { identification_number: string } }).data.identification_number,
  };
}
