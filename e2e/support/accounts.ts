import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { emailedLink, outbox } from './portal';

/**
 * Helpers of the account journeys: fresh identities, the development outbox (e-mails and SMS
 * the server "sent"), and shortcuts that create accounts through the API when a journey is not
 * about registration itself.
 */

/** A password that meets the policy of spec §5. */
export const STRONG_PASSWORD = 'Cont!Nou2026';
export const OTHER_PASSWORD = 'Alta!Parola2027';

/** A Romanian mobile number unlikely to be used by another test: 07 followed by 8 digits. */
export function uniquePhone(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-8);
  return `07${digits}`;
}

/** Valid identity data for profiles (control digits checked). */
export const PERSON = {
  cnp: '1800101260071',
  idCardSeries: 'MS',
  idCardNumber: '654321',
  idCardIssueDate: '15.03.2022',
  idCardExpiryDate: '15.03.2032',
  idCardIssuer: 'SPCLEP Târgu Mureș',
  street: 'Str. Primăriei',
  streetNumber: '3',
  postalCode: '540026',
  cui: '18547290',
  tradeRegistry: 'J26/321/2020',
};

/**
 * Sends an API call again while the server answers 429: the calls that send messages are limited
 * per client address (a few per minute), and every journey runs from the same address.
 */
export async function retryRateLimited(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 0; ; attempt++) {
    const response = await send();
    if (response.status() !== 429 || attempt >= 12) return response;
    const wait = Number(response.headers()['retry-after'] ?? '10');
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 1), 30) * 1000));
  }
}

/** The newest SMS code sent to `phone`, different from `previous` when given. */
export async function smsCode(request: APIRequestContext, phone: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const sms = (await outbox(request, phone)).find((message) => message.channel === 'sms');
        code = sms ? /\b(\d{6})\b/.exec(sms.text)?.[1] : undefined;
        return code !== undefined && code !== previous;
      },
      { message: `an SMS code for ${phone}` },
    )
    .toBe(true);
  return code as string;
}

export interface AccountInput {
  email: string;
  phone: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  userType?: 'citizen' | 'foreigner' | 'legal_entity';
  accountType?: 'personal' | 'professional';
  companyName?: string;
}

/** Registers through the API (journeys that are not about sign-up). */
export async function registerAccount(request: APIRequestContext, input: AccountInput): Promise<void> {
  const response = await retryRateLimited(() =>
    request.post('/api/auth/register', {
      data: {
        account_type: input.accountType ?? 'personal',
        user_type_name: input.userType ?? 'citizen',
        first_name: input.firstName ?? 'Ana',
        last_name: input.lastName ?? 'Pop',
        ...(input.companyName ? { company_name: input.companyName } : {}),
        email: input.email,
        phone: input.phone,
        password: input.password ?? STRONG_PASSWORD,
        confirmPassword: input.password ?? STRONG_PASSWORD,
        terms_accepted: true,
      },
    }),
  );
  expect(response.status(), await response.text()).toBe(201);
}

/** Registers and confirms e-mail and phone through the API: the account can sign in straight to /home. */
export async function createConfirmedAccount(request: APIRequestContext, input: AccountInput): Promise<void> {
  await registerAccount(request, input);
  const link = await emailedLink(request, input.email, '/auth/confirm-email');
  const confirmationKey = decodeURIComponent(new URL(link, 'http://x').searchParams.get('confirmationKey') ?? '');
  const confirmed = await retryRateLimited(() => request.post('/api/auth/confirm-email', { data: { confirmationKey } }));
  expect(confirmed.status()).toBe(200);
  const token = ((await confirmed.json()) as { data: { verificationToken: string } }).data.verificationToken;
  const sent = await retryRateLimited(() => request.post('/api/auth/phone/update', { data: { phone: input.phone, token } }));
  expect(sent.status()).toBe(204);
  const code = await smsCode(request, input.phone);
  const validated = await retryRateLimited(() =>
    request.post('/api/auth/phone/validate', { data: { phone: input.phone, smsCode: code, token } }),
  );
  expect(validated.status()).toBe(200);
}

/** Fills the sign-in form and submits it (no expectation on where it leads). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Sends the SMS code from /auth/verify-sms. When the server's per-address limit on codes answers
 * 'too many requests' (all journeys share one address), waits and sends again.
 */
export async function sendSmsCodeInUi(page: Page, phone: string): Promise<void> {
  await page.getByTestId('sms-phone').fill(phone);
  for (let attempt = 0; attempt < 8; attempt++) {
    await page.getByTestId('sms-send').click();
    let outcome = 'waiting';
    await expect
      .poll(async () => {
        if (await page.getByTestId('sms-code-form').isVisible()) outcome = 'sent';
        else if (await page.getByText('Prea multe cereri').isVisible()) outcome = 'limited';
        return outcome;
      })
      .not.toBe('waiting');
    if (outcome === 'sent') return;
    await page.waitForTimeout(10_000);
  }
  throw new Error('the SMS code could not be sent');
}

/** Goes through the SMS step on /auth/verify-sms and waits for /home. */
export async function verifyPhoneInUi(page: Page, phone: string): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/verify-sms\?token=/);
  await sendSmsCodeInUi(page, phone);
  const code = await smsCode(page.request, phone);
  await page.getByTestId('sms-code').fill(code);
  await page.getByTestId('sms-validate').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-greeting')).toBeVisible();
}

/**
 * Picks `option` in the SelectField inside `container` (test id), searching for `search` first.
 * Retries when the dropdown closed meanwhile (a date picker closing on the same click, a slow
 * page of options).
 */
export async function pickOption(page: Page, container: string, search: string, option: RegExp | string): Promise<void> {
  const field = page.getByTestId(container);
  const searchBox = page.getByRole('textbox', { name: /^Căutați în/ });
  await expect(async () => {
    if (!(await searchBox.isVisible())) await field.getByRole('button').first().click();
    await searchBox.fill(search, { timeout: 2000 });
    await page.getByRole('option', { name: option }).first().click({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(field.getByRole('button').first()).toHaveText(option);
}
