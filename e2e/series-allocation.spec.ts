import { expect, test } from '@playwright/test';
import { chooseByLabel, expectAxeClean, signIn } from './support/portal';

/**
 * Reserved series (/document-series-allocation, spec §2, §3, §7): the demo clerk reserves a number
 * allocated outside the portal, edits its tax, exports the CSV and deletes the reservation after
 * the question. axe on the list and the modal.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

test('a clerk reserves, edits, exports and deletes a number', async ({ page }) => {
  await signIn(page, 'staff@demo.ghiseu.ro');
  await page.goto('/document-series-allocation');
  await expect(page.getByRole('heading', { level: 1, name: 'Alocare serii de documente' })).toBeVisible();
  // The demo's reservations, grouped under the clerk.
  await expect(page.getByRole('row', { name: /CU-H\/101\/2026/ })).toBeVisible();
  await expectAxeClean(page);

  const number = `E2E/${Date.now().toString(36)}/2026`;
  await page.getByTestId('allocation-create').click();
  const dialog = page.getByRole('dialog', { name: 'Rezervare număr' });
  await dialog.getByRole('radio', { name: 'Număr alocat în afara portalului' }).check();
  await dialog.getByTestId('allocation-number').fill(number);
  await chooseByLabel(page, /Tipul seriei/, 'Ieșiri');
  await dialog.getByTestId('allocation-location').fill('Str. Trandafirilor nr. 3, Târgu Mureș');
  await dialog.getByTestId('allocation-tax').fill('1234,5');
  await expectAxeClean(page);
  await dialog.getByTestId('allocation-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(/1\.234,50\sRON/);

  // Edit: the tax.
  await row.getByRole('button', { name: `Modificați numărul ${number}` }).click();
  const edit = page.getByRole('dialog', { name: `Modificare număr rezervat ${number}` });
  await edit.getByTestId('allocation-tax').fill('99');
  await edit.getByTestId('allocation-save').click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(/99,00\sRON/);

  // Search, then export what is found.
  await page.getByTestId('allocations-search').fill(number);
  await expect(page.getByRole('row', { name: /CU-H\/101\/2026/ })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByTestId('allocations-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('alocari-serii.csv');
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(csv.startsWith('\uFEFFCreat de;Data;Serie;Tip')).toBe(true);
  expect(csv).toContain(`${number};Ieșiri`);
  expect(csv).toContain(';99,00;');

  // Delete after the question.
  await row.getByRole('button', { name: `Ștergeți numărul ${number}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ștergeți' }).click();
  await expect(page.getByText(`Numărul ${number} a fost șters.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectAxeClean(page);
});
