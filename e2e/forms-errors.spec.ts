import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { validCnp } from './support/administration';
import { pdf } from './support/files';
import { expectAxeClean, signIn, storedToken } from './support/portal';

/**
 * Form errors that no longer apply go, and none is shown twice (issue 10, item 9): the cadastre
 * search's errors leave the fields the user fills, a required upload field says it once, a failed
 * upload's row goes with the next choice, and the session-expired modal opens with the address of
 * whoever was signed in, without an error, the focus in the password.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000, viewport: { width: 1366, height: 768 } });

const REQUIRED = 'Vă rugăm să completați toate câmpurile obligatorii.';
/** The wizard's next button. */
const next = (page: Page) => page.getByRole('button', { name: 'Continuați' }).click();

/** A 'Certificat de urbanism' draft with its form answered and one beneficiary, made through the API. */
async function draftAtRealEstates(request: APIRequestContext, token: string): Promise<number> {
  const headers = { Authorization: `Bearer ${token}` };
  const types = (await (await request.get('/api/application-types/organisation', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const type = types.data.find((candidate) => candidate.name === 'Certificat de urbanism');
  expect(type).toBeDefined();
  const created = await request.post('/api/applications?echo=true', { headers, data: { application_type_id: type?.id } });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const form = { scopul_solicitarii: 'informare', suprafata_terenului: 450, regim_juridic: 'proprietar' };
  expect((await request.patch(`/api/applications/${id}`, { headers, data: { form } })).status()).toBe(200);
  const beneficiary = await request.post(`/api/applications/${id}/beneficiaries`, {
    headers,
    data: { person_type: 'individual', last_name: 'Pop', first_name: 'Andrei', personal_numeric_code: validCnp() },
  });
  expect(beneficiary.status()).toBe(201);
  return id;
}

test('errors leave the fields the user fills, a required upload says it once, a failed upload goes', async ({
  page,
  request,
}) => {
  await signIn(page, 'citizen@demo.ghiseu.ro');
  const id = await draftAtRealEstates(request, (await storedToken(page)) as string);
  await page.goto(`/application/${id}/edit`);

  // The cadastre search: an empty try marks the number and the UAT; filling each clears its own.
  const realEstateForm = page.getByTestId('real-estate-form');
  await expect(realEstateForm).toBeVisible();
  const cadastral = realEstateForm.getByRole('textbox', { name: /Număr cadastral/ });
  const uat = realEstateForm.getByRole('combobox', { name: /^UAT/ });
  await page.getByTestId('real-estate-add').click();
  await expect(cadastral).toHaveAttribute('aria-invalid', 'true');
  await expect(uat).toHaveAttribute('aria-invalid', 'true');
  await cadastral.fill('123410');
  await expect(cadastral).not.toHaveAttribute('aria-invalid', 'true');
  await expect(uat).toHaveAttribute('aria-invalid', 'true');
  await uat.click();
  await page
    .getByRole('option', { name: /Târgu Mureș/ })
    .first()
    .click();
  await expect(uat).not.toHaveAttribute('aria-invalid', 'true');
  await expect(realEstateForm.locator('.mantine-InputWrapper-error')).toHaveCount(0);
  await page.getByTestId('parcel-search').click();
  await expect(page.getByTestId('parcel-search-note')).toContainText('Parcela a fost găsită');
  await page.getByTestId('real-estate-add').click();
  await expect(page.getByTestId('real-estate-row')).toHaveCount(1);
  await next(page);

  // Attachments sent empty: each required field says so once.
  const plan = page.getByTestId('attachments-plan_incadrare_zona');
  await expect(plan).toBeVisible();
  await next(page);
  await expect(plan.getByText(REQUIRED)).toHaveCount(1);
  await expectAxeClean(page);

  // A file the server refuses (not a PDF inside), then a good one: the failed row goes.
  const input = plan.locator('input[type="file"]');
  await input.setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('nu este un PDF') });
  await expect(plan.getByText('eșuat')).toBeVisible();
  await input.setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: pdf('plan') });
  const files = plan.getByRole('list', { name: /^Fișiere:/ });
  await expect(files.getByRole('button', { name: 'Ștergeți fișierul plan.pdf' })).toBeVisible();
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(plan.getByText('eșuat')).toHaveCount(0);
  await expect(plan.getByRole('alert')).toHaveCount(0);
});

test('the session-expired modal starts with the address of whoever was signed in', async ({ page, request }) => {
  await signIn(page, 'citizen@demo.ghiseu.ro');
  const token = (await storedToken(page)) as string;
  // The session ends on the server (as after its idle time); the next request of the page finds out.
  expect((await request.post('/api/token-invalidate-requests', { data: { token } })).status()).toBe(204);
  await page.getByTestId('menu-applications').click();
  const dialog = page.getByRole('dialog', { name: 'Sesiunea a expirat' });
  await expect(dialog).toBeVisible();
  const email = dialog.getByTestId('login-email');
  await expect(email).toHaveValue('citizen@demo.ghiseu.ro');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('.mantine-InputWrapper-error')).toHaveCount(0);
  await expect(dialog.getByTestId('login-password')).toBeFocused();
  await expectAxeClean(page);
  await dialog.getByTestId('login-password').fill('Ghiseu!2026');
  await dialog.getByTestId('login-submit').click();
  await expect(dialog).toHaveCount(0);
});
