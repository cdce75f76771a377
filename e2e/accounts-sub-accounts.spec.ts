import { expect, type Page, test } from '@playwright/test';
import {
  OTHER_PASSWORD,
  PERSON,
  pickOption,
  STRONG_PASSWORD,
  submitSignIn,
  uniquePhone,
  verifyPhoneInUi,
} from './support/accounts';
import { axeViolations, currentUser, dismissToasts, emailedLink, uniqueEmail } from './support/portal';

/** Fills the person and company data a legal entity's profile needs, and saves it. */
async function completeCompanyProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByTestId('profile-missing')).toContainText('CUI/CIF');
  await page.getByTestId('profile-personal-numeric-code').fill(PERSON.cnp);
  await page.getByTestId('profile-id-card-series').fill(PERSON.idCardSeries);
  await page.getByTestId('profile-id-card-number').fill(PERSON.idCardNumber);
  await page.getByTestId('profile-id-card-issuer').fill(PERSON.idCardIssuer);
  await page.getByTestId('profile-id-card-issue-date').fill(PERSON.idCardIssueDate);
  await page.getByTestId('profile-id-card-expiry-date').fill(PERSON.idCardExpiryDate);
  await page.getByTestId('profile-id-card-expiry-date').press('Tab');
  await pickOption(page, 'profile-county-id', 'mures', /^Mureș$/);
  await pickOption(page, 'profile-locality-id', 'sighi', /^Sighișoara/);
  await page.getByTestId('profile-street').fill(PERSON.street);
  await page.getByTestId('profile-street-number').fill(PERSON.streetNumber);
  await page.getByTestId('profile-postal-code').fill('545400');
  await expect(page.getByTestId('profile-company-name')).toHaveValue('Birou Test Proiect SRL');
  await page.getByTestId('profile-company-registration-code').fill(`RO${PERSON.cui}`);
  await page.getByTestId('profile-trade-registry-number').fill(PERSON.tradeRegistry);
  await page.getByTestId('profile-architect-licence').fill('TNA 1234');
  await page.getByTestId('profile-iban').fill('RO49 AAAA 1B31 0075 9384 0000');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Profilul a fost salvat și este complet.')).toBeVisible();
  await expect(page.getByTestId('profile-iban')).toHaveValue('RO49AAAA1B31007593840000');
}

