import { type APIRequestContext, expect } from '@playwright/test';
import { apiSignIn, bearer } from './administration';

/**
 * Helpers of the general-registry journeys: the staff API read of a registered application (so
 * the journey does not depend on the staff inbox screen) and the registry record.
 */

/** `GET /api/applications/{id}` as `email` (staff of the organisation read its applications). */
export async function readApplicationAs(request: APIRequestContext, email: string, id: number) {
  const token = await apiSignIn(request, email);
  const response = await request.get(`/api/applications/${id}`, { headers: bearer(token) });
  expect(response.status(), `GET /api/applications/${id}`).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** `GET /api/staff-applications/{id}/registry` as `email`. */
export async function readRegistryAs(request: APIRequestContext, email: string, id: number) {
  const token = await apiSignIn(request, email);
  const response = await request.get(`/api/staff-applications/${id}/registry`, { headers: bearer(token) });
  expect(response.status(), `GET registry ${id}`).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}
