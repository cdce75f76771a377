import { expect, test } from '@playwright/test';
import { validCnp } from './support/administration';
import { pdf } from './support/files';
import { chooseByLabel, expectAxeClean, outbox, signIn, uniqueEmail } from './support/portal';
import { readApplicationAs, readRegistryAs } from './support/registry';

/**
 * The general registry (spec §2 /register-application, §3 Document register, §4 register): the
 * county council's clerk registers a paper application ('Aviz') brought by a walk-in citizen, a
 * new beneficiary, and sees its entry number; the application is REGISTERED with offline signing
 * in the staff data; the beneficiary is invited by e-mail (the dev outbox shows the invitation);
 * then an incoming document with its scanned PDF. axe on every state of the screen.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const CLERK = 'admin@demo.ghiseu.ro';

test('a clerk registers a walk-in application, invites the beneficiary, and registers an incoming document', async ({
  page,
  request,
}) => {
  await signIn(page, CLERK);
  await page.goto('/register-application');
  await expect(page.getByRole('heading', { level: 1, name: 'Înregistrare cerere' })).toBeVisible();
  await expectAxeClean(page);

  // An application of type Aviz, its form answered at the desk.
  await chooseByLabel(page, /^Tipul cererii/, 'Aviz');
  await expect(page.getByTestId('form-renderer')).toBeVisible();
  await page.getByRole('radio', { name: 'Avizul arhitectului-șef' }).check();
  await page.getByRole('textbox', { name: /Obiectul documentației/ }).fill('Extindere locuință P+1');

  // The walk-in citizen, a new beneficiary.
  const email = uniqueEmail('ghiseu');
  const beneficiary = page.getByTestId('registry-beneficiary');
  await beneficiary.getByRole('textbox', { name: /^Nume/ }).fill('Vlad');
  await beneficiary.getByRole('textbox', { name: /^Prenume/ }).fill('Ioana');
  await beneficiary.getByRole('textbox', { name: /^CNP/ }).fill(validCnp());
  await beneficiary.getByRole('textbox', { name: /^E-mail/ }).fill(email);

  // The real estate and the two required attachments.
  await page.getByTestId('registry-add-real-estate').click();
  await page.getByRole('textbox', { name: /Număr cadastral/ }).fill('123456');
  await chooseByLabel(page, /^UAT/, 'Târgu Mureș');
  for (const key of ['documentatie', 'plan_situatie']) {
    const field = page.getByTestId(`attachments-${key}`);
    await field
      .locator('input[type="file"]')
      .setInputFiles({ name: `${key}.pdf`, mimeType: 'application/pdf', buffer: pdf(key) });
    await expect(field.getByRole('button', { name: `Ștergeți fișierul ${key}.pdf` })).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'Număr extern' }).fill('F-88');
  await expectAxeClean(page);
  await page.getByTestId('registry-submit').click();

  // The entry number, REGISTERED, the clerk as the placeholder applicant.
  const result = page.getByTestId('registration-result');
  await expect(result).toBeVisible();
  const number = (await page.getByTestId('registry-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/\d+/);
  await expect(page.getByTestId('registry-status')).toHaveText('Înregistrată');
  await expectAxeClean(page);
  const href = await page.getByTestId('registry-open-application').getAttribute('href');
  const id = Number(href?.split('/').pop());

  // The staff data: REGISTERED, offline signing, the walk-in citizen as beneficiary.
  const application = await readApplicationAs(request, 'staff@demo.ghiseu.ro', id);
  expect(application).toMatchObject({ status: 'REGISTERED', identification_number: number });
  expect((application.form as { sign_details: unknown }).sign_details).toEqual({ isOnline: false, package: null });
  expect(JSON.stringify(application.beneficiaries)).toContain('Vlad');

  // The invitation (the beneficiary's e-mail is proposed).
  await expect(page.getByRole('textbox', { name: 'E-mailul beneficiarului' })).toHaveValue(email);
  await page.getByTestId('registry-invite').click();
  await expect(page.getByTestId('registry-invited')).toContainText(email);
  await expect
    .poll(async () => (await outbox(request, email)).find((m) => m.subject?.includes(number))?.text ?? '')
    .toContain('/auth/signup');
  // A second invitation to the same address is refused.
  await page.getByTestId('registry-invite').click();
  await expect(page.getByText('Beneficiarul a fost deja invitat.')).toBeVisible();

  // An incoming document with its scan.
  await page.getByTestId('registry-another').click();
  await page.getByTestId('registry-kind').getByText('Document intrat').click();
  await chooseByLabel(page, /^Registrul/, 'Aviz');
  await beneficiary.getByRole('radio', { name: 'Persoană juridică' }).check();
  await beneficiary.getByRole('textbox', { name: /^Denumire/ }).fill('Inspectoratul de Stat în Construcții');
  await beneficiary.getByRole('textbox', { name: /CUI/ }).fill('18547290');
  const scan = page.getByTestId('registry-document-file');
  await scan
    .locator('input[type="file"]')
    .setInputFiles({ name: 'adresa.pdf', mimeType: 'application/pdf', buffer: pdf('adresa') });
  await expect(scan.getByRole('button', { name: 'Ștergeți fișierul adresa.pdf' })).toBeVisible();
  await page.getByTestId('registry-subject').fill('Adresă privind controlul pe șantier');
  await expectAxeClean(page);
  await page.getByTestId('registry-submit').click();
  await expect(page.getByTestId('registration-result')).toBeVisible();
  const documentNumber = (await page.getByTestId('registry-number').textContent())?.trim() ?? '';
  expect(documentNumber).not.toBe(number);
  const documentHref = await page.getByTestId('registry-open-application').getAttribute('href');
  const registry = await readRegistryAs(request, CLERK, Number(documentHref?.split('/').pop()));
  expect(registry).toMatchObject({
    kind: 'document',
    subject: 'Adresă privind controlul pe șantier',
    document_file: { name: 'adresa.pdf', mime_type: 'application/pdf' },
  });
});
