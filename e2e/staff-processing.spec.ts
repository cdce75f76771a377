import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn } from './support/administration';
import { expectAxeClean, signIn, uniqueEmail } from './support/portal';
import {
  CITIZEN_QUESTION,
  type Clerk,
  createClerk,
  createFunction,
  createOrganisation,
  createTypeWithRejectForm,
  fileApplication,
  REJECT_QUESTION,
  staffAction,
} from './support/staff';

/**
 * Staff processing (issue 11, done-when): a citizen files; a clerk of that organisation sees it in
 * the inbox, registers it and assigns it to a colleague, who asks for clarifications (the legal
 * clock stops: both clerks see it paused, the citizen sees the same due date); the citizen
 * answers, the clerk approves. Another application is rejected with the type's rejection form.
 * A clerk of another organisation sees none of it: an empty inbox and the 404 page on the direct
 * link. Every staff screen is checked with axe. The organisations, clerks and type are the
 * journey's own (made through the API), so it runs beside any other journey.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ actionTimeout: 15_000 });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PREFIX = `E${run.slice(-5).toUpperCase()}`;

async function newPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

const statusOf = (page: Page) => page.getByTestId('staff-application').getByTestId('application-status').first();

/** Opens the application's staff view and waits for it. */
async function openStaffView(page: Page, id: number): Promise<void> {
  await page.goto(`/application/${id}`);
  await expect(page.getByTestId('staff-application')).toBeVisible();
}

