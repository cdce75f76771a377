import { expect, test } from '@playwright/test';
import { ANAF } from './playwright.config';
import { rowAction } from './support/administration';
import { expectAxeClean, signIn } from './support/portal';

/**
 * The beneficiaries register (/beneficiaries, spec §2, §3): a company added after checking its CUI
 * with the suite's stand-in for the tax authority, edited, then deleted after the question. axe
 * on the list and the modal.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

test('a clerk adds a company checked with ANAF, edits and deletes it', async ({ page }) => {
  await signIn(page, 'staff@demo.ghiseu.ro');
  await page.goto('/beneficiaries');
  await expect(page.getByRole('heading', { level: 1, name: 'Beneficiari' })).toBeVisible();
  await expectAxeClean(page);

  const name = `Construct Test ${Date.now().toString(36)}`;
  await page.getByTestId('beneficiary-create').click();
  const dialog = page.getByRole('dialog', { name: 'Beneficiar nou' });
  await dialog.getByRole('radio', { name: 'Persoană juridică' }).check();
  await dialog.getByRole('textbox', { name: /^Denumire/ }).fill(name);
  await dialog.getByRole('textbox', { name: /CUI \/ CIF/ }).fill(`RO${ANAF.validatedCui}`);
  await dialog.getByTestId('beneficiary-check-cui').click();
  await expect(dialog.getByTestId('anaf-result')).toHaveAttribute('data-status', 'validated');
  await expect(dialog.getByTestId('anaf-result')).toContainText('CUI valid');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('contact@construct.ro');
  await expectAxeClean(page);
  await dialog.getByTestId('beneficiary-submit').click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Registrul de beneficiari' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Validat ANAF');

  // Edit: the phone.
  await rowAction(page, 'Registrul de beneficiari', name, 'Modificați');
  const edit = page.getByRole('dialog', { name: 'Modificare beneficiar' });
  await edit.getByRole('textbox', { name: 'Telefon' }).fill('0745123456');
  await edit.getByTestId('beneficiary-submit').click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('0745123456');

  // Filter by CUI, then delete after the question.
  await page.getByRole('searchbox', { name: 'CUI conține' }).fill(String(ANAF.validatedCui));
  await expect(row).toBeVisible();
  await rowAction(page, 'Registrul de beneficiari', name, 'Ștergeți');
  await page.getByRole('dialog').getByRole('button', { name: 'Ștergeți' }).click();
  await expect(page.getByText(`Beneficiarul „${name}” a fost șters.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectAxeClean(page);
});
