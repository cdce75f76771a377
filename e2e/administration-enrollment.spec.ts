import { expect, test } from '@playwright/test';
import { expectAxeClean, signIn } from './support/portal';
import { PNG_1x1 } from './support/files';

/**
 * Staff enrollment for signing (spec §4 "staff need video enrollment before signing"): a staff
 * member sends the identity data and the ID document from /staff-enrollment, follows the status
 * on /staff-enrollment/redirect/:id, and an administrator rejects (with a reason) or approves.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let requestPath = '';

async function sendRequest(page: import('@playwright/test').Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-enrollment').click();
  await expect(page).toHaveURL(/\/staff-enrollment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Înrolare pentru semnare' })).toBeVisible();
  // Prefilled from the profile.
  await expect(page.getByTestId('enrollment-cnp')).toHaveValue('1930909260063');
  await page.getByTestId('enrollment-submit').click();
  await expect(page.getByText('Vă rugăm să completați toate câmpurile obligatorii.')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'buletin.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(page.getByRole('list', { name: 'Fișiere: Imaginea actului de identitate' })).toContainText('buletin.png');
  await expectAxeClean(page);
  await page.getByTestId('enrollment-submit').click();
  await expect(page).toHaveURL(/\/staff-enrollment\/redirect\/\d+$/);
  requestPath = new URL(page.url()).pathname;
}

test('a staff member sends an enrollment request and sees it pending', async ({ page }) => {
  await signIn(page, 'staff@demo.ghiseu.ro');
  await sendRequest(page);
  const status = page.getByTestId('enrollment-redirect-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status).toContainText('Înrolare în curs de verificare');
  await expect(page.getByTestId('enrollment-status')).toHaveText('În așteptare');
  await expectAxeClean(page);
});

test('the admin rejects it with a reason; the staff member sees why', async ({ page, browser }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  await page.goto('/accounts?view=enrollments');
  await expect(page.getByRole('tab', { name: 'Cereri de înrolare', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Lista cererilor de înrolare' });
  const row = table.getByRole('row').filter({ hasText: 'staff@demo.ghiseu.ro' });
  await expect(row).toHaveCount(1);
  await expectAxeClean(page);

  await row.getByRole('button', { name: /^Acțiuni pentru/ }).click();
  await page.getByRole('menuitem', { name: 'Vedeți datele' }).click();
  const details = page.getByTestId('enrollment-details');
  await expect(details).toContainText('1930909260063');
  await expect(details).toContainText('SPCLEP Târgu Mureș');
  await expectAxeClean(page);
  await details.getByRole('button', { name: 'Respingeți' }).click();
  const reject = page.getByRole('dialog', { name: 'Respingere înrolare' });
  await page.getByTestId('enrollment-reject-submit').click();
  await expect(reject.getByText('Acest câmp este obligatoriu')).toBeVisible();
  await page.getByTestId('enrollment-reject-reason').fill('Imaginea actului nu se citește.');
  await page.getByTestId('enrollment-reject-submit').click();
  await expect(page.getByText('Cererea lui Vasile Pop a fost respinsă.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'staff@demo.ghiseu.ro' })).toHaveCount(0);

  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, 'staff@demo.ghiseu.ro');
  await staffPage.goto(requestPath);
  const status = staffPage.getByTestId('enrollment-redirect-status');
  await expect(status).toHaveAttribute('data-status', 'rejected');
  await expect(status).toContainText('Imaginea actului nu se citește.');
  await expectAxeClean(staffPage);
  await staffPage.context().close();
});

test('a new request is approved and the staff member sees it approved', async ({ page, browser }) => {
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, 'staff@demo.ghiseu.ro');
  await sendRequest(staffPage);

  await signIn(page, 'admin@demo.ghiseu.ro');
  await page.goto('/accounts?view=enrollments');
  const row = page
    .getByRole('table', { name: 'Lista cererilor de înrolare' })
    .getByRole('row')
    .filter({ hasText: 'staff@demo.ghiseu.ro' });
  await row.getByRole('button', { name: /^Acțiuni pentru/ }).click();
  await page.getByRole('menuitem', { name: 'Aprobați' }).click();
  await page.getByRole('dialog', { name: 'Aprobare înrolare' }).getByRole('button', { name: 'Aprobați' }).click();
  await expect(page.getByText('Înrolarea lui Vasile Pop a fost aprobată.')).toBeVisible();

  await staffPage.reload();
  await expect(staffPage.getByTestId('enrollment-redirect-status')).toHaveAttribute('data-status', 'approved');
  await expect(staffPage.getByTestId('enrollment-redirect-status')).toContainText('Înrolare finalizată');
  await staffPage.getByTestId('enrollment-redirect-action').click();
  await expect(staffPage).toHaveURL(/\/home$/);
  await staffPage.context().close();
});
