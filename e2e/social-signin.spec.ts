import { expect, test } from '@playwright/test';
import { uniquePhone, verifyPhoneInUi } from './support/accounts';
import { axeViolations, currentUser } from './support/portal';

test.describe('social sign-in', () => {
  test('signing in with Google through the local OpenID provider creates the account, asks for the phone, then opens home', async ({
    page,
  }) => {
    await page.goto('/auth/signin');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('login-google').click();
    // The provider signs the person in and sends the browser back to /auth/google, which
    // finishes the sign-in; a new account has no confirmed phone yet.
    await expect(page).toHaveURL(/\/auth\/verify-sms\?token=/, { timeout: 30_000 });
    await verifyPhoneInUi(page, uniquePhone());
    const me = await currentUser(page);
    expect(me).toMatchObject({
      email: 'google.e2e@example.ro',
      first_name: 'Gheorghe',
      last_name: 'Oltean',
      user_type_name: 'citizen',
      is_email_confirmed: true,
    });
  });
});
