import { expect, test } from '@playwright/test';
import { signIn } from './support/portal';

/**
 * Lists of counties in Romanian alphabetical order (issue 10, item 10): ă after a, ș after s,
 * ț after t, as a Romanian reader looks for them (the bytewise order put Călărași after Covasna).
 */
test('the county list of the profile is in Romanian alphabetical order', async ({ page }) => {
  await signIn(page, 'citizen@demo.ghiseu.ro');
  await page.goto('/profile');
  await page
    .getByRole('combobox', { name: /^Județ/ })
    .first()
    .click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = (await options.allTextContents()).map((name) => name.trim());
  expect(names.filter((name) => name.startsWith('C'))).toEqual(['Caraș-Severin', 'Călărași', 'Cluj', 'Constanța', 'Covasna']);
  expect(names).toEqual([...names].sort(new Intl.Collator('ro').compare));
});
