import { expect, type Page, test } from '@playwright/test';
import { chooseOption } from './support/administration';
import { expectAxeClean, signIn } from './support/portal';
import { pdf } from './support/files';

/**
 * Configuration reaches the citizen (issue "Applications, citizen side", done-when): the super
 * administrator builds a small form (a heading, a required text, a required attachment),
 * publishes it, attaches it to a new application type numbered by the county council's incoming
 * series, and a citizen files an application of that type with the form as built, getting an
 * entry number of that series.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const FORM = `Formular jurnal ${run}`;
const TYPE = `Cerere jurnal ${run}`;

async function addField(page: Page, type: string, label: string) {
  await page.getByTestId(`palette-${type}`).click();
  await page.getByTestId('field-label').fill(label);
  await expect(page.getByRole('button', { name: `Selectați câmpul ${label}` })).toBeVisible();
}

const next = (page: Page) => page.getByRole('button', { name: 'Continuați' }).click();

test('a form built and published by the super admin is filed by a citizen under a new type', async ({ browser }) => {
  // The super administrator: the form.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'superadmin@demo.ghiseu.ro');
  await admin.goto('/form/new');
  await admin.getByRole('textbox', { name: 'Denumire' }).fill(FORM);
  await admin.getByTestId('form-new-submit').click();
  await expect(admin).toHaveURL(/\/form\/\d+$/);
  await addField(admin, 'section_title', 'Despre solicitare');
  await addField(admin, 'text', 'Obiectul solicitării');
  await admin.getByRole('checkbox', { name: 'Câmp obligatoriu' }).check();
  await addField(admin, 'attachments', 'Memoriu tehnic');
  await admin.getByRole('checkbox', { name: 'Câmp obligatoriu' }).check();
  await admin.getByRole('textbox', { name: 'Tipul documentului' }).fill('Memoriu tehnic');
  await expect(admin.getByTestId('form-issues')).toHaveCount(0);
  await admin.getByTestId('form-save').click();
  await expect(admin.getByText('Ciorna a fost salvată.')).toBeVisible();
  await admin.getByTestId('form-publish').click();
  await admin.getByRole('dialog', { name: 'Publicare formular' }).getByRole('button', { name: 'Publicați' }).click();
  await expect(admin.getByTestId('form-published-version')).toHaveText('Versiunea publicată: 1');

  // The application type, with that form and the incoming series.
  await admin.goto('/application-type');
  await admin.getByTestId('at-create').click();
  const dialog = admin.getByRole('dialog', { name: 'Tip de cerere nou' });
  await admin.getByTestId('at-name').fill(TYPE);
  await chooseOption(admin, 'at-organisation', 'Consiliul Județean Mureș', 'Consiliul Județean Mureș');
  await chooseOption(admin, 'at-citizen-form', `${FORM} (v1)`, run);
  await chooseOption(admin, 'at-series-incoming', /^Intrări$/);
  await admin.getByTestId('at-period').fill('15');
  await expectAxeClean(admin);
  await admin.getByTestId('at-submit').click();
  await expect(admin.getByText(`Tipul de cerere „${TYPE}” a fost creat.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await admin.context().close();

  // The citizen files it.
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'citizen@demo.ghiseu.ro');
  await page.goto('/application/new');
  await page.getByRole('button', { name: `Alegeți: ${TYPE}` }).click();
  await expect(page).toHaveURL(/\/application\/new\/\d+$/);
  const id = Number(page.url().split('/').pop());

  // The form as built: the heading, the required text.
  const form = page.getByTestId('form-renderer');
  await expect(form.getByRole('heading', { name: 'Despre solicitare' })).toBeVisible();
  await next(page);
  await expect(page.getByTestId('form-errors')).toContainText('Vă rugăm să completați toate câmpurile obligatorii.');
  await form.getByRole('textbox', { name: /Obiectul solicitării/ }).fill('Informații despre zona de locuințe');
  await expectAxeClean(page);
  await next(page);

  // No beneficiaries or real estates asked by this form: straight on to the documents.
  await next(page);
  await next(page);
  const memo = page.getByTestId('attachments-memoriu_tehnic');
  await expect(memo).toBeVisible();
  await memo.locator('input[type="file"]').setInputFiles({ name: 'memoriu.pdf', mimeType: 'application/pdf', buffer: pdf('m') });
  // Stored and attached (a row with its name shows while the transfer still runs).
  await expect(memo.getByRole('button', { name: 'Ștergeți fișierul memoriu.pdf' })).toBeVisible();
  await expectAxeClean(page);
  await next(page);
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Depuneți cererea' }).click();

  // The entry number comes from the county council's incoming series.
  await expect(page).toHaveURL(new RegExp(`/application-confirmation/${id}$`));
  await expect(page.getByTestId('entry-number')).toHaveText(/^CJMS\/\d+\/\d{4}$/);
  await expectAxeClean(page);
  await page.getByTestId('confirmation-open').click();
  await expect(page.getByText(TYPE).first()).toBeVisible();
});
