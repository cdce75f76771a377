import { expect, test } from '@playwright/test';
import { chooseOption, rowAction } from './support/administration';
import { currentUser, expectAxeClean, signIn } from './support/portal';

/**
 * The super administrator's screens (spec §2 Payments and configuration, §4): organisations
 * (create, delete, CANNOT_DELETE_ORGANISATION), the delegated sign-in into another organisation
 * and back, the permission catalogue, shared responsibilities.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = Date.now().toString(36);
const ORGANISATIONS = 'Lista instituțiilor';

test('organisations: create a city hall, refuse deleting one with users, delete the new one', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.getByTestId('menu-institutions').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Instituții' })).toBeVisible();
  await expect(page.getByRole('table', { name: ORGANISATIONS })).toContainText('Consiliul Județean Mureș');
  await expectAxeClean(page);

  const name = `Primăria Comunei Ernei ${run}`;
  await page.getByTestId('organisation-create').click();
  const dialog = page.getByRole('dialog', { name: 'Instituție nouă' });
  await expect(dialog).toBeVisible();
  await page.getByTestId('organisation-new-name').fill(name);
  // A city hall needs its UAT.
  await page.getByTestId('organisation-create-submit').click();
  await expect(dialog.getByText('Acest câmp este obligatoriu').first()).toBeVisible();
  await chooseOption(page, 'organisation-new-county', /^Mureș$/, 'mures');
  await chooseOption(page, 'organisation-new-uat', /^Ernei/, 'Ernei');
  await expectAxeClean(page);
  await page.getByTestId('organisation-create-submit').click();
  await expect(page.getByText(`Instituția „${name}” a fost creată.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The county council has users: the server's abilities leave no delete action to offer.
  const council = page
    .getByRole('table', { name: ORGANISATIONS })
    .getByRole('row')
    .filter({ hasText: 'Consiliul Județean Mureș' });
  await council.getByRole('button', { name: /^Acțiuni pentru/ }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Șterge/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('searchbox', { name: 'Căutați după denumire' }).fill(run);
  await expect(page.getByRole('table', { name: ORGANISATIONS }).getByRole('row')).toHaveCount(2);
  await rowAction(page, ORGANISATIONS, name, 'Ștergeți');
  const question = page.getByRole('dialog', { name: 'Ștergere instituție' });
  await expect(question).toContainText(`Sigur doriți să ștergeți instituția „${name}”?`);
  await question.getByRole('button', { name: 'Ștergeți' }).click();
  await expect(page.getByText(`Instituția „${name}” a fost ștearsă.`)).toBeVisible();
});

test('the super admin works in a delegated organisation and returns', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  const home = await currentUser(page);
  expect(home.delegated_from_organisation_id).toBeNull();
  await page.goto('/institutions');
  await expect(
    page.getByRole('table', { name: ORGANISATIONS }).getByRole('row').filter({ hasText: 'Consiliul Județean Mureș' }),
  ).toContainText('Lucrați aici');

  await rowAction(page, ORGANISATIONS, 'Primăria Municipiului Sighișoara', 'Lucrați în această instituție');
  await expect(page.getByText('Lucrați acum în instituția „Primăria Municipiului Sighișoara”.')).toBeVisible();
  await expect(page).toHaveURL(/\/institution\?id=\d+&tab=institution-details/);
  await expect(page.getByRole('heading', { level: 1, name: 'Primăria Municipiului Sighișoara' })).toBeVisible();
  await expect(page.getByTestId('delegation-banner')).toContainText('Primăria Municipiului Sighișoara');
  await expect(page.getByTestId('delegation-mark')).toContainText('Sighișoara');
  // The super admin edits the jurisdiction fields too.
  await expect(page.getByTestId('organisation-type')).toBeEnabled();
  await expectAxeClean(page);

  // The new session works inside the delegated organisation.
  const delegated = await currentUser(page);
  expect(delegated.delegated_from_organisation_id).toBe(home.organisation_id);
  expect(delegated.organisation_id).not.toBe(home.organisation_id);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-delegated-organisation')).toContainText('Primăria Municipiului Sighișoara');
  await page.keyboard.press('Escape');

  // Its system functions are the delegated organisation's.
  await page.getByRole('tab', { name: 'Funcții' }).click();
  await expect(page.getByRole('table', { name: 'Lista funcțiilor' })).toContainText('Președinte');
  await page.goto('/accounts');
  await expect(page.getByTestId('delegation-banner')).toBeVisible();

  // The way back, from the user panel.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-delegation-return').click();
  await expect(page.getByText('Ați revenit la instituția proprie.')).toBeVisible();
  await expect(page).toHaveURL(/\/institutions$/);
  await expect(page.getByTestId('delegation-banner')).toHaveCount(0);
  await expect(page.getByTestId('delegation-mark')).toHaveCount(0);
  const back = await currentUser(page);
  expect(back.delegated_from_organisation_id).toBeNull();
  expect(back.organisation_id).toBe(home.organisation_id);
});

test('the permission catalogue: filter, edit a record, see it marked as changed', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/permissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Permisiuni' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('searchbox', { name: 'Căutare' }).fill('predefinedReports');
  const table = page.getByRole('table', { name: 'Catalogul permisiunilor' });
  await expect(table.getByRole('row')).toHaveCount(2);

  await rowAction(page, 'Catalogul permisiunilor', 'predefinedReports', 'Modificați');
  const dialog = page.getByRole('dialog', { name: 'Modificare permisiune' });
  await expect(dialog).toContainText('predefinedReports');
  await expectAxeClean(page);
  const newName = `Rapoarte predefinite (${run})`;
  await page.getByTestId('permission-name').fill(newName);
  await page.getByTestId('permission-submit').click();
  await expect(page.getByText(`Permisiunea „${newName}” a fost salvată.`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'predefinedReports' })).toContainText('Modificată');
  await expect(table).toContainText(newName);

  // Back to the catalogue's name.
  await rowAction(page, 'Catalogul permisiunilor', 'predefinedReports', 'Modificați');
  await page.getByTestId('permission-name').fill('Rapoarte predefinite');
  await page.getByTestId('permission-submit').click();
  await expect(page.getByText('Permisiunea „Rapoarte predefinite” a fost salvată.')).toBeVisible();
});

test('a responsibility shared by every organisation, from the super admin', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/responsibilities');
  await expectAxeClean(page);
  const name = `Comună ${run}`;
  await page.getByTestId('responsibility-create').click();
  await page.getByTestId('responsibility-name').fill(name);
  await chooseOption(page, 'responsibility-organisation', 'Comună tuturor instituțiilor');
  await page.getByTestId('permission-reportsView').check();
  await expectAxeClean(page);
  await page.getByTestId('responsibility-submit').click();
  await expect(page.getByText(`Responsabilitatea „${name}” a fost adăugată.`)).toBeVisible();
  const row = page.getByRole('table', { name: 'Lista responsabilităților' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Comună');

  // Not used by any function: it can be deleted.
  await rowAction(page, 'Lista responsabilităților', name, 'Ștergeți');
  await page.getByRole('dialog', { name: 'Ștergere responsabilitate' }).getByRole('button', { name: 'Ștergeți' }).click();
  await expect(page.getByText(`Responsabilitatea „${name}” a fost ștearsă.`)).toBeVisible();
});
