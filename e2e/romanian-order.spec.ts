import { expect, test } from '@playwright/test';
import { signIn } from './support/portal';

/**
 * Lists of counties in Romanian alphabetical order (issue 10, item 10): ă after a, ș after s,
 * ț after t, as a Romanian reader looks for them (the bytewise order put Călărași after Covasna).
 */
test('the county list of the profile is in Romanian alphabetical order', async ({ page }) => {
  await signIn(page, 'citizen@demo.ghiseu.ro');
  await page.goto('/profile');
  // The county picker of the address: its options as the server sorts them, for the names in C.
  await page.getByTestId('profile-county-id').getByRole('button').first().click();
  await page.getByRole('textbox', { name: /^Căutați în/ }).fill('c');
  // The eleven counties whose name holds a "c", in the order the server sent them.
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(11);
  const names = (await options.allTextContents()).map((name) => name.trim());
  expect(names.filter((name) => name.startsWith('C'))).toEqual(['Caraș-Severin', 'Călărași', 'Cluj', 'Constanța', 'Covasna']);
  expect(names.slice(-2)).toEqual(['Vâlcea', 'Vrancea']);
  expect(names).toEqual([...names].sort(new Intl.Collator('ro').compare));
});
