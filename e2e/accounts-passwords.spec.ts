import { expect, test } from '@playwright/test';
import {
  createConfirmedAccount,
  OTHER_PASSWORD,
  registerAccount,
  STRONG_PASSWORD,
  submitSignIn,
  uniquePhone,
} from './support/accounts';
import { axeViolations, dismissToasts, emailedLink, signIn, uniqueEmail } from './support/portal';

test.describe('passwords and sign-in protection', () => {
  test('forgot password → reset from the e-mail → sign in with the new password', async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('uitata');
    await createConfirmedAccount(page.request, { email, phone: uniquePhone() });

    await page.goto('/auth/signin');
    await page.getByTestId('forgot-password-link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ați uitat parola' })).toBeVisible();
    await page.getByTestId('forgot-email').fill('nu-este-o-adresa');
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByText('Adresa de e-mail nu este validă')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-password-done')).toContainText(email);
    expect(await axeViolations(page)).toEqual([]);

    // An address without an account gets the very same answer.
    await page.goto('/auth/forgot-password');
    await page.getByTestId('forgot-email').fill(uniqueEmail('nimeni'));
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-password-done')).toContainText('Dacă există un cont cu adresa');

    const link = await emailedLink(page.request, email, '/auth/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Resetare parolă' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // The old password is refused, the policy is checked before sending.
    await page.getByTestId('new-password').fill('scurta');
    await page.getByTestId('confirm-password').fill('scurta');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText(/Parola trebuie să aibă cel puțin 8 caractere/)).toBeVisible();
    await expect(page.getByTestId('new-password')).toBeFocused();
    await page.getByTestId('new-password').fill(STRONG_PASSWORD);
    await page.getByTestId('confirm-password').fill(STRONG_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('Parola nouă trebuie să fie diferită de cea veche.')).toBeVisible();
    await page.getByTestId('new-password').fill(OTHER_PASSWORD);
    await page.getByTestId('confirm-password').fill(OTHER_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByTestId('signin-notice')).toContainText('Parola a fost schimbată');

    // The link was used: a second visit ends on the invalid-link page, which offers a new one.
    await page.goto(link);
    await page.getByTestId('new-password').fill('Inca!Una2028');
    await page.getByTestId('confirm-password').fill('Inca!Una2028');
    await page.getByTestId('reset-submit').click();
    await expect(page).toHaveURL(/\/auth\/invalid-link$/);
    await expect(page.getByText('Linkul de resetare a parolei nu este valid, a expirat sau a fost deja folosit.')).toBeVisible();
    await expect(page.getByTestId('invalid-link-request')).toHaveAttribute('href', '/auth/forgot-password');

    // The old password no longer works; the new one does.
    await submitSignIn(page, email, STRONG_PASSWORD);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await signIn(page, email, OTHER_PASSWORD);
  });

  test('five wrong passwords lock the account, with the remaining attempts shown before', async ({ page }) => {
    const email = uniqueEmail('blocat');
    await registerAccount(page.request, { email, phone: uniquePhone() });
    await page.goto('/auth/signin');
    for (const remaining of [4, 3, 2, 1]) {
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(`Gresita!${remaining}`);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-error')).toHaveText(
        `Adresa de e-mail sau parola nu sunt corecte. Mai aveți ${remaining} încercări.`,
      );
    }
    await page.getByTestId('login-password').fill('Gresita!0');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText(
      /^Contul a fost blocat temporar\. Încercați din nou peste \d+ minute\.$/,
    );
    // Locked: even the right password is refused until the lock ends.
    await page.getByTestId('login-password').fill(STRONG_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText(/^Contul a fost blocat temporar/);
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await dismissToasts(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an expired password is changed on /auth/change-password, then the user signs in', async ({ page }) => {
    test.setTimeout(120_000);
    // No API can date a password back, so the server's AUTH_FAILED_PASSWORD_EXPIRED answer to the
    // first sign-in is simulated; the change itself runs against the real server.
    const email = uniqueEmail('expirata');
    await createConfirmedAccount(page.request, { email, phone: uniquePhone() });
    let simulated = false;
    await page.route('**/api/auth/login', async (route) => {
      if (simulated) return route.continue();
      simulated = true;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'AUTH_FAILED_PASSWORD_EXPIRED', data: { email } }),
      });
    });
    await submitSignIn(page, email, STRONG_PASSWORD);
    const dialog = page.getByRole('dialog', { name: 'Parola a expirat' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Da, schimb parola' }).click();
    await expect(page).toHaveURL(/\/auth\/change-password\?email=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Schimbare parolă' })).toBeVisible();
    await expect(page.getByTestId('change-email')).toHaveValue(email);
    expect(await axeViolations(page)).toEqual([]);

    // A wrong current password counts as a failed sign-in.
    await page.getByTestId('change-old-password').fill('Gresita!1');
    await page.getByTestId('new-password').fill(OTHER_PASSWORD);
    await page.getByTestId('confirm-password').fill(OTHER_PASSWORD);
    await page.getByTestId('change-submit').click();
    await expect(page.getByTestId('form-error')).toHaveText(/Mai aveți \d încercări\./);
    await expect(page.getByTestId('change-old-password')).toBeFocused();
    // The new password must differ from the current one.
    await page.getByTestId('change-old-password').fill(STRONG_PASSWORD);
    await page.getByTestId('new-password').fill(STRONG_PASSWORD);
    await page.getByTestId('confirm-password').fill(STRONG_PASSWORD);
    await page.getByTestId('change-submit').click();
    await expect(page.getByText('Parola nouă trebuie să fie diferită de cea veche.')).toBeVisible();
    await page.getByTestId('new-password').fill(OTHER_PASSWORD);
    await page.getByTestId('confirm-password').fill(OTHER_PASSWORD);
    await page.getByTestId('change-submit').click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByTestId('signin-notice')).toContainText('Parola a fost schimbată');
    await signIn(page, email, OTHER_PASSWORD);
  });

  test("the user panel's 'Resetare parolă' e-mails a reset link after a yes/no warning", async ({ page }) => {
    const email = uniqueEmail('panou');
    await createConfirmedAccount(page.request, { email, phone: uniquePhone() });
    await signIn(page, email, STRONG_PASSWORD);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-reset-password').click();
    await page.getByRole('button', { name: 'Da' }).click();
    const alert = page.getByRole('dialog', { name: 'Resetare parolă' });
    await expect(alert).toContainText('V-am trimis pe e-mail un link pentru alegerea unei parole noi.');
    expect(await axeViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Închideți', exact: true }).click();
    expect(await emailedLink(page.request, email, '/auth/reset-password')).toContain('confirmationKey=');
  });

  test('the account screens pass axe', async ({ page }) => {
    for (const path of ['/auth/signup', '/auth/signup/personal', '/auth/signup/professional', '/auth/invalid-link']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto('/auth/invalid-link');
    await page.getByTestId('invalid-link-request').click();
    await page.getByTestId('invalid-link-resend-submit').click();
    await expect(page.getByText('Acest câmp este obligatoriu')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
