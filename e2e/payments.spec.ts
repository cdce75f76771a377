import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer } from './support/administration';
import { pdf } from './support/files';
import { currentUser, expectAxeClean, signIn } from './support/portal';
import { created } from './support/staff';

/**
 * Payments and taxes (issue 13) in the browser: a tax of the county council attached to an
 * application type of its own; the citizen pays by card through the built-in sandbox gateway's
 * hosted page (a declined card, then a retry that succeeds) and downloads the receipt; a second
 * filing is paid by payment order, the proof uploaded by the citizen and the payment registered by
 * the council's clerk; the super administrator sees both in the registry, reconciles the day and
 * uses the tax calculator. Every screen is checked with axe.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const run = Date.now().toString(36);
const TAX = '45.50';
const TAX_TEXT = '45,50 lei';

interface Fixture {
  paidAtOnce: number;
  cardApplication: number;
  orderApplication: number;
}
let fixture: Fixture;

async function ok<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'patch',
  url: string,
  token: string,
  data?: unknown,
) {
  const response = await request[method](url, {
    headers: method === 'patch' ? { ...bearer(token), 'content-type': 'application/merge-patch+json' } : bearer(token),
    ...(data === undefined ? {} : { data: method === 'patch' ? JSON.stringify(data) : data }),
  });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data as T;
}

/** A filing of the demo citizen, submitted: its tax summary is computed at submission. */
async function submittedFiling(request: APIRequestContext, citizen: string, typeId: number): Promise<number> {
  const draft = await created(request, citizen, '/api/applications?echo=true', { application_type_id: typeId });
  await ok(request, 'patch', `/api/applications/${draft.id}`, citizen, { form: { mesaj: 'Solicit eliberarea certificatului.' } });
  const submitted = await ok<{ status: string; total_tax: string | null }>(
    request,
    'put',
    `/api/applications/${draft.id}/send`,
    citizen,
  );
  expect(submitted.status).toBe('NEW');
  return draft.id;
}

test('set-up: a tax of the county council on an application type, three submitted filings', async ({ request }) => {
  const superadmin = await apiSignIn(request, 'superadmin@demo.ghiseu.ro');
  const organisations = await ok<{ id: number; name: string }[]>(request, 'get', '/api/organisations?limit=100', superadmin);
  const council = organisations.find((o) => o.name === 'Consiliul Județean Mureș');
  expect(council, 'the demo county council').toBeTruthy();

  const category = await created(request, superadmin, '/api/tax-categories?echo=true', { name: `Taxe de eliberare ${run}` });
  await created(request, superadmin, '/api/taxes?echo=true', {
    organisation_id: council?.id,
    category_id: category.id,
    name: `Taxă de eliberare ${run}`,
    entry_into_force: '2024-01-01',
    decision_number: '245',
    decision_date: '2023-12-14',
    price_model: 'fixed',
    fixed_value: TAX,
  });
  const seriesType = await created(request, superadmin, '/api/document-series-types?echo=true', { name: `Intrări plăți ${run}` });
  await created(request, superadmin, '/api/document-series?echo=true', {
    type_id: seriesType.id,
    organisation_id: council?.id,
    name: `Registratura plăți ${run}`,
    prefix: `PL${run.toUpperCase()}`,
  });
  const form = await created(request, superadmin, '/api/forms?echo=true', {
    name: `Cerere cu taxă ${run}`,
    definition: { fields: [{ key: 'mesaj', type: 'textarea', label: 'Mesaj', required: true }] },
  });
  await ok(request, 'post', `/api/forms/${form.id}/publish`, superadmin);
  const type = await created(request, superadmin, '/api/application-types?echo=true', {
    name: `Cerere cu taxă ${run}`,
    organisation_id: council?.id,
    citizen_form_id: form.id,
    series_type_ids: { incoming: seriesType.id },
    tax_category_ids: { extra: category.id },
    remaining_period: 30,
  });

  const citizen = await apiSignIn(request, 'citizen@demo.ghiseu.ro');
  fixture = {
    paidAtOnce: await submittedFiling(request, citizen, type.id),
    cardApplication: await submittedFiling(request, citizen, type.id),
    orderApplication: await submittedFiling(request, citizen, type.id),
  };
  const payments = await ok<{ total: string; due: string; is_paid: boolean }>(
    request,
    'get',
    `/api/applications/${fixture.cardApplication}/payments`,
    citizen,
  );
  expect(payments).toMatchObject({ total: TAX, due: TAX, is_paid: false });
});

