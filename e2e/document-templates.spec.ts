import { expect, test } from '@playwright/test';
import { apiSignIn, bearer } from './support/administration';
import { expectAxeClean, signIn } from './support/portal';

/**
 * Document templates (spec §2 /document-template*, §3 Document template and Signing layout, §5
 * signing-layout rules; issue 12): the super administrator writes a common template with a
 * placeholder chosen from the picker, builds its signing layout (a rule broken and fixed live),
 * creates it, previews it as a PDF on a demo application, and finds it in the list. Every
 * template screen is checked with axe. The public verification page is checked here with an
 * unknown code; a valid one needs an issued document: the signing journey covers it.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000, viewport: { width: 1366, height: 900 } });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const NAME = `Certificat e2e ${run}`;

test('the super administrator creates, previews and lists a document template', async ({ page, request }) => {
  // A demo application to preview on (the super administrator has no staff lists: the number is typed).
  const staff = await apiSignIn(request, 'staff@demo.ghiseu.ro');
  const applications = await request.get('/api/staff-applications?limit=5&view=completed', { headers: bearer(staff) });
  expect(applications.status()).toBe(200);
  let rows = ((await applications.json()) as { data: { id: number }[] }).data;
  if (rows.length === 0) {
    const inbox = await request.get('/api/staff-applications?limit=5', { headers: bearer(staff) });
    rows = ((await inbox.json()) as { data: { id: number }[] }).data;
  }
  expect(rows.length, 'a demo application of the staff member').toBeGreaterThan(0);
  const applicationId = rows[0].id;

  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/document-template');
  await expect(page.getByRole('heading', { level: 1, name: 'Șabloane de documente' })).toBeVisible();
  // The demo templates, or the empty state on a database without them.
  await expect(page.getByText(/^Total \d+ șablo/)).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('link', { name: 'Șablon nou' }).click();
  await expect(page).toHaveURL(/\/document-template\/new$/);
  await page.getByRole('textbox', { name: /^Denumire/ }).fill(NAME);
  await page.locator('#template-system-type').click();
  await page.getByRole('option', { name: 'Certificat de urbanism' }).click();

  // The text, with a placeholder from the picker.
  const content = page.getByRole('textbox', { name: 'Textul șablonului' });
  await content.click();
  await page.keyboard.type('Se certifică sub numărul ');
  await page.getByRole('button', { name: 'Inserați un substituent' }).click();
  const picker = page.getByRole('dialog', { name: 'Inserați un substituent' });
  await expect(picker.getByRole('button', { name: 'Inserați Numele solicitantului' })).toBeVisible();
  await expectAxeClean(page);
  await picker.getByRole('textbox', { name: 'Căutați un substituent' }).fill('iesire');
  await picker.getByRole('button', { name: 'Inserați Numărul de ieșire' }).click();
  await expect(picker).toBeHidden();
  await expect(content.locator('[data-placeholder]')).toHaveText('{{Numărul de ieșire}}');
  await page.keyboard.type('emis pentru ');
  await page.getByRole('button', { name: 'Inserați un substituent' }).click();
  await picker.getByRole('textbox', { name: 'Căutați un substituent' }).fill('solicitant');
  await picker.getByRole('button', { name: 'Inserați Numele solicitantului' }).click();
  await expect(content.locator('[data-placeholder]')).toHaveCount(2);

  // The layout: a reviewer's row signed after the president breaks the rule, shown live.
  await page.getByRole('button', { name: 'Adăugați un rând', exact: true }).click();
  const reviewer = page.getByTestId('layout-cell-3-1');
  await reviewer.getByRole('textbox', { name: /Legendă/ }).fill('Verificat');
  await reviewer.getByRole('combobox', { name: /Semnatar/ }).click();
  await page.getByRole('option', { name: 'Verificatorul' }).click();
  const problems = page.getByTestId('layout-problems');
  await expect(problems).toContainText('Președintele semnează ultimul');
  await expectAxeClean(page);
  const president = page.getByTestId('layout-cell-1-1');
  await president.getByRole('textbox', { name: /Ordinea semnării/ }).fill('5');
  await expect(problems).toBeHidden();

  await page.getByRole('button', { name: 'Creați șablonul' }).click();
  await expect(page).toHaveURL(/\/document-template\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByTestId('template-status')).toHaveText('Activ');
  await expect(page.getByRole('textbox', { name: 'Textul șablonului' }).locator('[data-placeholder]')).toHaveCount(2);
  await expect(page.getByTestId('layout-cell-3-1').getByRole('textbox', { name: /Legendă/ })).toHaveValue('Verificat');
  await expectAxeClean(page);

  // The preview: the server renders the PDF with the application's values.
  const panel = page.getByTestId('template-preview');
  await panel.getByRole('textbox', { name: /Numărul cererii în portal/ }).fill(String(applicationId));
  const [preview] = await Promise.all([
    page.waitForResponse((r) => /\/api\/document-templates\/\d+\/preview$/.test(r.url())),
    panel.getByRole('button', { name: 'Previzualizați PDF' }).click(),
  ]);
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toContain('application/pdf');
  // The same preview through the API: a real PDF (the browser keeps the bytes in its blob).
  const templateId = Number(/\/document-template\/(\d+)$/.exec(page.url())?.[1]);
  const admin = await apiSignIn(request, 'superadmin@demo.ghiseu.ro');
  const pdf = await request.post(`/api/document-templates/${templateId}/preview`, {
    headers: bearer(admin),
    data: { application_id: applicationId },
  });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const dialog = page.getByRole('dialog', { name: 'Previzualizarea documentului' });
  await expect(dialog.locator('iframe[title^="Previzualizarea documentului pentru"]')).toHaveAttribute('src', /^blob:/);
  await expect(dialog.getByRole('link', { name: 'Deschideți PDF-ul într-o filă nouă' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The list shows it.
  await page.getByRole('link', { name: 'Înapoi la șabloane' }).click();
  await page.getByRole('textbox', { name: 'Căutați după denumire' }).fill(NAME);
  const row = page.getByRole('table', { name: 'Lista șabloanelor de documente' }).getByRole('row').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Activ');
  await expect(row).toContainText('Certificat de urbanism');
  await expect(row).toContainText('Comun tuturor instituțiilor');
  await expectAxeClean(page);
});

test('the public verification page answers an unknown code without a sign-in', async ({ page }) => {
  await page.goto('/verificare/CodNecunoscut-0123456789');
  await expect(page.getByRole('heading', { level: 1, name: 'Verificarea unui document emis' })).toBeVisible();
  await expect(page.getByTestId('verification-not-found')).toContainText('Documentul nu a fost găsit');
  await expect(page).toHaveURL(/\/verificare\/CodNecunoscut-0123456789$/);
  await expectAxeClean(page);
});
