import { buildPermissionSet, PERMISSION_KEYS } from '@ghiseu/domain';
import { expect, test } from '@playwright/test';
import { visibleMenuIds } from '../apps/web/src/app/layout/menu';
import {
  apiSignIn,
  bearer,
  chooseOption,
  completeStaffProfile,
  NEW_STAFF_PASSWORD,
  rowAction,
  smsCodeFromOutbox,
} from './support/administration';
import { currentUser, emailedLink, expectAxeClean, menuEntryIds, signIn, uniqueEmail } from './support/portal';

/**
 * Staff accounts journey (spec §3–§6): the organisation admin invites a staff member, who sets
 * the password from the e-mailed link and signs in with the staff menu; a responsibility given
 * through a function then changes what the staff member can do; UATs, deactivation and deletion.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = Date.now().toString(36);
/** Profile names take letters only: the run's id spelled with letters keeps them unique. */
const runLetters = run.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]);
const staff = {
  email: uniqueEmail('functionar'),
  firstName: 'Ilinca',
  lastName: `Șerban-${runLetters[0].toUpperCase()}${runLetters.slice(1)}`,
  phone: `074${String(Date.now()).slice(-7)}`,
};
const responsibilityName = `Consultare instituții ${run}`;
const functionName = `Inspector urbanism ${run}`;

