import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer } from './support/administration';
import { pdf } from './support/files';
import { expectAxeClean, signIn, uniqueEmail } from './support/portal';
import {
  createClerk,
  createFunction,
  createOrganisation,
  createTypeWithStaffForm,
  fileApplication,
  fileApplicationWithFiles,
  STAFF_QUESTION,
  staffAction,
} from './support/staff';

/**
 * The clerk's work on the files and the staff form (issue 11): a citizen files an application
 * with three attached PDFs; the clerk it is assigned to sees the work counted on the collapsed
 * "Cereri primite" header, downloads two of the files as one zip (named after the entry number),
 * removes the third (the citizen no longer sees it either), finds another application of the
 * organisation in the related-document search and fills and saves the type's staff form. Every
 * screen is checked with axe. The organisation, clerk and type are the journey's own (made
 * through the API), so it runs beside any other journey.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ actionTimeout: 15_000 });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PREFIX = `F${run.slice(-5).toUpperCase()}`;

async function newPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, email, password);
  return page;
}

const FILES = ['plan-situatie.pdf', 'extras-carte-funciara.pdf', 'memoriu-tehnic.pdf'];

test('a clerk zips two files, removes a document the citizen then no longer sees, searches a related document and saves the staff form', async ({
  browser,
  request,
}) => {
  // ── Set-up through the API: an organisation, its clerk, a type with attachments and a staff form.
  const superToken = await apiSignIn(request, 'superadmin@demo.ghiseu.ro');
  const organisationId = await createOrganisation(request, superToken, `Primăria Documente ${run}`);
  const clerkFunction = await createFunction(request, superToken, organisationId, `Referent documente ${run}`, [
    'CAN_VIEW_ORGANISATIONS_APPLICATIONS',
    'CAN_ASSIGN_APPLICATION',
  ]);
  const clerk = await createClerk(request, superToken, organisationId, {
    email: uniqueEmail('referent-documente'),
    first_name: 'Dana',
    last_name: 'Documente',
    function_ids: [clerkFunction],
  });
  const type = await createTypeWithStaffForm(request, superToken, organisationId, run, PREFIX);
  const citizenToken = await apiSignIn(request, 'citizen@demo.ghiseu.ro');
  const filed = await fileApplicationWithFiles(
    request,
    citizenToken,
    type.id,
    'Avizarea documentației',
    FILES.map((name) => ({ name, content: pdf(`${run} ${name}`) })),
  );
  const other = await fileApplication(request, citizenToken, type.id, 'O cerere anterioară');
  await staffAction(request, clerk.token, filed.id, 'register');
  const me = (await (await request.get('/api/users/me', { headers: bearer(clerk.token) })).json()) as {
    data: { user_id: number };
  };
  await staffAction(request, clerk.token, filed.id, 'assign', { assignee_user_id: me.data.user_id });

  // ── The clerk: the collapsed group's header counts the assigned application.
  const page = await newPage(browser, clerk.email, clerk.password);
  const inbox = page.getByTestId('menu-inbox');
  await expect(inbox).toHaveAttribute('aria-expanded', 'false');
  await expect
    .poll(
      async () =>
        (await page
          .getByTestId('menu-group-counter-inbox')
          .textContent()
          .catch(() => null)) ?? '',
      {
        timeout: 45_000,
      },
    )
    .toBe('1');
  await expect(inbox).toHaveAccessibleName(/^Cereri primite 1 cerere alocată/);
  await expectAxeClean(page);

  // ── The files tab: two of the three files as one zip.
  await page.goto(`/application/${filed.id}/files`);
  await expect(page.getByRole('heading', { level: 1, name: `Cererea ${filed.number}` })).toBeVisible();
  for (const name of FILES) await expect(page.getByRole('checkbox', { name: `Selectați documentul ${name}` })).toBeVisible();
  await page.getByRole('checkbox', { name: `Selectați documentul ${FILES[0]}` }).check();
  await page.getByRole('checkbox', { name: `Selectați documentul ${FILES[1]}` }).check();
  const zipButton = page.getByTestId('files-zip');
  await expect(zipButton).toHaveText('Descărcați arhiva (2 documente)');
  await expectAxeClean(page);
  const [download] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
  expect(download.suggestedFilename()).toBe(`${filed.number.replace(/[^\p{L}\p{N}-]+/gu, '-')}.zip`);
  const archive = await readFile(await download.path());
  // A zip archive ("PK\x03\x04") holding the two chosen files, not the third.
  expect(archive.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const listing = archive.toString('latin1');
  expect(listing).toContain(FILES[0]);
  expect(listing).toContain(FILES[1]);
  expect(listing).not.toContain(FILES[2]);

  // ── Removing the third document, after the question.
  await page.getByRole('button', { name: `Acțiuni pentru documentul ${FILES[2]}` }).click();
  await page.getByRole('menuitem', { name: 'Eliminați documentul' }).click();
  const question = page.getByRole('dialog', { name: 'Eliminați documentul?' });
  await expect(question).toContainText(`Documentul „${FILES[2]}” va fi eliminat din cerere.`);
  await expectAxeClean(page);
  await question.getByRole('button', { name: 'Eliminați documentul' }).click();
  await expect(page.getByText(`Documentul „${FILES[2]}” a fost eliminat.`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Selectați documentul ${FILES[2]}` })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Selectați documentul ${FILES[0]}` })).toBeVisible();

  // ── The citizen no longer sees it.
  const citizen = await newPage(browser, 'citizen@demo.ghiseu.ro');
  await citizen.goto(`/application/${filed.id}/documents`);
  const documents = citizen.getByTestId('documents-table');
  await expect(documents).toContainText(FILES[0]);
  await expect(documents).toContainText(FILES[1]);
  await expect(documents).not.toContainText(FILES[2]);
  await expectAxeClean(citizen);

  // ── Related documents: the search finds the organisation's other application by entry number.
  await page.getByTestId('tab-related').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Fișierele cererilor conexe' })).toBeVisible();
  await expect(page.getByText('Niciun document conex').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Numărul de înregistrare' }).fill(PREFIX);
  const results = page.getByRole('table', { name: 'Documentele conexe găsite' });
  await expect(results.getByTestId(`related-result-link-${other.id}`)).toHaveText(other.number);
  // The application itself is left out.
  await expect(results.getByTestId(`related-result-link-${filed.id}`)).toHaveCount(0);
  await expectAxeClean(page);

  // ── The staff form: the required answer is checked, then saved and kept.
  await page.getByTestId('tab-form').click();
  const form = page.getByTestId('staff-form');
  await form.getByRole('button', { name: 'Salvați formularul' }).click();
  await expect(form.getByRole('alert')).toHaveText(/Vă rugăm să completați toate câmpurile obligatorii\./);
  await expectAxeClean(page);
  await form.getByRole('textbox', { name: new RegExp(STAFF_QUESTION.label) }).fill(`AV-${run}`);
  await form.getByRole('textbox', { name: /Observații/ }).fill('Documentația este completă.');
  await form.getByRole('button', { name: 'Salvați formularul' }).click();
  await expect(page.getByText('Formularul funcționarului a fost salvat.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('staff-form').getByRole('textbox', { name: new RegExp(STAFF_QUESTION.label) })).toHaveValue(
    `AV-${run}`,
  );
  await expectAxeClean(page);
});
