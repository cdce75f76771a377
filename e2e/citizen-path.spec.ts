import { execFileSync } from 'node:child_process';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { validCnp } from './support/administration';
import { createConfirmedAccount, STRONG_PASSWORD, uniquePhone } from './support/accounts';
import { pdf } from './support/files';
import { chooseByLabel, DEMO_PASSWORD, expectAxeClean, signIn, storedToken, uniqueEmail } from './support/portal';

/**
 * The citizen's path without stumbles (issue 10, items 1–5, 11–13): the profile gate says why,
 * a missing or someone else's application is a 404, answers survive leaving the wizard and an
 * empty draft is offered for deletion, the review is a summary with 'Modificați' and the disagreeing
 * land areas, the confirmation says what happens next, the receipt is on the details page and
 * names the council once, staff get their own home, empty domains are not cards, and the series
 * menu entry has its icon. Axe on every screen; layout screens also at 375×812.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000, viewport: { width: 1366, height: 768 } });

const MOBILE = { width: 375, height: 812 };

const next = (page: Page) => page.getByRole('button', { name: 'Continuați' }).click();

/** 'Continuați', then waits for step `step` (a click while the previous save runs would be lost). */
async function nextTo(page: Page, step: number) {
  await next(page);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Pasul ${step} din 8`) })).toBeVisible();
}

/** Signs in through the API and answers the token. */
async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { authToken: string } }).data.authToken;
}

async function apiGet(request: APIRequestContext, token: string, path: string) {
  return request.get(path, { headers: { Authorization: `Bearer ${token}` } });
}

test('1. an incomplete profile is told why it stays on home, with a link to the profile', async ({ page, request }) => {
  const email = uniqueEmail('profil-incomplet');
  await createConfirmedAccount(request, { email, phone: uniquePhone() });
  await signIn(page, email, STRONG_PASSWORD);
  const notice = page.getByTestId('profile-notice');
  await expect(notice).toContainText('Completați-vă profilul');
  await expect(page.getByTestId('profile-notice-bounce')).toHaveCount(0);

  await page.getByTestId('menu-createRequest').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('profile-notice-bounce')).toContainText('Pagina cerută se deschide doar cu profilul complet');
  await expectAxeClean(page);
  await page.getByTestId('menu-applications').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('profile-notice-bounce')).toBeVisible();
  await page.getByTestId('profile-notice-link').click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('2. a missing or someone else’s application shows the 404 page, not a server error', async ({ page, request }) => {
  const companyToken = await apiToken(request, 'company@demo.ghiseu.ro');
  const types = (await (await apiGet(request, companyToken, '/api/application-types/organisation')).json()) as {
    data: { id: number }[];
  };
  const created = await request.post('/api/applications?echo=true', {
    headers: { Authorization: `Bearer ${companyToken}` },
    data: { application_type_id: types.data[0].id },
  });
  expect(created.status()).toBe(201);
  const othersId = ((await created.json()) as { data: { id: number } }).data.id;

  await signIn(page, 'citizen@demo.ghiseu.ro');
  for (const path of ['/application/99999', `/application/${othersId}`, `/application/${othersId}/edit`]) {
    await page.goto(path);
    await expect(page.getByTestId('error-page-404')).toBeVisible();
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('error-page-500')).toHaveCount(0);
  }
  await expectAxeClean(page);
});

test('3, 4, 5, 12. the wizard keeps answers, cleans up an empty draft, summarises and says what comes next', async ({
  page,
  request,
}) => {
  await signIn(page, 'citizen@demo.ghiseu.ro');
  const token = (await storedToken(page)) as string;

  // 12. A type chosen by mistake: leaving the empty draft offers to delete it.
  await page.goto('/application/new');
  await page.getByRole('button', { name: 'Alegeți: Certificat de urbanism' }).click();
  await expect(page).toHaveURL(/\/application\/new\/\d+$/);
  const emptyId = Number(page.url().split('/').pop());
  await page.getByTestId('wizard-back-to-list').click();
  const offer = page.getByRole('dialog', { name: 'Ștergeți ciorna goală?' });
  await expect(offer).toBeVisible();
  await expectAxeClean(page);
  await offer.getByRole('button', { name: 'Ștergeți ciorna' }).click();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByText('Ciorna goală a fost ștearsă.')).toBeVisible();
  await expect.poll(async () => (await apiGet(request, token, `/api/applications/${emptyId}`)).status()).toBe(404);

  // 3. Answers typed and the page left at once through a link: they are saved, not lost.
  await page.goto('/application/new');
  await page.getByRole('button', { name: 'Alegeți: Certificat de urbanism' }).click();
  await expect(page).toHaveURL(/\/application\/new\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await chooseByLabel(page, /Scopul solicitării/, 'Informare');
  await page.getByRole('textbox', { name: /Suprafața terenului/ }).fill('450');
  await page.getByRole('radio', { name: 'Proprietar' }).check();
  await page.getByTestId('wizard-back-to-list').click();
  await expect(page).toHaveURL(/\/applications$/);
  const saved = (await (await apiGet(request, token, `/api/applications/${id}`)).json()) as {
    data: { form: Record<string, unknown> };
  };
  expect(saved.data.form).toMatchObject({
    scopul_solicitarii: 'informare',
    suprafata_terenului: 450,
    regim_juridic: 'proprietar',
  });

  // Resumed at the first incomplete step (the form is complete): a beneficiary, a parcel whose
  // cadastral area differs from the form's 450 m², three files.
  await page.goto(`/application/${id}/edit`);
  const beneficiaryForm = page.getByTestId('beneficiary-form');
  await expect(beneficiaryForm).toBeVisible();
  await beneficiaryForm.getByRole('textbox', { name: /^Nume/ }).fill('Pop');
  await beneficiaryForm.getByRole('textbox', { name: /^Prenume/ }).fill('Andrei');
  await beneficiaryForm.getByRole('textbox', { name: /^CNP/ }).fill(validCnp());
  await page.getByTestId('beneficiary-add').click();
  await expect(page.getByTestId('beneficiary-row')).toHaveCount(1);
  await nextTo(page, 4);
  const realEstateForm = page.getByTestId('real-estate-form');
  await realEstateForm.getByRole('textbox', { name: /Număr cadastral/ }).fill('123423');
  await chooseByLabel(page, /^UAT/, /Târgu Mureș/);
  await page.getByTestId('parcel-search').click();
  await expect(page.getByTestId('parcel-search-note')).toContainText('Parcela a fost găsită');
  await page.getByTestId('real-estate-add').click();
  await expect(page.getByTestId('real-estate-row')).toHaveCount(1);
  await nextTo(page, 5);
  for (const key of ['plan_incadrare_zona', 'plan_situatie', 'extras_carte_funciara']) {
    const field = page.getByTestId(`attachments-${key}`);
    await field
      .locator('input[type="file"]')
      .setInputFiles({ name: `${key}.pdf`, mimeType: 'application/pdf', buffer: pdf(key) });
    // Stored and attached (a row with its name shows while the transfer still runs).
    await expect(field.getByRole('button', { name: `Ștergeți fișierul ${key}.pdf` })).toBeVisible();
  }
  await nextTo(page, 6);
  await nextTo(page, 7);
  await nextTo(page, 8);

  // 4. Check your answers: words, not inputs; the land areas disagree and say so; Modificați.
  const answers = page.getByTestId('answers-summary');
  await expect(answers).toContainText('Informare');
  await expect(answers).toContainText('450 mp');
  await expect(page.getByTestId('summary-form').getByRole('textbox')).toHaveCount(0);
  await expect(page.getByTestId('area-difference')).toContainText('în formular 450 mp');
  await expect(page.getByTestId('area-difference')).toContainText('în cadastru');
  await expectAxeClean(page);
  await page.setViewportSize(MOBILE);
  await expect(page.getByTestId('summary-edit-form')).toBeVisible();
  await expectAxeClean(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByTestId('summary-edit-form').click();
  await expect(page.getByRole('heading', { name: /Pasul 2 din 8: Formular/ })).toBeFocused();
  await expect(page.getByRole('textbox', { name: /Suprafața terenului/ })).toHaveValue(/450/);
  for (let step = 3; step <= 8; step++) await nextTo(page, step);
  await expect(page.getByTestId('answers-summary')).toBeVisible();
  await page.getByRole('button', { name: 'Depuneți cererea' }).click();

  // 5. What happens next, then the receipt from the details page, naming the council once (13).
  await expect(page).toHaveURL(new RegExp(`/application-confirmation/${id}$`));
  const nextSteps = page.getByTestId('what-happens-next');
  await expect(page.getByTestId('next-handler')).toContainText('Consiliul Județean Mureș');
  await expect(page.getByTestId('next-deadline')).toContainText('30 de zile');
  await expectAxeClean(page);
  await page.setViewportSize(MOBILE);
  await expect(nextSteps).toBeVisible();
  await expectAxeClean(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByTestId('confirmation-open').click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}$`));
  await expect(page.getByTestId('what-happens-next')).toBeVisible();
  await expect(page.getByTestId('answers-summary')).toContainText('450 mp');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('receipt-download').click();
  const receipt = await downloading;
  const text = execFileSync('pdftotext', [await receipt.path(), '-'], { encoding: 'utf8' });
  // The header: the council once, then the title (the institution is named again among the facts).
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  expect(lines.slice(0, 2)).toEqual(['Consiliul Județean Mureș', 'Dovadă de înregistrare']);
  await expectAxeClean(page);
});

