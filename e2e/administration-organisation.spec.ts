import { expect, test } from '@playwright/test';
import { rowAction } from './support/administration';
import { currentUser, expectAxeClean, signIn } from './support/portal';
import { PNG_1x1 } from './support/files';

/**
 * The organisation card (/institution?id=…&tab=…) of an organisation admin (spec §2 'my
 * organisation', §3): details with the useful-links CSV, departments and functions.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = Date.now().toString(36);

test('details: the admin edits the card, the logo and the useful links (CSV errors name the line)', async ({ page }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  const me = await currentUser(page);
  // 'My organisation' in the menu leads to the card.
  await page.getByTestId('menu-myOrganisation').click();
  await expect(page).toHaveURL(new RegExp(`/institution\\?id=${me.organisation_id}&tab=institution-details`));
  await expect(page.getByRole('heading', { level: 1, name: 'Consiliul Județean Mureș' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Detalii instituție', selected: true })).toBeVisible();
  // An organisation admin may not change type, status, test flag or territory.
  await expect(page.getByTestId('jurisdiction-locked')).toBeVisible();
  await expect(page.getByTestId('organisation-type')).toBeDisabled();
  await expectAxeClean(page);

  // Validation: the site must start with https://.
  const site = page.getByTestId('organisation-external-link');
  await site.fill('http://www.cjmures.ro');
  await page.getByTestId('organisation-save').click();
  await expect(page.getByText('Adresa trebuie să fie un URL valid care începe cu https://')).toBeVisible();
  await site.fill('https://www.cjmures.ro/');

  // A logo: uploaded with a token of purpose 'logo', saved with the card.
  await page.locator('input[type="file"]').setInputFiles({ name: 'sigla.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(page.getByText('Sigla nouă va fi folosită după salvare.')).toBeVisible();
  await page.getByTestId('organisation-save').click();
  await expect(page.getByText('Datele instituției au fost salvate.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sigla instituției Consiliul Județean Mureș' })).toBeVisible();

  // Useful links: a wrong line is named and shown.
  const csv = page.getByTestId('useful-links-csv');
  await csv.fill(
    `name,link\nGhidul solicitantului,https://www.cjmures.ro\n"Legea 50/1991, republicată",http://legislatie.just.ro`,
  );
  await page.getByTestId('useful-links-save').click();
  const problem = page.getByTestId('useful-links-error');
  await expect(problem).toContainText(
    'Linia 3 a textului CSV nu este validă: linkul trebuie să fie o adresă validă care începe cu https://.',
  );
  await expect(problem).toContainText('"Legea 50/1991, republicată",http://legislatie.just.ro');
  await expectAxeClean(page);

  await csv.fill(
    `name,link\nGhidul solicitantului,https://www.cjmures.ro\n"Legea 50/1991, republicată",https://legislatie.just.ro/Public/DetaliiDocument/1527\nLinkuri ${run},https://www.cjmures.ro/linkuri`,
  );
  await page.getByTestId('useful-links-save').click();
  await expect(page.getByText('Linkurile utile au fost salvate.')).toBeVisible();
  const links = page.getByTestId('useful-links-list');
  await expect(links.getByRole('link', { name: 'Legea 50/1991, republicată' })).toHaveAttribute(
    'href',
    'https://legislatie.just.ro/Public/DetaliiDocument/1527',
  );
  await expect(links.getByRole('link', { name: `Linkuri ${run}` })).toBeVisible();
});

test('departments: add, duplicate name, edit and delete', async ({ page }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  const me = await currentUser(page);
  await page.goto(`/institution?id=${me.organisation_id}&tab=departments`);
  await expect(page.getByRole('tab', { name: 'Departamente', selected: true })).toBeVisible();
  await expect(page.getByTestId('departments-list')).toBeVisible();
  await expectAxeClean(page);

  const name = `Urbanism ${run}`;
  await page.getByTestId('department-create').click();
  await expect(page.getByRole('dialog', { name: 'Departament nou' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByTestId('department-name').fill(name);
  await page.getByTestId('department-submit').click();
  await expect(page.getByText(`Departamentul „${name}” a fost adăugat.`)).toBeVisible();

  // The same name again (any case): DUPLICATE_DEPARTMENT_NAME on the name field.
  await page.getByTestId('department-create').click();
  await page.getByTestId('department-name').fill(name.toUpperCase());
  await page.getByTestId('department-submit').click();
  await expect(page.getByRole('dialog').getByText('Există deja un departament cu această denumire.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Renunțați' }).click();

  const table = 'Lista departamentelor';
  await rowAction(page, table, name, 'Modificați');
  await page.getByTestId('department-name').fill(`${name} și amenajarea teritoriului`);
  await page.getByTestId('department-submit').click();
  await expect(page.getByText(`Departamentul „${name} și amenajarea teritoriului” a fost salvat.`)).toBeVisible();

  await rowAction(page, table, `${name} și amenajarea teritoriului`, 'Ștergeți');
  const question = page.getByRole('dialog', { name: 'Ștergere departament' });
  await expect(question).toContainText(`Sigur doriți să ștergeți departamentul „${name} și amenajarea teritoriului”?`);
  await question.getByRole('button', { name: 'Ștergeți' }).click();
  await expect(page.getByText(`Departamentul „${name} și amenajarea teritoriului” a fost șters.`)).toBeVisible();
  await expect(page.getByTestId('departments-list')).not.toContainText(name);
});

test('functions: system functions are locked; own functions are added and deleted', async ({ page }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  const me = await currentUser(page);
  await page.goto(`/institution?id=${me.organisation_id}&tab=functions`);
  const table = page.getByRole('table', { name: 'Lista funcțiilor' });
  const president = table.getByRole('row').filter({ hasText: 'Președinte' });
  await expect(president).toContainText('De sistem');
  // Locked: no actions menu on a system function's row.
  await expect(president.getByRole('button', { name: /^Acțiuni pentru/ })).toHaveCount(0);
  await expectAxeClean(page);

  const name = `Consilier juridic ${run}`;
  await page.getByTestId('function-create').click();
  await page.getByTestId('function-name').fill('Președinte');
  await page.getByTestId('function-submit').click();
  await expect(page.getByRole('dialog').getByText('Există deja o funcție cu această denumire.')).toBeVisible();
  await page.getByTestId('function-name').fill(name);
  await page.getByTestId('function-submit').click();
  await expect(page.getByText(`Funcția „${name}” a fost adăugată.`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('Fără responsabilități');

  await rowAction(page, 'Lista funcțiilor', name, 'Ștergeți');
  await page.getByRole('dialog', { name: 'Ștergere funcție' }).getByRole('button', { name: 'Ștergeți' }).click();
  await expect(page.getByText(`Funcția „${name}” a fost ștearsă.`)).toBeVisible();

  // Tab 'Conturi' leads to /accounts.
  await page.getByRole('tab', { name: 'Conturi', exact: true }).click();
  await expect(page).toHaveURL(/tab=accounts/);
  await expect(page.getByTestId('institution-accounts-total')).toContainText('conturi de funcționari');
  await expectAxeClean(page);
  await page.getByTestId('institution-accounts-link').click();
  await expect(page).toHaveURL(/\/accounts$/);
});

test("another organisation's card is not reachable", async ({ page }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  const me = await currentUser(page);
  await page.goto(`/institution?id=${(me.organisation_id ?? 0) + 1}&tab=institution-details`);
  await expect(page).toHaveURL(/\/home$/);
});
