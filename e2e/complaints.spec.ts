import { expect, test } from '@playwright/test';
import { type FiledComplaint, fileComplaint, runTag, typeInEditor } from './support/complaints';
import { chooseByLabel, dismissToasts, expectAxeClean, signIn } from './support/portal';

/**
 * Complaints (issue 15; spec §2 /complain*, /complain-type, /response-templates, §4): the super
 * administrator sets up a complaint type of the county council and a response template (a
 * duplicate name refused for each); a citizen files a complaint with a photo and follows it; the
 * demo clerk resolves it with the response template and the citizen reads the answer; another
 * complaint is dismissed ('Clasare'). axe on every screen and dialog.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const tag = runTag();
const typeName = `Iluminat public ${tag}`;
const templateTitle = `Lucrare efectuată ${tag}`;
let resolved: FiledComplaint;
let dismissed: FiledComplaint;

test('the super administrator adds a complaint type and a response template; duplicates are refused', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');

  await page.goto('/complain-type');
  await expect(page.getByRole('heading', { level: 1, name: 'Tipuri de sesizări' })).toBeVisible();
  await expect(page.getByTestId('complaint-types-list-total')).toBeVisible();
  await expectAxeClean(page);
  for (const attempt of ['first', 'duplicate'] as const) {
    await page.getByTestId('complaint-type-create').click();
    const dialog = page.getByRole('dialog', { name: 'Tip de sesizare nou' });
    await dialog.getByTestId('complaint-type-name').fill(attempt === 'first' ? typeName : typeName.toUpperCase());
    await chooseByLabel(page, /^Instituția/, 'Consiliul Județean Mureș');
    if (attempt === 'first') await expectAxeClean(page);
    await dialog.getByTestId('complaint-type-save').click();
    if (attempt === 'first') {
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('row', { name: new RegExp(typeName) })).toBeVisible();
    } else {
      await expect(dialog.getByText('Există deja un tip de sesizare cu această denumire.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Renunțați' }).click();
      await expect(dialog).toBeHidden();
    }
  }

  await page.goto('/response-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Șabloane de răspuns' })).toBeVisible();
  await expect(page.getByTestId('response-templates-list-total')).toBeVisible();
  await expectAxeClean(page);
  for (const attempt of ['first', 'duplicate'] as const) {
    await page.getByTestId('response-template-create').click();
    const dialog = page.getByRole('dialog', { name: 'Șablon de răspuns nou' });
    await dialog.getByTestId('response-template-title').fill(templateTitle);
    await typeInEditor(page, 'response-template-message', 'Sesizarea ');
    await dialog.getByTestId('placeholder-entry_code').click();
    await page.keyboard.type(' a fost rezolvată de ');
    await dialog.getByTestId('placeholder-organisation').click();
    await page.keyboard.type('.');
    await expect(dialog.getByTestId('response-template-message')).toContainText(
      'Sesizarea {{entry_code}} a fost rezolvată de {{organisation}}.',
    );
    if (attempt === 'first') await expectAxeClean(page);
    await dialog.getByTestId('response-template-save').click();
    if (attempt === 'first') {
      await expect(dialog).toBeHidden();
      const row = page.getByRole('row', { name: new RegExp(templateTitle) });
      await expect(row).toContainText('Sesizări');
      // Editing opens the saved message in the editor.
      await row.getByRole('button', { name: /^Acțiuni pentru/ }).click();
      await page.getByRole('menuitem', { name: 'Modificați' }).click();
      const edit = page.getByRole('dialog', { name: `Modificarea șablonului ${templateTitle}` });
      await expect(edit.getByTestId('response-template-message')).toContainText(
        'Sesizarea {{entry_code}} a fost rezolvată de {{organisation}}.',
      );
      await edit.getByRole('button', { name: 'Renunțați' }).click();
      await expect(edit).toBeHidden();
    } else {
      await expect(dialog.getByText('Există deja un șablon de răspuns cu această denumire.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Renunțați' }).click();
      await expect(dialog).toBeHidden();
    }
  }
});

test('a citizen files a complaint with a photo and follows it', async ({ page }) => {
  // On a phone: every screen of the citizen fits the width.
  await page.setViewportSize({ width: 375, height: 812 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await signIn(page, 'citizen@demo.ghiseu.ro');
  await page.goto('/complain/new');
  await expect(page.getByTestId('complaint-contact-name')).not.toHaveValue('');
  await expectAxeClean(page);
  expect(await fits()).toBeLessThanOrEqual(0);

  resolved = await fileComplaint(page, {
    type: typeName,
    address: 'Str. Trandafirilor nr. 3',
    description: 'Stâlpul de iluminat din fața blocului nu funcționează de o săptămână.',
    photo: true,
  });
  await expect(page.getByText(`Sesizarea a fost înregistrată cu numărul ${resolved.entryCode}.`)).toBeVisible();
  await expect(page.getByTestId('complaint-status')).toHaveText('Nouă');
  await expect(page.getByRole('table', { name: 'Fotografii și documente' })).toContainText('stalp.png');
  // The photo opens through a short-lived download address.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Descărcați stalp.png' }).click();
  const photo = await popup;
  await expect.poll(() => photo.url()).toMatch(/\/api\/files\/\d+\?token=/);
  const served = await page.request.get(photo.url());
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/png');
  await photo.close();
  await expect(page.getByTestId('complaint-history-list')).toContainText('Sesizare depusă');
  await expectAxeClean(page);
  expect(await fits()).toBeLessThanOrEqual(0);

  await page.goto('/complain');
  await expect(page.getByRole('heading', { level: 1, name: 'Sesizări' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(resolved.entryCode.replace(/[/]/g, '\\/')) });
  await expect(row).toContainText(typeName);
  await expect(row).toContainText('Nouă');
  await expectAxeClean(page);
  expect(await fits()).toBeLessThanOrEqual(0);
  await row.getByRole('link', { name: resolved.entryCode }).click();
  await expect(page).toHaveURL(new RegExp(`/complain/${resolved.id}$`));

  // A second complaint, to be dismissed.
  dismissed = await fileComplaint(page, {
    type: typeName,
    address: 'Str. Lungă nr. 10',
    description: 'Aceeași problemă, semnalată încă o dată din greșeală.',
  });
});

test('the clerk resolves the complaint with the response template and the citizen reads the answer', async ({
  page,
  browser,
}) => {
  await signIn(page, 'staff@demo.ghiseu.ro');
  await page.goto('/complain');
  await page.getByRole('searchbox', { name: /Căutați după număr/ }).fill(resolved.entryCode);
  const row = page.getByRole('row', { name: new RegExp(resolved.entryCode.replace(/[/]/g, '\\/')) });
  await expect(row).toBeVisible();
  await expectAxeClean(page);
  await row.getByRole('link', { name: resolved.entryCode }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sesizarea ${resolved.entryCode}` })).toBeVisible();
  await expect(page.getByTestId('complaint-prepare-control')).toHaveAttribute('href', `/control/new?complaint_id=${resolved.id}`);
  await expectAxeClean(page);

  // Assign it to the clerk.
  await page.getByTestId('complaint-assign').click();
  const assign = page.getByRole('dialog', { name: `Repartizarea sesizării ${resolved.entryCode}` });
  await chooseByLabel(page, /^Persoana care soluționează/, /Vasile/);
  await expectAxeClean(page);
  await assign.getByTestId('assign-save').click();
  await expect(assign).toBeHidden();
  await expect(page.getByTestId('complaint-status')).toHaveText('În lucru');
  await expect(page.getByTestId('complaint-solver')).toContainText('Vasile');

  // An internal note, never shown to the citizen.
  await page.getByTestId('complaint-comment-text').fill('Echipa de iluminat a fost anunțată.');
  await expect(page.getByTestId('complaint-comment-internal')).toBeChecked();
  await page.getByTestId('complaint-comment-add').click();
  await expect(page.getByTestId('complaint-comments-list')).toContainText('Echipa de iluminat a fost anunțată.');

  // Resolve with the template, filled with the complaint's values.
  await page.getByTestId('complaint-resolve').click();
  const dialog = page.getByRole('dialog', { name: `Soluționarea sesizării ${resolved.entryCode}` });
  await chooseByLabel(page, /^Șablon de răspuns/, templateTitle);
  await expect(dialog.getByTestId('response-editor')).toContainText(
    `Sesizarea ${resolved.entryCode} a fost rezolvată de Consiliul Județean Mureș.`,
  );
  await dismissToasts(page);
  await expectAxeClean(page);
  await dialog.getByTestId('response-editor').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Vă mulțumim!');
  await dialog.getByTestId('response-submit').click();
  await page.getByRole('dialog', { name: 'Soluționați sesizarea?' }).getByRole('button', { name: 'Da, soluționați' }).click();
  await expect(page.getByText(`Sesizarea ${resolved.entryCode} a fost soluționată.`)).toBeVisible();
  await expect(page.getByTestId('complaint-status')).toHaveText('Soluționată');
  await expect(page.getByTestId('complaint-resolve')).toHaveCount(0);
  await expect(page.getByTestId('complaint-response')).toContainText('Vă mulțumim!');

  // The citizen reads the answer, not the internal note.
  const citizenContext = await browser.newContext();
  const citizen = await citizenContext.newPage();
  await signIn(citizen, 'citizen@demo.ghiseu.ro');
  await citizen.goto(`/complain/${resolved.id}`);
  await expect(citizen.getByTestId('complaint-status')).toHaveText('Soluționată');
  await expect(citizen.getByTestId('complaint-response')).toContainText(
    `Sesizarea ${resolved.entryCode} a fost rezolvată de Consiliul Județean Mureș. Vă mulțumim!`,
  );
  await expect(citizen.getByText('Echipa de iluminat a fost anunțată.')).toHaveCount(0);
  await expectAxeClean(citizen);
  await citizenContext.close();
});

test('the clerk dismisses another complaint', async ({ page }) => {
  await signIn(page, 'staff@demo.ghiseu.ro');
  await page.goto(`/complain/${dismissed.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Sesizarea ${dismissed.entryCode}` })).toBeVisible();
  await page.getByTestId('complaint-dismiss').click();
  const dialog = page.getByRole('dialog', { name: `Clasarea sesizării ${dismissed.entryCode}` });
  await typeInEditor(page, 'response-editor', 'Sesizarea dublează o sesizare deja soluționată.');
  await dialog.getByTestId('response-submit').click();
  const confirm = page.getByRole('dialog', { name: 'Clasați sesizarea?' });
  await expectAxeClean(page);
  await confirm.getByRole('button', { name: 'Da, clasați' }).click();
  await expect(page.getByText(`Sesizarea ${dismissed.entryCode} a fost clasată.`)).toBeVisible();
  await expect(page.getByTestId('complaint-status')).toHaveText('Clasată');
  await expect(page.getByTestId('complaint-dismiss')).toHaveCount(0);
  await expect(page.getByTestId('complaint-history-list')).toContainText('Nouă → Clasată');
});
