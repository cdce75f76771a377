import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { validCnp } from './support/administration';
import { ANAF } from './playwright.config';
import { chooseByLabel, expectAxeClean, signIn } from './support/portal';
import { pdf } from './support/files';

/**
 * The citizen's filing journey (spec §2 Applications, §4 wizard, §5 rules): a 'Certificat de
 * urbanism' with two beneficiaries (a person and a company, validated by the local stand-in for
 * the tax authority; an unknown CUI and one the service cannot answer for are shown as such and
 * removed again), one demo parcel of Târgu Mureș and three
 * PDF attachments; a draft saved midway and resumed; submission with an entry number. The list,
 * the wizard's steps and the details page are checked with axe.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const next = (page: Page) => page.getByRole('button', { name: 'Continuați' }).click();
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name: new RegExp(name) }).first();

test('a citizen files a Certificat de urbanism, saves a draft, resumes and submits', async ({ page }) => {
  await signIn(page, 'citizen@demo.ghiseu.ro');

  // The list.
  await page.goto('/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Cererile mele' })).toBeVisible();
  await expect(page.getByTestId('applications-total')).toContainText('Total');
  await expectAxeClean(page);

  // Type: choosing creates the draft.
  await page.getByTestId('application-new').click();
  await expect(page).toHaveURL(/\/application\/new$/);
  await page.getByRole('button', { name: 'Alegeți: Certificat de urbanism' }).click();
  await expect(page).toHaveURL(/\/application\/new\/\d+$/);
  const id = Number(page.url().split('/').pop());

  // Form.
  await expect(page.getByTestId('form-renderer')).toBeVisible();
  await next(page);
  await expect(page.getByTestId('form-errors')).toContainText('Vă rugăm să completați toate câmpurile obligatorii.');
  await chooseByLabel(page, /Scopul solicitării/, 'Informare');
  await page.getByRole('textbox', { name: /Suprafața terenului/ }).fill('450');
  await page.getByRole('radio', { name: 'Proprietar' }).check();
  await expectAxeClean(page);
  await next(page);

  // Beneficiaries: a person and a company.
  const beneficiaryForm = page.getByTestId('beneficiary-form');
  await expect(beneficiaryForm).toBeVisible();
  await beneficiaryForm.getByRole('textbox', { name: /^Nume/ }).fill('Pop');
  await beneficiaryForm.getByRole('textbox', { name: /^Prenume/ }).fill('Andrei');
  await beneficiaryForm.getByRole('textbox', { name: /^CNP/ }).fill(validCnp());
  await page.getByTestId('beneficiary-add').click();
  await expect(page.getByTestId('beneficiary-row')).toHaveCount(1);
  await beneficiaryForm.getByRole('radio', { name: 'Persoană juridică' }).check();
  await beneficiaryForm.getByRole('textbox', { name: /Denumirea firmei/ }).fill('Construct Mureș SRL');
  await beneficiaryForm.getByRole('textbox', { name: /CUI/ }).fill(`RO${ANAF.validatedCui}`);
  await page.getByTestId('beneficiary-add').click();
  await expect(page.getByTestId('beneficiary-row')).toHaveCount(2);
  await expect(page.getByTestId('anaf-status')).toHaveText('Validat ANAF');
  // The other two answers of the tax authority: an unknown CUI, and the service down (503).
  for (const [name, cui, status] of [
    ['Firma Necunoscută SRL', ANAF.invalidCui, 'CUI invalid la ANAF'],
    ['Firma Neverificată SRL', ANAF.downCui, 'Nevalidat (se verifică ulterior)'],
  ] as const) {
    await beneficiaryForm.getByRole('radio', { name: 'Persoană juridică' }).check();
    await beneficiaryForm.getByRole('textbox', { name: /Denumirea firmei/ }).fill(name);
    await beneficiaryForm.getByRole('textbox', { name: /CUI/ }).fill(String(cui));
    await page.getByTestId('beneficiary-add').click();
    const row = page.getByTestId('beneficiary-row').filter({ hasText: name });
    await expect(row.getByTestId('anaf-status')).toHaveText(status);
    await row.getByRole('button', { name: `Eliminați beneficiarul ${name}` }).click();
    await expect(row).toHaveCount(0);
  }
  await expect(page.getByTestId('beneficiary-row')).toHaveCount(2);
  await expectAxeClean(page);

  // Save the draft midway and resume it: the wizard opens at the first incomplete step.
  await page.getByRole('button', { name: 'Salvați ciorna' }).click();
  await expect(page.getByText('Ciorna a fost salvată.')).toBeVisible();
  await page.goto('/applications');
  await page.getByTestId(`application-link-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}/edit$`));
  await expect(page.getByTestId('real-estate-form')).toBeVisible();

  // Real estate: a demo parcel of Târgu Mureș, found in the land registry.
  const realEstateForm = page.getByTestId('real-estate-form');
  await realEstateForm.getByRole('textbox', { name: /Număr cadastral/ }).fill('123410');
  await chooseByLabel(page, /^UAT/, /Târgu Mureș/);
  await page.getByTestId('parcel-search').click();
  await expect(page.getByTestId('parcel-search-note')).toContainText('Parcela a fost găsită');
  await page.getByTestId('real-estate-add').click();
  await expect(page.getByTestId('real-estate-row')).toHaveCount(1);
  await expectAxeClean(page);
  await next(page);

  // Attachments: three PDFs.
  for (const key of ['plan_incadrare_zona', 'plan_situatie', 'extras_carte_funciara']) {
    const field = page.getByTestId(`attachments-${key}`);
    await field
      .locator('input[type="file"]')
      .setInputFiles({ name: `${key}.pdf`, mimeType: 'application/pdf', buffer: pdf(key) });
    // Stored and attached (a row with its name shows while the transfer still runs).
    await expect(field.getByRole('button', { name: `Ștergeți fișierul ${key}.pdf` })).toBeVisible();
  }
  await expectAxeClean(page);
  await next(page);

  // Tax, signing (online by default), review.
  await expect(page.getByTestId('tax-none').or(page.getByTestId('tax-summary'))).toBeVisible();
  await next(page);
  await expect(page.getByRole('radio', { name: /Online/ })).toBeChecked();
  await next(page);
  await expect(page.getByTestId('review-beneficiaries')).toContainText('Construct Mureș SRL');
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Depuneți cererea' }).click();

  // Confirmation with the entry number.
  await expect(page).toHaveURL(new RegExp(`/application-confirmation/${id}$`));
  const entryNumber = page.getByTestId('entry-number');
  await expect(entryNumber).not.toHaveText('—');
  const entry = (await entryNumber.textContent())?.trim() ?? '';
  // The receipt: a PDF with the entry number and the public page's QR address.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('confirmation-receipt').click();
  const receipt = await downloading;
  expect(receipt.suggestedFilename()).toMatch(/^recipisa-.+\.pdf$/);
  const text = execFileSync('pdftotext', [await receipt.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain(entry);
  expect(text).toContain('Scanați codul pentru a vedea stadiul cererii');
  await page.getByTestId('confirmation-open').click();

  // Details.
  await expect(page).toHaveURL(new RegExp(`/application/${id}$`));
  await expect(page.getByTestId('application-status')).toBeVisible();
  await expectAxeClean(page);
  await page.getByTestId('tab-documents').click();
  await expect(page.getByTestId('documents-table')).toContainText('plan_situatie.pdf');
  await expect(stepHeading(page, 'Cererea')).toBeVisible();
  // History: the audit trail in words, the submission with its entry number.
  await page.getByTestId('tab-history').click();
  const history = page.getByTestId('application-history');
  await expect(history).toContainText('Ciornă creată');
  await expect(history).toContainText('Beneficiar adăugat');
  await expect(history).toContainText('Construct Mureș SRL');
  await expect(history).toContainText('Cerere depusă');
  await expectAxeClean(page);

  // Back in the list: the entry number and the beneficiaries.
  await page.goto('/applications');
  const link = page.getByTestId(`application-link-${id}`);
  await expect(link).not.toHaveText('Ciornă');
  await expect(page.locator(`tr[data-row-id="${id}"]`)).toContainText('Construct Mureș SRL');

  // The number filter finds any part of the number: the number and year without the series
  // prefix, and the prefix in lower case; a number that does not exist finds nothing.
  const numberFilter = page.getByRole('searchbox', { name: 'Număr de înregistrare' });
  const numberAndYear = entry.split('/').slice(1).join('/');
  for (const part of [numberAndYear, entry.split('/')[0].toLowerCase()]) {
    await numberFilter.fill('ZZ/999999');
    await expect(page.getByText('Nicio cerere nu corespunde filtrelor.')).toBeVisible();
    await numberFilter.fill(part);
    await expect(link).toHaveText(entry);
  }
});