test('the admin invites a staff member from /accounts', async ({ page }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Conturi funcționari' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lista conturilor funcționarilor' })).toContainText('staff@demo.ghiseu.ro');
  await expectAxeClean(page);

  await page.getByTestId('staff-invite').click();
  const dialog = page.getByRole('dialog', { name: 'Invitare funcționar' });
  await expect(dialog).toBeVisible();
  // Client-side validation before anything is sent.
  await page.getByTestId('staff-account-submit').click();
  await expect(dialog.getByText('Acest câmp este obligatoriu').first()).toBeVisible();
  await page.getByTestId('staff-email').fill(staff.email);
  await page.getByTestId('staff-last-name').fill(staff.lastName);
  await page.getByTestId('staff-first-name').fill(staff.firstName);
  await page.getByTestId('staff-phone').fill(staff.phone);
  await page.getByTestId('staff-badge-number').fill(`CJMS-${run}`);
  await expectAxeClean(page);
  await page.getByTestId('staff-account-submit').click();
  await expect(page.getByText(`Invitația a fost trimisă la ${staff.email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page
    .getByRole('table', { name: 'Lista conturilor funcționarilor' })
    .getByRole('row')
    .filter({ hasText: staff.email });
  await expect(row).toContainText('În așteptare');
  await expect(row).toContainText('Funcționar');

  // The same address again: USER_ALREADY_EXISTS on the e-mail field.
  await page.getByTestId('staff-invite').click();
  await page.getByTestId('staff-email').fill(staff.email);
  await page.getByTestId('staff-last-name').fill('Dublură');
  await page.getByTestId('staff-first-name').fill('Test');
  await page.getByTestId('staff-account-submit').click();
  await expect(page.getByRole('dialog').getByText('Există deja un utilizator cu această adresă de e-mail.')).toBeVisible();
});

test('the staff member sets the password from the e-mail and signs in with the staff menu', async ({ page, request }) => {
  const link = await emailedLink(request, staff.email, '/auth/set-password');
  expect(link).toContain('confirmationKey=');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Setare parolă' })).toBeVisible();
  await page.getByTestId('new-password').fill(NEW_STAFF_PASSWORD);
  await page.getByTestId('confirm-password').fill(NEW_STAFF_PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/auth\/signin/);

  // First sign-in: the phone given in the invitation still needs its SMS code (spec §4).
  await page.getByTestId('login-email').fill(staff.email);
  await page.getByTestId('login-password').fill(NEW_STAFF_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/auth\/verify-sms/);
  const sentAt = Date.now();
  const phoneField = page.getByTestId('sms-phone');
  await expect(phoneField.or(page.getByTestId('sms-code'))).toBeVisible();
  if (await phoneField.isVisible()) {
    await phoneField.fill(staff.phone);
    await page.getByTestId('sms-send').click();
  }
  const code = await smsCodeFromOutbox(request, staff.phone, sentAt);
  await page.getByTestId('sms-code').fill(code);
  await page.getByTestId('sms-validate').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-greeting')).toContainText(staff.firstName);

  const me = await currentUser(page);
  expect(me.user_type_name).toBe('staff');
  expect(me.organisation_id).not.toBeNull();
  const known = Object.keys(me.permissions).filter((key) => (PERMISSION_KEYS as string[]).includes(key));
  const expected = visibleMenuIds('default', {
    permissions: buildPermissionSet('staff', known),
    user_type_name: 'staff',
    is_organisation_admin: false,
    organisation_id: me.organisation_id,
  });
  await expect.poll(() => menuEntryIds(page)).toEqual(expected);
  // A plain staff member administers nothing.
  expect(expected).not.toContain('institutions');
  expect(expected).not.toContain('myOrganisation');
});

test('a responsibility given through a function changes what the staff member can do', async ({ page, browser, request }) => {
  // Set-up for the staff member: a complete profile, so pages beyond /home open (spec §2 profile gate).
  const staffToken = await apiSignIn(request, staff.email, NEW_STAFF_PASSWORD);
  await completeStaffProfile(request, staffToken, { first_name: staff.firstName, last_name: staff.lastName });
  expect((await request.get('/api/staff-accounts', { headers: bearer(staffToken) })).status()).toBe(403);

  await signIn(page, 'admin@demo.ghiseu.ro');

  // 1. A responsibility with two permissions, through the picker.
  await page.goto('/responsibilities');
  await expectAxeClean(page);
  await page.getByTestId('responsibility-create').click();
  const editor = page.getByRole('dialog', { name: 'Responsabilitate nouă' });
  await expect(editor.getByTestId('permission-group-organisation')).toBeVisible();
  await expectAxeClean(page);
  await page.getByTestId('responsibility-name').fill(responsibilityName);
  // Spec §5: adding needs selected permissions; Save stays disabled and says why.
  await expect(page.getByTestId('responsibility-submit')).toBeDisabled();
  await expect(page.getByTestId('responsibility-save-explanation')).toHaveText('Selectați cel puțin o permisiune.');
  await page.getByTestId('permission-picker-search').fill('instituții');
  await page.getByTestId('permission-organisationsRead').check();
  await page.getByTestId('permission-picker-search').fill('');
  await page.getByTestId('permission-accountsRead').check();
  await expect(page.getByTestId('permission-picker-count')).toHaveText('2 permisiuni selectate');
  await page.getByTestId('responsibility-submit').click();
  await expect(page.getByText(`Responsabilitatea „${responsibilityName}” a fost adăugată.`)).toBeVisible();

  // 2. A function holding it (institution card, tab 'Funcții').
  const me = await currentUser(page);
  await page.goto(`/institution?id=${me.organisation_id}&tab=functions`);
  await expect(page.getByRole('tab', { name: 'Funcții', selected: true })).toBeVisible();
  await page.getByTestId('function-create').click();
  await page.getByTestId('function-name').fill(functionName);
  await chooseOption(page, 'function-responsibilities', responsibilityName, run);
  await page.getByTestId('function-submit').click();
  await expect(page.getByText(`Funcția „${functionName}” a fost adăugată.`)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Lista funcțiilor' }).getByRole('row').filter({ hasText: functionName }),
  ).toContainText(responsibilityName);

  // 3. The function given to the staff member.
  await page.goto('/accounts');
  await rowAction(page, 'Lista conturilor funcționarilor', staff.email, 'Modificați');
  await chooseOption(page, 'staff-functions', functionName, run);
  await page.getByTestId('staff-account-submit').click();
  await expect(page.getByText('Contul a fost salvat.')).toBeVisible();

  // The staff member now sees the organisations and may read the staff accounts.
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, staff.email, NEW_STAFF_PASSWORD);
  expect(await menuEntryIds(staffPage)).toContain('institutions');
  await staffPage.goto('/institutions');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Instituții' })).toBeVisible();
  await expect(staffPage.getByTestId('organisation-create')).toHaveCount(0);
  const token = await staffPage.evaluate(() => window.localStorage.getItem('token'));
  expect((await request.get('/api/staff-accounts', { headers: bearer(token ?? '') })).status()).toBe(200);

  // 4. Editing: the same permission set is refused until something changes (spec §5).
  await page.goto('/responsibilities');
  await rowAction(page, 'Lista responsabilităților', responsibilityName, 'Modificați');
  const edit = page.getByRole('dialog', { name: `Modificare responsabilitate: ${responsibilityName}` });
  await expect(edit).toBeVisible();
  await expect(page.getByTestId('responsibility-submit')).toBeDisabled();
  await expect(page.getByTestId('responsibility-save-explanation')).toContainText(
    'Permisiunile selectate sunt identice cu cele actuale',
  );
  await page.getByTestId('permission-organisationsRead').uncheck();
  await page.getByTestId('permission-organisationsRead').check();
  await expect(page.getByTestId('responsibility-submit')).toBeDisabled();
  await page.getByTestId('permission-organisationsRead').uncheck();
  await expect(page.getByTestId('responsibility-submit')).toBeEnabled();
  await page.getByTestId('responsibility-submit').click();
  await expect(page.getByText(`Responsabilitatea „${responsibilityName}” a fost salvată.`)).toBeVisible();

  // The change applies at once: no more organisations for the staff member.
  await staffPage.reload();
  await expect(staffPage.getByTestId('aside-menu')).toBeVisible();
  expect(await menuEntryIds(staffPage)).not.toContain('institutions');
  await staffPage.goto('/institutions');
  await expect(staffPage).toHaveURL(/\/home$/);

  // A responsibility held by a function offers no deletion (its abilities say so).
  const responsibilityRow = page
    .getByRole('table', { name: 'Lista responsabilităților' })
    .getByRole('row')
    .filter({ hasText: responsibilityName });
  await responsibilityRow.getByRole('button', { name: /^Acțiuni pentru/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Modificați' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Ștergeți' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await staffPage.context().close();
});

test('UATs, deactivation and deletion of a staff account', async ({ page, request }) => {
  // A known start: the demo staff member holds no UAT (an earlier run may have stopped midway).
  const adminToken = await apiSignIn(request, 'admin@demo.ghiseu.ro');
  const found = await request.get('/api/staff-accounts', {
    headers: bearer(adminToken),
    params: { orLikeQuery: 'staff@demo.ghiseu.ro' },
  });
  const demoStaff = ((await found.json()) as { data: { id: number; email: string }[] }).data.find(
    (a) => a.email === 'staff@demo.ghiseu.ro',
  );
  expect(demoStaff).toBeDefined();
  await request.put(`/api/staff-accounts/${demoStaff?.id}/uats`, { headers: bearer(adminToken), data: { uat_ids: [] } });

  await signIn(page, 'admin@demo.ghiseu.ro');
  await page.goto('/accounts');
  const table = 'Lista conturilor funcționarilor';

  // A UAT for the demo staff member, then the same UAT for the new one: refused, naming the UAT.
  await rowAction(page, table, 'staff@demo.ghiseu.ro', 'UAT-uri alocate');
  await expect(page.getByTestId('uat-editor')).toBeVisible();
  await expectAxeClean(page);
  await chooseOption(page, 'staff-uats', /^Reghin/, 'Reghin');
  // The choice is in the field before saving (a list refetched mid-click could drop it).
  await expect(page.getByTestId('uat-editor')).toContainText('Reghin');
  await page.getByTestId('uat-save').click();
  await expect(page.getByText('UAT-urile lui Vasile Pop au fost salvate.')).toBeVisible();

  await rowAction(page, table, staff.email, 'UAT-uri alocate');
  await chooseOption(page, 'staff-uats', /^Reghin.*alocat lui/, 'Reghin');
  await expect(page.getByTestId('uat-editor')).toContainText('Reghin');
  await page.getByTestId('uat-save').click();
  await expect(page.getByTestId('uat-error')).toContainText('UAT-ul Reghin este deja alocat altui funcționar.');
  await page.getByRole('button', { name: 'Renunțați' }).click();

  // Clean-up: the demo staff member gives the UAT back.
  await rowAction(page, table, 'staff@demo.ghiseu.ro', 'UAT-uri alocate');
  await page.locator('#staff-uats').press('Backspace');
  if (await page.getByRole('listbox').isVisible()) await page.locator('#staff-uats').press('Escape');
  await expect(page.getByTestId('uat-editor')).not.toContainText('Reghin');
  await expect(page.getByRole('dialog', { name: 'UAT-uri alocate: Vasile Pop' })).toBeVisible();
  await page.getByTestId('uat-save').click();
  // The toast of the first save may still be on screen (toasts last 5 s): check the newest.
  await expect(page.getByText('UAT-urile lui Vasile Pop au fost salvate.').last()).toBeVisible();

  // Deactivation asks first, then the account shows as inactive and cannot get a reset link.
  await rowAction(page, table, staff.email, 'Dezactivați');
  const question = page.getByRole('dialog', { name: 'Dezactivare cont' });
  await expect(question).toContainText('Sesiunile deschise se închid imediat');
  await expectAxeClean(page);
  await question.getByRole('button', { name: 'Dezactivați' }).click();
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: staff.email });
  await expect(row).toContainText('Inactiv');
  await row.getByRole('button', { name: /^Acțiuni pentru/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Resetați parola' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Activați' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The account has a history (sign-ins, uploads…): deletion is refused with the reason.
  await rowAction(page, table, staff.email, 'Ștergeți');
  await page.getByRole('dialog', { name: 'Ștergere cont' }).getByRole('button', { name: 'Ștergeți' }).click();
  await expect(page.getByText(/Contul nu poate fi șters deoarece în portal există înregistrări legate de el/)).toBeVisible();

  await rowAction(page, table, staff.email, 'Activați');
  await page.getByRole('dialog', { name: 'Activare cont' }).getByRole('button', { name: 'Activați' }).click();
  await expect(row).toContainText('Activ');
});
