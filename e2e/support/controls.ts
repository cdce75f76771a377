import { type APIRequestContext, expect } from '@playwright/test';
import { apiSignIn, bearer } from './administration';

/**
 * Helpers of the controls journey (e2e/controls.spec.ts): the demo clerk's organisation and a UAT
 * of its jurisdiction, a complaint to start a control from, and the text of a downloaded file.
 */

export const CLERK = 'staff@demo.ghiseu.ro';
export const CITIZEN = 'citizen@demo.ghiseu.ro';

/** The clerk's organisation and the first UAT of its jurisdiction (the place of the control). */
export async function clerkPlace(
  request: APIRequestContext,
): Promise<{ token: string; organisationId: number; uat: { id: number; name: string } }> {
  const token = await apiSignIn(request, CLERK);
  const me = await request.get('/api/users/me', { headers: bearer(token) });
  expect(me.status()).toBe(200);
  const organisationId = ((await me.json()) as { data: { organisation_id: number } }).data.organisation_id;
  const uats = await request.get('/api/jurisdiction-territorial-administrative-units', {
    headers: bearer(token),
    params: { parent_id: organisationId, limit: 500 },
  });
  expect(uats.status()).toBe(200);
  const list = ((await uats.json()) as { data: { id: number; name: string }[] }).data;
  expect(list.length, 'the clerk’s organisation has a jurisdiction').toBeGreaterThan(0);
  const uat = list.find((u) => /Târgu Mureș/.test(u.name)) ?? list[0];
  return { token, organisationId, uat };
}

/**
 * A complaint of the clerk's organisation, filed by the demo citizen through `POST /api/complaints`
 * with the first complaint type the organisation offers for the UAT.
 */
export async function fileComplaintForControl(
  request: APIRequestContext,
  place: { organisationId: number; uat: { id: number; name: string } },
): Promise<{ id: number; entry_code: string; address: string }> {
  const citizen = await apiSignIn(request, CITIZEN);
  const types = await request.get('/api/complaint-types/available', {
    headers: bearer(citizen),
    params: { uat_id: place.uat.id },
  });
  expect(types.status(), 'available complaint types').toBe(200);
  const available = ((await types.json()) as { data: { id: number; organisation_id: number }[] }).data;
  const type = available.find((t) => t.organisation_id === place.organisationId);
  expect(type, 'the clerk’s organisation takes complaints for the UAT').toBeDefined();
  const address = `Str. Sesizării nr. ${Date.now() % 1000}`;
  const created = await request.post('/api/complaints', {
    headers: bearer(citizen),
    data: {
      complaint_type_id: type?.id,
      uat_id: place.uat.id,
      address,
      description: 'Construcție ridicată fără autorizație în spatele blocului.',
      contact_name: 'Ion Popescu',
    },
  });
  expect(created.status(), 'POST /api/complaints').toBe(201);
  const complaint = ((await created.json()) as { data: { id: number; entry_code: string } }).data;
  return { ...complaint, address };
}

/** Downloads a stored file the way the screens do (a download token, then its address). */
export async function downloadFile(request: APIRequestContext, token: string, fileId: number): Promise<Buffer> {
  const link = await request.post(`/api/files/${fileId}/download-tokens`, { headers: bearer(token) });
  expect(link.status(), 'download token').toBe(200);
  const { url } = ((await link.json()) as { data: { url: string } }).data;
  const file = await request.get(url);
  expect(file.status(), 'download').toBe(200);
  return file.body();
}
