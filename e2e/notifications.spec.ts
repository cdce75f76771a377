import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { createConfirmedAccount, STRONG_PASSWORD, uniquePhone } from './support/accounts';
import { apiSignIn, bearer, completeStaffProfile } from './support/administration';
import { expectAxeClean, outbox, signIn, uniqueEmail } from './support/portal';
import {
  type Clerk,
  createClerk,
  createFunction,
  createOrganisation,
  createTypeWithRejectForm,
  created,
  fileApplication,
  staffAction,
} from './support/staff';

/**
 * Notifications (issue 14, done-when): the citizen files and the clerk's bell lights up without a
 * reload (the message comes over the live stream); the clerk asks for a clarification and the
 * citizen, who chose Hungarian, gets it in the bell, by e-mail and by SMS, in Hungarian; a
 * citizen who chose a weekly digest gets no message per event and one digest with each event
 * once; a circular sent from an application reaches every member of a department; the super
 * administrator edits an SMS template with the provider's counter. Every screen is checked with
 * axe. The organisations, people and types are the journey's own, so it runs beside the others.
 */
test.describe.configure({ mode: 'parallel', timeout: 300_000 });
test.use({ actionTimeout: 15_000 });

const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function newPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

interface Office {
  superToken: string;
  organisationId: number;
  clerk: Clerk;
  type: { id: number; name: string };
}

/** An organisation with a registry clerk (sees every application, may assign) and an application type. */
async function office(request: APIRequestContext, label: string): Promise<Office> {
  const id = run();
  const superToken = await apiSignIn(request, 'superadmin@demo.ghiseu.ro');
  const organisationId = await createOrganisation(request, superToken, `Primăria ${label} ${id}`);
  const registry = await createFunction(request, superToken, organisationId, `Registratură ${id}`, [
    'CAN_VIEW_ORGANISATIONS_APPLICATIONS',
    'CAN_ASSIGN_APPLICATION',
  ]);
  const clerk = await createClerk(request, superToken, organisationId, {
    email: uniqueEmail('registratura'),
    first_name: 'Sorina',
    last_name: 'Registratură',
    function_ids: [registry],
  });
  const type = await createTypeWithRejectForm(request, superToken, organisationId, id, `N${id.slice(-5).toUpperCase()}`);
  return { superToken, organisationId, clerk, type };
}

/** A citizen with a confirmed e-mail and phone and a complete profile. */
async function citizen(request: APIRequestContext, first: string, last: string) {
  const email = uniqueEmail('cetatean');
  const phone = uniquePhone();
  await createConfirmedAccount(request, { email, phone, firstName: first, lastName: last });
  const token = await apiSignIn(request, email, STRONG_PASSWORD);
  await completeStaffProfile(request, token, { first_name: first, last_name: last });
  return { email, phone, token, password: STRONG_PASSWORD };
}

async function userId(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/users/me', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { user_id: number } }).data.user_id;
}

