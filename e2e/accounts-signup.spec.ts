import { expect, test } from '@playwright/test';
import { PERSON, pickOption, sendSmsCodeInUi, smsCode, STRONG_PASSWORD, submitSignIn, uniquePhone } from './support/accounts';
import { axeViolations, currentUser, emailedLink, uniqueEmail } from './support/portal';

test.describe('sign-up and activation', () => {
  test('nothing moves under the pointer while the form is filled, and the terms can be read', async ({ page, context }) => {
    await page.goto('/auth/signup/personal');
    const terms = page.getByTestId('signup-terms');
    // Where the checkbox is on the page (not in the window, which a click may scroll).
    const top = () => terms.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    await page.getByTestId('new-password').fill('parola');
    const before = await top();
    // Leaving a password the policy refuses marks it, without a line of text pushing the rest down.
    await page.getByTestId('confirm-password').click();
    await expect(page.getByTestId('new-password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('confirm-password').fill('parol');
    await expect(page.getByTestId('password-match')).toHaveText('Parolele nu coincid încă.');
    expect(await top()).toBe(before);
    // So the click meant for the checkbox lands on it.
    await terms.click();
    await expect(terms).toBeChecked();
    expect(await top()).toBe(before);

    // The terms open in a new tab, leaving what was typed here.
    const [termsPage] = await Promise.all([context.waitForEvent('page'), page.getByTestId('signup-terms-link').click()]);
    await expect(termsPage).toHaveURL(/\/terms$/);
    await expect(termsPage.getByRole('heading', { level: 1, name: 'Termeni și condiții de utilizare' })).toBeVisible();
    await expect(termsPage.getByRole('heading', { level: 2, name: 'Prelucrarea datelor cu caracter personal' })).toBeVisible();
    expect(await axeViolations(termsPage)).toEqual([]);
    await termsPage.close();
    await expect(page.getByTestId('new-password')).toHaveValue('parola');

    // Once the form is sent, the errors are spelt out.
    await page.getByTestId('signup-submit').click();
    await expect(page.locator('#signup-password-error')).toContainText('Parola trebuie să aibă cel puțin 8 caractere');
  });

  test('a citizen registers, confirms the e-mail and the phone, completes the profile and reaches the portal', async ({
    page,
  }) => {
    const email = uniqueEmail('cetatean');
    const phone = uniquePhone();

    // Choice of account type, outside the app shell.
    await page.goto('/auth/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Creare cont' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('signup-personal').click();

    // The form: the checklist follows the password as it is typed.
    await expect(page.getByRole('heading', { level: 1, name: 'Creare cont personal' })).toBeVisible();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-last-name')).toBeFocused();
    await expect(page.getByText('Trebuie să acceptați termenii și condițiile')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('signup-last-name').fill('Mureșan');
    await page.getByTestId('signup-first-name').fill('Ioana');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-phone').fill(phone);
    const checklist = page.getByTestId('password-checklist');
    await page.getByTestId('new-password').fill('parola');
    await expect(checklist.locator('[data-rule="lowercase"]')).toHaveAttribute('data-met', 'true');
    await expect(checklist.locator('[data-rule="uppercase"]')).toHaveAttribute('data-met', 'false');
    await page.getByTestId('new-password').fill(STRONG_PASSWORD);
    await expect(checklist.locator('[data-met="true"]')).toHaveCount(5);
    await page.getByTestId('confirm-password').fill(STRONG_PASSWORD);
    await page.getByTestId('signup-terms').check();
    await page.getByTestId('signup-submit').click();

    // 'Check your e-mail', with the address the link went to.
    const checkEmail = page.getByTestId('check-email');
    await expect(checkEmail.getByRole('heading', { level: 1, name: 'Verificați-vă e-mailul' })).toBeVisible();
    await expect(checkEmail).toContainText(email);
    expect(await axeViolations(page)).toEqual([]);

    // The link of the e-mail confirms the address and leads to the SMS step.
    await page.goto(await emailedLink(page.request, email, '/auth/confirm-email'));
    await expect(page).toHaveURL(/\/auth\/verify-sms\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verificare prin SMS' })).toBeVisible();
    // The phone given at sign-up is already there.
    await expect(page.getByTestId('sms-phone')).toHaveValue(phone);
    expect(await axeViolations(page)).toEqual([]);
    await sendSmsCodeInUi(page, phone);
    await expect(page.getByTestId('sms-code-form')).toContainText(phone);
    // A wrong code says how many attempts remain.
    await page.getByTestId('sms-code').fill('000000');
    await page.getByTestId('sms-validate').click();
    await expect(page.getByText(/Codul SMS nu este corect\. Mai aveți \d încercări\./)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('sms-code').fill(await smsCode(page.request, phone));
    await page.getByTestId('sms-validate').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home-greeting')).toContainText('Ioana Mureșan');

    // The profile is incomplete: it says what is missing, and the form completes it.
    let me = await currentUser(page);
    expect(me).toMatchObject({ is_email_confirmed: true, is_phone_confirmed: true, profile_completed: false });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profilul meu' })).toBeVisible();
    await expect(page.getByTestId('profile-missing')).toContainText('CNP');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('profile-personal-numeric-code').fill('1800101260072');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('profile-personal-numeric-code')).toBeFocused();
    await expect(page.getByText('CNP-ul nu este valid')).toBeVisible();
    await page.getByTestId('profile-personal-numeric-code').fill(PERSON.cnp);
    await page.getByTestId('profile-id-card-series').fill(PERSON.idCardSeries);
    await page.getByTestId('profile-id-card-number').fill(PERSON.idCardNumber);
    await page.getByTestId('profile-id-card-issuer').fill(PERSON.idCardIssuer);
    await page.getByTestId('profile-id-card-issue-date').fill(PERSON.idCardIssueDate);
    await page.getByTestId('profile-id-card-expiry-date').fill(PERSON.idCardExpiryDate);
    await page.getByTestId('profile-id-card-expiry-date').press('Tab');
    await pickOption(page, 'profile-county-id', 'mures', /^Mureș$/);
    await pickOption(page, 'profile-locality-id', 'targu', /^Târgu Mureș/);
    await page.getByTestId('profile-street').fill(PERSON.street);
    await page.getByTestId('profile-street-number').fill(PERSON.streetNumber);
    await page.getByTestId('profile-postal-code').fill(PERSON.postalCode);
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Profilul a fost salvat și este complet.')).toBeVisible();
    await expect(page.getByTestId('profile-missing')).toHaveCount(0);
    me = await currentUser(page);
    expect(me.profile_completed).toBe(true);

    // The profile gate is open: the rest of the portal is reachable.
    await page.goto('/applications');
    await expect(page).toHaveURL(/\/applications$/);
    await page.goto('/home');
    await expect(page.getByTestId('home-greeting')).toBeVisible();
  });

  test('an address already registered is refused on the e-mail field', async ({ page }) => {
    await page.goto('/auth/signup/professional');
    await page.getByTestId('kind-legal_entity').check();
    await page.getByTestId('signup-company').fill('Proiect Test SRL');
    await page.getByTestId('signup-last-name').fill('Pop');
    await page.getByTestId('signup-first-name').fill('Dan');
    await page.getByTestId('signup-email').fill('citizen@demo.ghiseu.ro');
    await page.getByTestId('signup-phone').fill(uniquePhone());
    await page.getByTestId('new-password').fill(STRONG_PASSWORD);
    await page.getByTestId('confirm-password').fill('Altceva!2026');
    // Fields are checked as soon as they are left: marked, with the match line saying why.
    await page.getByTestId('confirm-password').press('Tab');
    await expect(page.getByTestId('confirm-password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('password-match')).toHaveText('Parolele nu coincid încă.');
    await page.getByTestId('signup-terms').check();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('confirm-password')).toBeFocused();
    await expect(page.getByText('Parolele nu sunt identice')).toBeVisible();
    await page.getByTestId('confirm-password').fill(STRONG_PASSWORD);
    await page.getByTestId('confirm-password').press('Tab');
    await expect(page.getByText('Parolele nu sunt identice')).toHaveCount(0);
    await page.getByTestId('signup-submit').click();
    await expect(page.getByText('Există deja un cont cu această adresă de e-mail.')).toBeVisible();
    await expect(page.getByTestId('signup-email')).toBeFocused();
    await expect(page.getByTestId('signup-email')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('signing in before confirming the e-mail shows "check your e-mail"; a new link replaces the old one', async ({ page }) => {
    const email = uniqueEmail('neconfirmat');
    await page.goto('/auth/signup/personal');
    await page.getByTestId('type-foreigner').check();
    await page.getByTestId('signup-last-name').fill('Schmidt');
    await page.getByTestId('signup-first-name').fill('Anna');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-phone').fill(uniquePhone());
    await page.getByTestId('new-password').fill(STRONG_PASSWORD);
    await page.getByTestId('confirm-password').fill(STRONG_PASSWORD);
    await page.getByTestId('signup-terms').check();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('check-email')).toBeVisible();
    const first = await emailedLink(page.request, email, '/auth/confirm-email');

    await submitSignIn(page, email, STRONG_PASSWORD);
    await expect(page).toHaveURL(/\/auth\/confirm-email$/);
    await expect(page.getByTestId('check-email')).toContainText(email);
    await page.getByTestId('resend-confirmation').click();
    await expect(page.getByText(/am trimis un nou link de confirmare/)).toBeVisible();
    await expect.poll(async () => emailedLink(page.request, email, '/auth/confirm-email')).not.toBe(first);

    // The first link no longer works.
    await page.goto(first);
    await expect(page).toHaveURL(/\/auth\/invalid-link$/);
    await expect(
      page.getByText('Linkul de confirmare a adresei de e-mail nu este valid, a expirat sau a fost deja folosit.'),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('invalid-link-request').click();
    await page.getByTestId('invalid-link-email').fill(email);
    await page.getByTestId('invalid-link-resend-submit').click();
    await expect(page.getByText(/am trimis un nou link de confirmare/)).toBeVisible();

    // The newest link confirms; the foreigner then confirms the phone.
    await page.goto(await emailedLink(page.request, email, '/auth/confirm-email'));
    await expect(page).toHaveURL(/\/auth\/verify-sms\?token=/);
  });

  test('a Google callback without a code goes back to sign-in with a message', async ({ page }) => {
    await page.goto('/auth/google?error=access_denied');
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByTestId('signin-error')).toContainText('Autentificarea cu Google a fost anulată');
    await page.goto('/auth/google?code=cod-inventat&state=stare-inventata');
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByTestId('signin-error')).toBeVisible();
  });
});