test('a clerk registers and assigns, a colleague asks for clarifications, the citizen answers, the clerk approves; another is rejected; another organisation sees nothing', async ({
  browser,
  request,
}) => {
  // ── Set-up through the API: two organisations, their clerks, a type with a rejection form.
  const superToken = await apiSignIn(request, 'superadmin@demo.ghiseu.ro');
  const organisationId = await createOrganisation(request, superToken, `Primăria Procesare ${run}`);
  const otherOrganisationId = await createOrganisation(request, superToken, `Primăria Vecină ${run}`);
  const supervisorFunction = await createFunction(request, superToken, organisationId, `Șef registratură ${run}`, [
    'CAN_VIEW_ORGANISATIONS_APPLICATIONS',
    'CAN_ASSIGN_APPLICATION',
  ]);
  const viewerFunction = await createFunction(request, superToken, organisationId, `Referent ${run}`, [
    'CAN_VIEW_ORGANISATIONS_APPLICATIONS',
  ]);
  const strangerFunction = await createFunction(request, superToken, otherOrganisationId, `Referent vecin ${run}`, [
    'CAN_VIEW_ORGANISATIONS_APPLICATIONS',
    'CAN_ASSIGN_APPLICATION',
  ]);
  const clerk: Clerk = await createClerk(request, superToken, organisationId, {
    email: uniqueEmail('sef-registratura'),
    first_name: 'Sorina',
    last_name: 'Registratură',
    function_ids: [supervisorFunction],
  });
  const colleague: Clerk = await createClerk(request, superToken, organisationId, {
    email: uniqueEmail('referent'),
    first_name: 'Mihai',
    last_name: 'Referent',
    function_ids: [viewerFunction],
  });
  const stranger: Clerk = await createClerk(request, superToken, otherOrganisationId, {
    email: uniqueEmail('vecin'),
    first_name: 'Vlad',
    last_name: 'Vecin',
    function_ids: [strangerFunction],
  });
  const type = await createTypeWithRejectForm(request, superToken, organisationId, run, PREFIX);

  // ── The citizen files through the wizard.
  const citizen = await newPage(browser, 'citizen@demo.ghiseu.ro');
  await citizen.goto('/application/new');
  await citizen.getByRole('button', { name: `Alegeți: ${type.name}` }).click();
  await expect(citizen).toHaveURL(/\/application\/new\/\d+$/);
  const id = Number(citizen.url().split('/').pop());
  await citizen.getByRole('textbox', { name: new RegExp(CITIZEN_QUESTION.label) }).fill('Informații despre zona centrală');
  // On through the steps this form does not use, one step at a time, to the last (review).
  const currentStep = citizen.locator('li[aria-current="step"]');
  for (let step = 0; step < 8 && (await currentStep.getAttribute('data-position')) !== 'last'; step++) {
    const name = (await currentStep.textContent()) ?? '';
    await citizen.getByRole('button', { name: 'Continuați' }).click();
    await expect(currentStep).not.toHaveText(name);
  }
  await citizen.getByRole('button', { name: 'Depuneți cererea' }).click();
  await expect(citizen).toHaveURL(new RegExp(`/application-confirmation/${id}$`));
  await expect(citizen.getByTestId('entry-number')).toHaveText(new RegExp(`^${PREFIX}/\\d+/\\d{4}$`));
  const entry = ((await citizen.getByTestId('entry-number').textContent()) ?? '').trim();

  // ── The clerk: the inbox shows it; registration, then assignment to the colleague.
  const page = await newPage(browser, clerk.email, clerk.password);
  await page.goto('/applications-inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Toate cererile primite' })).toBeVisible();
  const link = page.getByTestId(`staff-application-link-${id}`);
  await expect(link).toHaveText(entry);
  await expectAxeClean(page);
  // The new-applications list has it too, waiting for registration.
  await page.goto('/new-applications');
  await expect(page.getByTestId(`staff-application-link-${id}`)).toBeVisible();
  await expectAxeClean(page);
  await page.getByTestId(`staff-application-link-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/application/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Cererea ${entry}` })).toBeVisible();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'NEW');
  // The citizen's answers, read-only.
  await expect(page.getByRole('textbox', { name: CITIZEN_QUESTION.label })).toHaveValue('Informații despre zona centrală');
  await expectAxeClean(page);

  await page.getByTestId('action-register').click();
  await page.getByRole('dialog', { name: 'Înregistrați cererea' }).getByRole('button', { name: 'Înregistrați' }).click();
  await expect(page.getByText('Cererea a fost înregistrată.')).toBeVisible();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'REGISTERED');
  await expect(page.getByTestId('deadline-due')).toHaveText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(page.getByTestId('response-days')).toHaveText('30 de zile lucrătoare');

  await page.getByTestId('action-assign').click();
  const assign = page.getByRole('dialog', { name: 'Alocați' });
  await assign.getByRole('combobox', { name: /Funcționar/ }).click();
  await page.getByRole('option', { name: new RegExp(colleague.name) }).click();
  await expectAxeClean(page);
  await assign.getByTestId('action-assign-submit').click();
  await expect(page.getByText(`Cererea a fost alocată lui ${colleague.name}.`)).toBeVisible();
  await expect(page.getByTestId('staff-assignee')).toContainText(colleague.name);
  await expect(statusOf(page)).toHaveAttribute('data-status', 'PENDING');

  // ── The colleague: the menu counts it, the assigned list has it; the clarification request.
  const other = await newPage(browser, colleague.email, colleague.password);
  await expect
    .poll(
      async () =>
        (await other
          .getByTestId('menu-counter-assignedApplications')
          .textContent()
          .catch(() => null)) ?? '',
      {
        timeout: 45_000,
      },
    )
    .toBe('1');
  await other.goto('/applications-assigned');
  await expect(other.getByRole('heading', { level: 1, name: 'Cereri alocate mie' })).toBeVisible();
  await expect(other.getByTestId(`staff-application-link-${id}`)).toHaveText(entry);
  await expectAxeClean(other);
  await other.getByTestId(`staff-application-link-${id}`).click();
  await expect(other.getByTestId('staff-application')).toBeVisible();
  const dueBefore = ((await other.getByTestId('deadline-due').textContent()) ?? '').trim();
  await other.getByTestId('action-request-clarification').click();
  const clarification = other.getByRole('dialog', { name: 'Solicitați clarificări' });
  await clarification.getByTestId('action-request-clarification-text').fill('Vă rugăm să precizați numărul cadastral.');
  await expectAxeClean(other);
  await clarification.getByTestId('action-request-clarification-submit').click();
  await expect(other.getByText('Solicitarea de clarificări a fost trimisă; termenul este oprit.')).toBeVisible();
  await expect(statusOf(other)).toHaveAttribute('data-status', 'REVIEW');
  await expect(other.getByTestId('deadline-paused')).toBeVisible();
  await expect(other.getByTestId('deadline-paused-since')).toBeVisible();
  await other.getByTestId('tab-history').click();
  await expect(other.getByTestId('application-history')).toBeVisible();
  await expectAxeClean(other);

  // ── The clerk sees the clock stopped too.
  await openStaffView(page, id);
  await expect(statusOf(page)).toHaveAttribute('data-status', 'REVIEW');
  await expect(page.getByTestId('deadline-paused')).toHaveText('Termen oprit');
  await expect(page.getByTestId('deadline-due')).toHaveText(dueBefore);

  // ── The citizen: the same due date, the clarification request, the answer.
  await citizen.goto(`/application/${id}`);
  await expect(citizen.getByTestId('application-status')).toHaveText('În clarificări');
  await expect(citizen.getByText(dueBefore, { exact: true })).toBeVisible();
  // The applicant is told the term stands still while their answer is awaited.
  await expect(citizen.getByTestId('details-clock-paused')).toContainText('Termenul este oprit din');
  await expectAxeClean(citizen);
  await citizen.getByTestId('tab-comments').click();
  await expect(citizen.getByText('Vă rugăm să precizați numărul cadastral.')).toBeVisible();
  await citizen.getByRole('textbox', { name: /Răspunsul dumneavoastră/ }).fill('Numărul cadastral este 123410.');
  await citizen.getByRole('button', { name: 'Trimiteți răspunsul' }).click();
  await expect(citizen.getByText('Răspunsul a fost trimis.')).toBeVisible();

  // ── The clerk: the clock runs again; approval (after the confirmation step).
  await openStaffView(page, id);
  await expect(statusOf(page)).toHaveAttribute('data-status', 'PENDING');
  await expect(page.getByTestId('deadline-paused')).toHaveCount(0);
  await page.getByTestId('tab-comments').click();
  await expect(page.getByTestId('staff-comments')).toContainText('Numărul cadastral este 123410.');
  await expectAxeClean(page);
  await page.getByTestId('action-approve').click();
  const approve = page.getByRole('dialog', { name: 'Aprobați cererea' });
  await approve.getByTestId('action-approve-text').fill('Documentația este completă.');
  await approve.getByTestId('action-approve-submit').click();
  await expect(approve.getByTestId('action-approve-confirm')).toBeVisible();
  await approve.getByRole('button', { name: 'Da, Aprobați' }).click();
  await expect(page.getByText('Cererea a fost aprobată.')).toBeVisible();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'APPROVED');
  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('application-history')).toBeVisible();
  await expectAxeClean(page);

  // ── Another application, rejected with the rejection form.
  const citizenToken = await apiSignIn(request, 'citizen@demo.ghiseu.ro');
  const second = await fileApplication(request, citizenToken, type.id, 'Solicitare incompletă');
  await staffAction(request, clerk.token, second.id, 'register');
  await page.goto('/applications-in-work');
  await expect(page.getByTestId(`staff-application-link-${second.id}`)).toHaveText(second.number);
  await expectAxeClean(page);
  await page.getByTestId(`staff-application-link-${second.id}`).click();
  await expect(page.getByTestId('staff-application')).toBeVisible();
  await page.getByTestId('action-reject').click();
  const reject = page.getByRole('dialog', { name: 'Respingeți cererea' });
  await reject.getByTestId('action-reject-reason').fill('Lipsesc documentele obligatorii.');
  await reject.getByTestId('action-reject-submit').click();
  // The rejection form's own required field is checked before anything is sent.
  await expect(reject.getByText('Vă rugăm să completați toate câmpurile obligatorii.')).toBeVisible();
  await reject.getByRole('textbox', { name: new RegExp(REJECT_QUESTION.label) }).fill('Art. 7 din Legea 50/1991');
  await expectAxeClean(page);
  await reject.getByTestId('action-reject-submit').click();
  await reject.getByTestId('action-reject-submit').click();
  await expect(page.getByText('Cererea a fost respinsă.')).toBeVisible();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'REJECTED_IN_PROGRESS');
  await expect(page.getByText('Lipsesc documentele obligatorii.')).toBeVisible();
  await expectAxeClean(page);

  // ── A clerk of another organisation sees none of it.
  const outsider = await newPage(browser, stranger.email, stranger.password);
  await outsider.goto('/applications-inbox');
  await expect(outsider.getByText('Nu există cereri de lucru.')).toBeVisible();
  await expectAxeClean(outsider);
  await outsider.goto(`/application/${id}`);
  await expect(outsider).toHaveURL(/\/404$/);
  await expect(outsider.getByRole('heading', { level: 1, name: 'Pagina nu a fost găsită' })).toBeVisible();
});