/** The seeded template of an event, channel and language, as the super administrator reads it. */
async function template(request: APIRequestContext, superToken: string, event: string, channel: string, language: string) {
  const response = await request.get('/api/notifications/templates', {
    headers: bearer(superToken),
    params: { 'event_type[eq]': event, 'channel[eq]': channel, 'language[eq]': language },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [found] = ((await response.json()) as { data: Array<{ subject: string | null; message: string }> }).data;
  expect(found, `${event}/${channel}/${language}`).toBeDefined();
  return found as { subject: string | null; message: string };
}

const bell = (page: Page) => page.getByTestId('notification-bell');

/** Waits until the bell shows an unread notification, without reloading the page. */
async function expectBellLit(page: Page): Promise<void> {
  await expect(bell(page)).toHaveAttribute('data-unread', 'true', { timeout: 30_000 });
}

test('the clerk’s bell lights up live; the clarification reaches the citizen in Hungarian in the bell, by e-mail and by SMS', async ({
  browser,
  request,
}) => {
  const { superToken, clerk, type } = await office(request, 'Notificări');
  const person = await citizen(request, 'Erzsébet', 'Kovács');

  // ── The citizen chooses Hungarian for her messages.
  const citizenPage = await newPage(browser, person.email, person.password);
  await citizenPage.goto('/notifications');
  await expect(citizenPage.getByRole('heading', { level: 1, name: 'Setări notificări' })).toBeVisible();
  await expect(citizenPage.getByTestId('notification-preferences')).toBeVisible();
  await expectAxeClean(citizenPage);
  await citizenPage.getByLabel('Limba mesajelor').selectOption('hu');
  await citizenPage.getByTestId('notification-preferences-save').click();
  await expect(citizenPage.getByText('Preferințele de notificare au fost salvate.')).toBeVisible();
  await citizenPage.goto('/home');

  // ── The clerk waits on the home page; the citizen files: the bell lights up without a reload.
  const clerkPage = await newPage(browser, clerk.email, clerk.password);
  await clerkPage.goto('/home');
  await expect(bell(clerkPage)).not.toHaveAttribute('data-unread', 'true');
  const application = await fileApplication(request, person.token, type.id, 'Informații despre zona centrală');
  await expectBellLit(clerkPage);
  await bell(clerkPage).click();
  const dropdown = clerkPage.getByTestId('notification-dropdown');
  const item = dropdown.getByRole('button', { name: /\(necitită\)$/ }).filter({ hasText: application.number });
  await expect(item).toBeVisible();
  await expectAxeClean(clerkPage);
  // Opening it marks it read, then goes to the application.
  await item.click();
  await expect(clerkPage).toHaveURL(new RegExp(`/application/${application.id}$`));
  await expect(bell(clerkPage)).not.toHaveAttribute('data-unread', 'true');

  // ── The clerk registers, takes the application and asks for a clarification in the record.
  await staffAction(request, clerk.token, application.id, 'register');
  await staffAction(request, clerk.token, application.id, 'assign', { assignee_user_id: await userId(request, clerk.token) });
  await clerkPage.reload();
  await clerkPage.getByTestId('action-request-clarification').click();
  const dialog = clerkPage.getByRole('dialog', { name: 'Solicitați clarificări' });
  await dialog.getByTestId('action-request-clarification-text').fill('Kérjük, adja meg a helyrajzi számot.');
  await dialog.getByTestId('action-request-clarification-submit').click();
  await expect(dialog).toBeHidden();

  // ── The citizen: in the bell (live), in Hungarian.
  const inApp = await template(request, superToken, 'application.clarification_requested', 'in_app', 'hu');
  const fill = (text: string) => text.replaceAll(/\{\{\s*application_number\s*\}\}/g, application.number);
  await expectBellLit(citizenPage);
  await bell(citizenPage).click();
  const title = fill(inApp.subject ?? '')
    .replaceAll(/\{\{[^}]+\}\}/g, '')
    .trim();
  await expect(citizenPage.getByTestId('notification-dropdown')).toContainText(title.slice(0, 20));
  await expectAxeClean(citizenPage);

  // ── By e-mail and by SMS, in Hungarian, read from the outbox.
  const email = await template(request, superToken, 'application.clarification_requested', 'email', 'hu');
  const sms = await template(request, superToken, 'application.clarification_requested', 'sms', 'hu');
  await expect
    .poll(async () => (await outbox(request, person.email)).some((m) => m.subject === fill(email.subject ?? '')), {
      message: 'the Hungarian clarification e-mail',
      timeout: 20_000,
    })
    .toBe(true);
  // The template's longest fixed text (between placeholders) identifies the Hungarian SMS.
  const [marker = ''] = sms.message
    .split(/\{\{[^}]+\}\}/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length);
  expect(marker.length).toBeGreaterThan(5);
  await expect
    .poll(
      async () =>
        (await outbox(request, person.phone)).some(
          (m) => m.channel === 'sms' && m.text.includes(marker) && m.text.includes(application.number),
        ),
      { message: 'the Hungarian clarification SMS', timeout: 20_000 },
    )
    .toBe(true);
});