test.describe('professional account and sub-accounts', () => {
  test('a design office registers, invites a sub-account, and the sub-account sets its password and signs in', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const adminEmail = uniqueEmail('birou');
    const adminPhone = uniquePhone();
    const memberEmail = uniqueEmail('colaborator');
    const memberPhone = uniquePhone();

    // Registration of the professional account.
    await page.goto('/auth/signup');
    await page.getByTestId('signup-professional').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Creare cont profesional' })).toBeVisible();
    await expect(page.getByText('Denumirea biroului de proiectare')).toBeVisible();
    await page.getByTestId('signup-company').fill('Birou Test Proiect SRL');
    await page.getByTestId('signup-last-name').fill('Moldovan');
    await page.getByTestId('signup-first-name').fill('Andrei');
    await page.getByTestId('signup-email').fill(adminEmail);
    await page.getByTestId('signup-phone').fill(adminPhone);
    await page.getByTestId('new-password').fill(STRONG_PASSWORD);
    await page.getByTestId('confirm-password').fill(STRONG_PASSWORD);
    await page.getByTestId('signup-terms').check();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('check-email')).toContainText(adminEmail);
    await page.goto(await emailedLink(page.request, adminEmail, '/auth/confirm-email'));
    await verifyPhoneInUi(page, adminPhone);
    expect(await currentUser(page)).toMatchObject({ account_type: 'professional', user_type_name: 'legal_entity' });

    // A complete profile opens the portal; the profile links to the sub-accounts.
    await completeCompanyProfile(page);
    await expect(page.getByTestId('account-card')).toContainText('Administrator');
    await page.getByTestId('profile-sub-accounts-link').click();
    await expect(page).toHaveURL(/\/sub-accounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subconturi' })).toBeVisible();
    await expect(page.getByText('Nu ați invitat încă niciun subcont')).toBeVisible();
    await dismissToasts(page);
    expect(await axeViolations(page)).toEqual([]);

    // Invitation, with the contract's validation first.
    await page.getByTestId('invite-open').click();
    const modal = page.getByRole('dialog', { name: 'Invitarea unui subcont' });
    await modal.getByTestId('invite-submit').click();
    await expect(modal.getByTestId('invite-email')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await modal.getByTestId('invite-email').fill(memberEmail);
    await modal.getByTestId('invite-last-name').fill('Pop');
    await modal.getByTestId('invite-first-name').fill('Elena');
    await modal.getByTestId('invite-role-editor').check();
    await modal.getByTestId('invite-submit').click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(`Invitația a fost trimisă la ${memberEmail}.`)).toBeVisible();
    const table = page.getByRole('table', { name: 'Lista subconturilor' });
    const row = table.getByRole('row', { name: /Pop Elena/ });
    await expect(row).toContainText(memberEmail);
    await expect(row).toContainText('Editor');
    await expect(row).toContainText('Invitație trimisă');
    await expect(page.getByTestId('sub-accounts-total')).toHaveText('Total 1 subcont');
    await dismissToasts(page);
    expect(await axeViolations(page)).toEqual([]);

    // The same address cannot be invited twice.
    await page.getByTestId('invite-open').click();
    await modal.getByTestId('invite-email').fill(memberEmail);
    await modal.getByTestId('invite-last-name').fill('Pop');
    await modal.getByTestId('invite-first-name').fill('Elena');
    await modal.getByTestId('invite-submit').click();
    await expect(modal.getByText('Există deja un utilizator cu această adresă de e-mail.')).toBeVisible();
    await modal.getByRole('button', { name: 'Renunțați' }).click();

    // The sub-account sets its password from the invitation e-mail, in its own browser.
    const invitation = await emailedLink(page.request, memberEmail, '/auth/set-password');
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await member.goto(invitation);
    await expect(member.getByRole('heading', { level: 1, name: 'Setare parolă' })).toBeVisible();
    expect(await axeViolations(member)).toEqual([]);
    await member.getByTestId('new-password').fill(STRONG_PASSWORD);
    await member.getByTestId('confirm-password').fill(STRONG_PASSWORD);
    await member.getByTestId('reset-submit').click();
    await expect(member).toHaveURL(/\/auth\/signin$/);
    await expect(member.getByTestId('signin-notice')).toContainText('contul este activ');
    // The invitation link works once.
    await member.goto(invitation);
    await member.getByTestId('new-password').fill(OTHER_PASSWORD);
    await member.getByTestId('confirm-password').fill(OTHER_PASSWORD);
    await member.getByTestId('reset-submit').click();
    await expect(member).toHaveURL(/\/auth\/invalid-link$/);
    await expect(member.getByText('Cereți administratorului contului să vă retrimită invitația.')).toBeVisible();

    // It signs in: its phone is confirmed by SMS first, then it reaches home.
    await submitSignIn(member, memberEmail, STRONG_PASSWORD);
    await verifyPhoneInUi(member, memberPhone);
    const memberUser = await currentUser(member);
    expect(memberUser).toMatchObject({ email: memberEmail, account_type: 'professional' });
    // A sub-account's profile shows the company of the main account, read-only, and no sub-accounts.
    await member.goto('/profile');
    await expect(member.getByTestId('profile-company-name')).toHaveValue('Birou Test Proiect SRL');
    await expect(member.getByTestId('profile-company-name')).toHaveAttribute('readonly', '');
    await expect(member.getByTestId('profile-sub-accounts-link')).toHaveCount(0);
    await memberContext.close();

    // Back to the administrator: the list shows the account active; role and status change after a confirmation.
    await page.reload();
    await expect(row).toContainText('Activ');
    await row.getByRole('button', { name: /Acțiuni/ }).click();
    await page.getByRole('menuitem', { name: 'Schimbați rolul în administrator' }).click();
    await expect(page.getByText('Schimbați rolul lui Pop Elena în „Administrator”?')).toBeVisible();
    await page.getByRole('button', { name: 'Da' }).click();
    await expect(page.getByText('Rolul a fost schimbat.')).toBeVisible();
    await expect(row).toContainText('Administrator');
    await row.getByRole('button', { name: /Acțiuni/ }).click();
    await page.getByRole('menuitem', { name: 'Dezactivați' }).click();
    await page.getByRole('button', { name: 'Da' }).click();
    await expect(page.getByText('Subcontul a fost dezactivat.')).toBeVisible();
    await expect(row).toContainText('Inactiv');

    // The search filter finds it by name.
    await page.getByLabel('Căutare după nume sau e-mail').fill('elena');
    await expect(row).toBeVisible();
    await page.getByLabel('Căutare după nume sau e-mail').fill('nimeni');
    await expect(page.getByText('Niciun subcont nu corespunde filtrelor')).toBeVisible();
    await dismissToasts(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a sub-account of the demo office cannot manage sub-accounts', async ({ page }) => {
    await submitSignIn(page, 'office-editor@demo.ghiseu.ro', 'Ghiseu!2026');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/sub-accounts');
    await expect(page.getByText('Doar administratorul contului profesional poate gestiona subconturile.')).toBeVisible();
    await expect(page.getByTestId('invite-open')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
