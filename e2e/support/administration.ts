import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, outbox } from './portal';

/**
 * Helpers of the administration journeys: API sign-in for set-up steps, the dev outbox (e-mails
 * and SMS the portal sent), unique addresses so that reruns on one database never collide.
 */

/** A strong password that satisfies the policy of spec §5. */
export const NEW_STAFF_PASSWORD = 'Functionar!2026';

/** `POST /api/auth/login` for a confirmed account; returns its token. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `login ${email}`).toBe(200);
  const body = (await response.json()) as { data: { authToken: string | null } };
  expect(body.data.authToken, `token of ${email}`).toBeTruthy();
  return body.data.authToken as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Waits for the newest SMS code (6 digits) sent to `phone`. */
export async function smsCodeFromOutbox(request: APIRequestContext, phone: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const messages = (await outbox(request, phone)).filter(
          (m) => m.channel === 'sms' && new Date(m.created_at).getTime() >= after - 1000,
        );
        const match = messages[0]?.text.match(/\b(\d{6})\b/);
        code = match?.[1] ?? '';
        return code !== '';
      },
      { message: `SMS code to ${phone}`, timeout: 15_000 },
    )
    .toBe(true);
  return code;
}

/** A valid CNP (born 1 January 1990, Mureș) with a serial number of the run, so reruns differ. */
export function validCnp(serial = Math.floor(Math.random() * 998) + 1): string {
  const body = `190010126${String(serial % 1000).padStart(3, '0')}`;
  const key = '279146358279';
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * Number(key[index]), 0);
  const control = sum % 11 === 10 ? 1 : sum % 11;
  return `${body}${control}`;
}

/**
 * Completes a staff member's profile through `PUT /api/profiles/me` (CNP, ID card, address), so
 * that the profile gate of spec §2 lets them past /home.
 */
export async function completeStaffProfile(
  request: APIRequestContext,
  token: string,
  names: { first_name: string; last_name: string },
): Promise<void> {
  // PUT replaces the whole profile: the names go along, or they would be cleared.
  const response = await request.put('/api/profiles/me', {
    headers: bearer(token),
    data: {
      ...names,
      personal_numeric_code: validCnp(),
      county_id: 261,
      locality_id: 114319,
      street: 'Str. Primăriei',
      street_number: '3',
      postal_code: '540026',
      id_card_series: 'MS',
      id_card_number: '123987',
      id_card_issue_date: '2021-05-10',
      id_card_expiry_date: '2031-05-10',
      id_card_issuer: 'SPCLEP Târgu Mureș',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens the row actions menu of the row whose text contains `text` and picks `action`. */
export async function rowAction(page: Page, tableName: string | RegExp, text: string, action: string | RegExp): Promise<void> {
  const row = page.getByRole('table', { name: tableName }).getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Acțiuni pentru/ }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/**
 * Picks `option` in a Mantine MultiSelect or searchable Select (by input id), typing `search`
 * first. An empty MultiSelect's input sits under its pill box, so the click goes through.
 */
export async function chooseOption(page: Page, inputId: string, option: string | RegExp, search?: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click({ force: true });
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  // A multi-select stays open after a pick; Escape then closes only the dropdown, not the dialog.
  if (await page.getByRole('listbox').isVisible()) await input.press('Escape');
}
