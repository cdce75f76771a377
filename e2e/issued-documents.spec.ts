import { expect, test } from '@playwright/test';
import { expectAxeClean, signIn } from './support/portal';

/**
 * Issued documents (/issued-documents, spec §2 "my issuances for citizens, general register for
 * staff"): the demo issues nothing, and no journey issues anything to company@ or for the county
 * council (documents-signing.spec.ts issues to citizen@ in organisations of its own), so both
 * screens show their empty state; axe on both. The list with an issued document is part of
 * documents-signing.spec.ts.
 */
test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 15_000 });

test('an applicant sees the empty list of their issued documents', async ({ page }) => {
  await signIn(page, 'company@demo.ghiseu.ro');
  await page.goto('/issued-documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentele mele emise' })).toBeVisible();
  await expect(page.getByText(/Nu aveți încă documente emise/)).toBeVisible();
  await expectAxeClean(page);
});

test('staff see the empty general register of their organisation', async ({ page }) => {
  await signIn(page, 'staff@demo.ghiseu.ro');
  await page.goto('/issued-documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrul general de documente emise' })).toBeVisible();
  await expect(page.getByText('Instituția nu a emis încă documente prin portal.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Număr document conține' }).fill('CU');
  await expect(page.getByText('Niciun document emis nu corespunde filtrelor.')).toBeVisible();
  await expectAxeClean(page);
});