test('a weekly digest holds each event once instead of a message per event', async ({ browser, request }) => {
  const { clerk, type } = await office(request, 'Rezumat');
  const person = await citizen(request, 'Ana', 'Rezumat');

  const page = await newPage(browser, person.email, person.password);
  await page.goto('/notifications');
  await expect(page.getByTestId('notification-preferences')).toBeVisible();
  for (const event of ['Cerere depusă', 'Cerere înregistrată'])
    await page.getByLabel(`Frecvență – ${event}`, { exact: true }).selectOption('weekly');
  await page.getByTestId('notification-preferences-save').click();
  await expect(page.getByText('Preferințele de notificare au fost salvate.')).toBeVisible();

  const first = await fileApplication(request, person.token, type.id, 'Prima cerere');
  const second = await fileApplication(request, person.token, type.id, 'A doua cerere');
  await staffAction(request, clerk.token, first.id, 'register');
  await staffAction(request, clerk.token, second.id, 'register');

  // The events reached the bell (in-app stays immediate), and no e-mail went out per event.
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/user-messages', { headers: bearer(person.token) });
        return ((await response.json()) as { data: unknown[] }).data.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(4);
  const before = await outbox(request, person.email);
  expect(before.filter((m) => m.text.includes(first.number) || m.text.includes(second.number))).toEqual([]);

  // The weekly digest: one e-mail, each event once; a second run sends nothing more.
  const digest = await request.post('/api/dev/digests/weekly');
  expect(digest.status(), await digest.text()).toBe(200);
  let text = '';
  await expect
    .poll(
      async () => {
        const digests = (await outbox(request, person.email)).filter((m) => m.text.includes(first.number));
        text = digests[0]?.text ?? '';
        return digests.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  expect(text).toContain(second.number);
  expect(text.split(first.number).length - 1).toBe(2);
  expect(text.split(second.number).length - 1).toBe(2);
  expect((await request.post('/api/dev/digests/weekly')).status()).toBe(200);
  const after = (await outbox(request, person.email)).filter((m) => m.text.includes(first.number));
  expect(after).toHaveLength(1);
});

test('a circular sent from an application reaches every member of a department', async ({ browser, request }) => {
  const { superToken, organisationId, clerk, type } = await office(request, 'Circulare');
  const departmentName = `Urbanism ${run()}`;
  const department = await created(request, superToken, '/api/departments', {
    name: departmentName,
    organisation_id: organisationId,
  });
  const member = await createClerk(request, superToken, organisationId, {
    email: uniqueEmail('urbanism'),
    first_name: 'Mihai',
    last_name: 'Urbanist',
    function_ids: [],
    department_ids: [department.id],
  });
  const person = await citizen(request, 'Ioana', 'Circulară');
  const application = await fileApplication(request, person.token, type.id, 'Cerere pentru circulară');
  const extra = uniqueEmail('extern');

  const memberPage = await newPage(browser, member.email, member.password);
  await memberPage.goto('/home');

  const page = await newPage(browser, clerk.email, clerk.password);
  await page.goto(`/application/${application.id}`);
  await page.getByRole('link', { name: 'Trimiteți o circulară' }).click();
  await expect(page).toHaveURL(new RegExp(`/application-circular-mail/${application.id}$`));
  await expect(page.getByTestId('circular-mail-page')).toContainText(application.number);
  await expectAxeClean(page);

  // Nothing chosen: the page says a recipient is needed and sends nothing.
  await page.getByLabel('Subiect', { exact: false }).first().fill('Program de lucru modificat');
  await page.getByRole('textbox', { name: /^Mesaj/ }).fill('Vă informăm că vineri programul cu publicul se încheie la ora 12.');
  await page.getByTestId('circular-send').click();
  await expect(page.getByTestId('circular-recipients-error')).toHaveText('Circulara trebuie să aibă cel puțin un destinatar.');

  await page.getByTestId('circular-departments').click();
  await page.getByRole('option', { name: departmentName }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('circular-extra-emails').fill(`${extra}, nu-e-adresa`);
  await page.getByTestId('circular-send').click();
  await expect(page.getByText(/nu-e-adresa/).first()).toBeVisible();
  await page.getByTestId('circular-extra-emails').fill(extra);
  await page.getByTestId('circular-send').click();
  await expect(page.getByText(/Circulara a fost trimisă/)).toBeVisible();
  // The page lists it among the circulars sent about the application.
  await page.goto(`/application-circular-mail/${application.id}`);
  await expect(page.getByTestId('circular-history')).toContainText('Program de lucru modificat');

  // The department's member: live in the bell; the extra address: by e-mail.
  await expectBellLit(memberPage);
  await bell(memberPage).click();
  await expect(memberPage.getByTestId('notification-dropdown')).toContainText('Program de lucru modificat');
  await expect
    .poll(async () => (await outbox(request, extra)).some((m) => (m.subject ?? '').includes('Program de lucru modificat')), {
      timeout: 20_000,
    })
    .toBe(true);
});

test('the super administrator edits an SMS template with the provider’s counter and a preview', async ({ browser, request }) => {
  const page = await newPage(browser, 'superadmin@demo.ghiseu.ro');
  await page.goto('/notifications-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Șabloane de notificări' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Șabloane de notificări' })).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('tab', { name: 'Jurnal livrări' }).click();
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectAxeClean(page);

  // An unknown id goes to /404.
  await page.goto('/notifications-templates/999999/edit');
  await expect(page).toHaveURL(/\/404$/);

  // The Romanian SMS of a failed payment (no other journey reads it).
  const superToken = await apiSignIn(request, 'superadmin@demo.ghiseu.ro');
  const response = await request.get('/api/notifications/templates', {
    headers: bearer(superToken),
    params: { 'event_type[eq]': 'payment.failed', 'channel[eq]': 'sms', 'language[eq]': 'ro' },
  });
  const [sms] = ((await response.json()) as { data: Array<{ id: number; title: string }> }).data;
  expect(sms).toBeDefined();
  await page.goto(`/notifications-templates/${sms?.id}/edit`);
  const message = page.getByRole('textbox', { name: /^Mesaj/ });
  await expect(message).not.toHaveValue('');
  await expectAxeClean(page);

  await message.fill('Plata pentru {{application_number}} nu a reușit {{necunoscut}}');
  await expect(page.getByText(/Câmpuri necunoscute în șablon: \{\{necunoscut\}\}/)).toBeVisible();
  await message.fill('Plata pentru cererea {{application_number}} nu a reușit. Reîncercați din portal.');
  await expect(page.getByText(/UCS-2/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Previzualizare' }).click();
  await expect(page.getByText('Previzualizare cu date de exemplu')).toBeVisible();
  await expect(page.getByText('Plata pentru cererea CU-1234/2026 nu a reușit.', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Salvați șablonul' }).click();
  await expect(page.getByText('Șablonul a fost salvat.')).toBeVisible();
});

test('on a phone the preferences are one card per event, with written channel names', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'citizen@demo.ghiseu.ro');
  await page.goto('/notifications');
  const list = page.getByRole('list', { name: 'Preferințe de notificare pe tipuri de evenimente' });
  await expect(list).toBeVisible();
  const card = list.getByTestId('preference-application.clarification_requested');
  await expect(card.getByText('SMS', { exact: true })).toBeVisible();
  await expect(card.getByRole('combobox', { name: 'Frecvență – Clarificări solicitate' })).toHaveValue('immediately');
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAxeClean(page);
  await context.close();
});