/** The sandbox gateway's hosted card page: fills the card and pays. */
async function payOnHostedPage(page: Page, card: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Plată cu cardul' })).toBeVisible();
  await expect(page).toHaveURL(/\/api\/sandbox-gateway\/pay\//);
  await expectAxeClean(page);
  await page.getByLabel('Numărul cardului').fill(card);
  await page.getByLabel('Data expirării (LL/AA)').fill('12/30');
  await page.getByLabel('Codul CVV').fill('123');
  await page.getByLabel('Numele de pe card').fill('ION POPESCU');
  await page.getByRole('button', { name: 'Plătiți', exact: true }).click();
}

test('the citizen pays by card: one filing at once from its confirmation page, another after a declined card', async ({
  page,
}) => {
  await signIn(page, 'citizen@demo.ghiseu.ro');

  // The first filing is paid at once, from the page that confirms its submission.
  await page.goto(`/application-confirmation/${fixture.paidAtOnce}`);
  const payNow = page.getByTestId('pay-now');
  await expect(payNow.getByTestId('pay-now-due')).toContainText(TAX_TEXT);
  await expectAxeClean(page);
  await payNow.getByTestId('pay-card').click();
  await payOnHostedPage(page, '4111111111111111');
  await expect(page).toHaveURL(new RegExp(`/application-notify/${fixture.paidAtOnce}$`));
  await expect(page.getByText('Plata a fost efectuată', { exact: true })).toBeVisible({ timeout: 20_000 });

  const id = fixture.cardApplication;
  await page.goto(`/application/${id}/payments`);
  await expect(page.getByTestId('payments-due')).toContainText(TAX_TEXT);
  await expect(page.getByText('Nu există încă nicio plată pentru această cerere.')).toBeVisible();
  await expectAxeClean(page);

  // A declined card: the return page says so and offers to try again.
  await page.getByTestId('pay-card').click();
  await payOnHostedPage(page, '4000000000000002');
  await expect(page).toHaveURL(new RegExp(`/application-notify/${id}$`));
  await expect(page.getByText('Plata nu a reușit', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Motivul: Plata a fost refuzată de banca emitentă a cardului.')).toBeVisible();
  await expectAxeClean(page);

  // The retry with the test card that succeeds.
  await page.getByRole('button', { name: 'Încercați din nou' }).click();
  await payOnHostedPage(page, '4111111111111111');
  await expect(page).toHaveURL(new RegExp(`/application-notify/${id}$`));
  await expect(page.getByText('Plata a fost efectuată', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectAxeClean(page);

  // The payments tab: paid, both attempts, the receipt of the successful one.
  await page.goto(`/application/${id}/payments`);
  await expect(page.getByText('Cererea este achitată')).toBeVisible();
  const attempts = page.getByRole('table', { name: 'Plățile cererii' });
  await expect(attempts.getByRole('row')).toHaveCount(3);
  await expect(attempts).toContainText('Eșuată');
  await expect(attempts).toContainText('Reușită');
  const download = page.waitForEvent('download');
  await attempts.getByRole('button', { name: /Descărcați chitanța/ }).click();
  const receipt = await download;
  const bytes = await (await import('node:fs/promises')).readFile((await receipt.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expectAxeClean(page);
});

test('a payment order: the citizen uploads the proof, the clerk registers the payment', async ({ page, browser }) => {
  const id = fixture.orderApplication;
  await signIn(page, 'citizen@demo.ghiseu.ro');
  await page.goto(`/application/${id}/payments`);
  await page.getByTestId('pay-order').click();
  await expect(page).toHaveURL(new RegExp(`/application-payment/${id}/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(TAX_TEXT).first()).toBeVisible();
  await expectAxeClean(page);
  await expect(page.getByText('Dovada plății (PDF, PNG sau JPG)').first()).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'ordin-de-plata.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Ordin de plată'),
  });
  await expect(page.getByText('Dovada plății a fost trimisă. Instituția va verifica plata.').first()).toBeVisible();

  // The council's clerk finds it in the record's payments tab and registers it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'staff@demo.ghiseu.ro');
  await staff.goto(`/application/${id}/payments`);
  await expect(staff.getByText('Ordine de plată în așteptare')).toBeVisible();
  await expect(staff.getByText('Dovadă încărcată').first()).toBeVisible();
  await expectAxeClean(staff);
  await staff
    .getByTestId(/^pending-order-/)
    .getByRole('button', { name: 'Înregistrați', exact: true })
    .click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByLabel('Numărul ordinului de plată').fill(`OP-${run}`);
  await expectAxeClean(staff);
  await dialog.getByRole('button', { name: 'Înregistrați plata' }).click();
  await expect(staff.getByText('Plata a fost înregistrată.')).toBeVisible();
  await expect(staff.getByText('Achitată', { exact: true })).toBeVisible();
  await staffContext.close();

  // The citizen sees the application paid by payment order.
  await page.goto(`/application/${id}/payments`);
  await expect(page.getByText('Cererea este achitată')).toBeVisible();
  await expect(page.getByTestId('payments-paid-with')).toContainText('Ordin de plată');
});

test('the super administrator sees the registry, reconciles the day and uses the tax calculator', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrul de plăți' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Lista plăților' });
  await expect(list).toContainText(`OP-${run}`);
  await expect(list).toContainText('Card');
  // This journey's attempts: the three filings' numbers carry its series prefix (a success, a
  // declined card and its retry, the payment order).
  await page.getByRole('searchbox', { name: 'Numărul cererii' }).fill(`PL${run.toUpperCase()}`);
  await expect(list.getByRole('row')).toHaveCount(5);
  await expectAxeClean(page);

  await page.getByRole('tab', { name: 'Reconcilieri' }).click();
  await page.getByRole('button', { name: 'Reconciliați acum' }).click();
  await expect(page.getByText(/a fost reconciliată/)).toBeVisible();
  await expectAxeClean(page);

  await page.goto('/tax-calculator');
  await expect(page.getByRole('heading', { level: 1, name: 'Calculator de taxe' })).toBeVisible();
  const validator = page.getByRole('region', { name: 'Taxa pentru autorizația de construire' });
  await validator.getByLabel('Suprafața construită').fill('100');
  await validator.getByLabel('Valoarea lucrărilor').fill('100000');
  await expect(page.getByTestId('calc-minimum')).toHaveText('100.000,00 lei');
  await expect(page.getByTestId('calc-tax')).toHaveText('500,00 lei');
  await validator.getByLabel('Valoarea lucrărilor').fill('50000');
  await expect(page.getByText('Valoarea introdusă este mai mică decat valoarea minimă!')).toBeVisible();
  await expectAxeClean(page);

  await page.goto('/tax-category');
  await expect(page.getByText(`Taxe de eliberare ${run}`)).toBeVisible();
  await expectAxeClean(page);
});

test("the organisation's administrator reads its taxes and bank accounts on /institution", async ({ page }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  const me = await currentUser(page);
  await page.goto(`/institution?id=${me.organisation_id}&tab=taxes`);
  const taxes = page.getByRole('table', { name: 'Lista taxelor instituției' });
  await expect(taxes).toContainText('Taxa pentru eliberarea certificatului de urbanism');
  await expect(taxes).toContainText('Taxa de arhivare a documentației');
  await expectAxeClean(page);

  await page.getByRole('tab', { name: 'Conturi bancare' }).click();
  await expect(page).toHaveURL(/tab=bank-accounts/);
  const accounts = page.getByRole('table', { name: 'Lista conturilor bancare ale instituției' });
  await expect(accounts).toContainText(`demo-${me.organisation_id}`);
  // The provider's password is never shown, only that one is stored.
  await expect(accounts).toContainText('Salvată');
  await expect(accounts).not.toContainText('Sandbox!Demo2026');
  await expectAxeClean(page);
});