test('11. staff get a home of the screens they can open; citizens see empty domains as a line', async ({ page }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  const destinations = page.getByTestId('staff-destinations');
  await expect(destinations).toBeVisible();
  await expect(page.getByTestId('domain-tiles')).toHaveCount(0);
  await expectAxeClean(page);
  await page.setViewportSize(MOBILE);
  await expectAxeClean(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  // Every tile opens a real screen, none a placeholder.
  const links = await destinations.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  expect(links.length).toBeGreaterThan(2);
  for (const href of links) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('placeholder-page')).toHaveCount(0);
    expect(new URL(page.url()).pathname).not.toBe('/home');
  }

  // 13. The organisation's series entry has its icon like its neighbours.
  const series = page.getByTestId('menu-documentSeries');
  await expect(series.locator('svg')).toHaveCount(1);

  await signIn(page, 'citizen@demo.ghiseu.ro');
  await expect(page.getByTestId('domain-urbanism').getByRole('link')).toHaveCount(1);
  const empty = page.getByTestId('domains-empty');
  await expect(empty).toContainText('Turism');
  await expect(empty.getByRole('link')).toHaveCount(0);
  await expect(page.getByText(/niciun tip de cerere/i)).toHaveCount(0);
  await page.setViewportSize(MOBILE);
  await expectAxeClean(page);
});
