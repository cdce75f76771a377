import { expect, type Page, test } from '@playwright/test';
import { bearer, validCnp } from './support/administration';
import { CLERK, clerkPlace, downloadFile, fileComplaintForControl } from './support/controls';
import { pdfText } from './support/documents';
import { pdf } from './support/files';
import { chooseByLabel, dismissToasts, expectAxeClean, signIn } from './support/portal';

/**
 * Controls (spec §2 /controls, /control/new, /control/{id}, /control-type; §4 Control; issue 15):
 * the demo clerk prepares a control from a citizen's complaint (its place filled in),
 * adds two offenders and a witness (a duplicate CNP refused), a building body and a document,
 * registers it, is asked to save unsaved changes first, generates the closing report after the
 * question, and can no longer change anything, in the screens or through the API. The super
 * administrator adds a control type and is refused a duplicate name. axe on every tab.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

/** Adds an offender or witness with a CNP through the person modal; returns the dialog. */
async function fillPerson(page: Page, role: 'offender' | 'witness', names: [string, string], cnp: string) {
  await page.getByTestId(role === 'offender' ? 'person-add-offender' : 'person-add-witness').click();
  const dialog = page.getByRole('dialog', { name: 'Persoană nouă' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('person-last-name').fill(names[0]);
  await dialog.getByTestId('person-first-name').fill(names[1]);
  await dialog.getByTestId('person-cnp').fill(cnp);
  await dialog.getByTestId('person-address').fill('Str. Republicii nr. 10, Târgu Mureș');
  return dialog;
}

test('a clerk prepares a control, records the findings, generates the closing report and the control locks', async ({
  page,
  request,
}) => {
  const place = await clerkPlace(request);
  const complaint = await fileComplaintForControl(request, place);

  await signIn(page, CLERK);
  await page.goto('/controls');
  await expect(page.getByRole('heading', { level: 1, name: 'Controale' })).toBeVisible();
  await expect(page.getByTestId('controls-list-total')).toBeVisible();
  await expectAxeClean(page);

  // Preparation: from the complaint (its place is filled in, the reference shown).
  const address = complaint.address;
  await page.goto(`/complain/${complaint.id}`);
  await page.getByTestId('complaint-prepare-control').click();
  await expect(page).toHaveURL(new RegExp(`/control/new\\?complaint_id=${complaint.id}`));
  await expect(page.getByTestId('control-address')).toHaveValue(complaint.address);
  await expect(page.getByRole('heading', { level: 1, name: 'Control nou' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(1);
  await chooseByLabel(page, /^Tipul controlului/, 'Disciplina în construcții');
  await page.getByTestId('control-cadastral').fill('50123');
  await page.getByTestId('staff-name-0').fill('Ana Popescu');
  await page.getByTestId('staff-function-0').fill('Inspector de specialitate');
  await page.getByTestId('staff-body-0').fill('Direcția de control în construcții');
  await page.getByTestId('staff-id-0').fill('L-2026-17');
  await expectAxeClean(page);
  await page.getByTestId('control-save').click();
  await expect(page).toHaveURL(/\/control\/\d+$/);
  const controlId = Number(/\/control\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { level: 1, name: 'Control în ciornă' })).toBeVisible();
  await expect(page.getByTestId('control-status')).toHaveText('Ciornă');
  await expect(page.getByRole('tab')).toHaveCount(4);
  await expectAxeClean(page);

  // Data collection: two offenders and a witness; the witness with an offender's CNP is refused.
  await page.getByTestId('tab-data').click();
  await expect(page.getByRole('heading', { name: 'Contravenienți și martori' })).toBeVisible();
  await expectAxeClean(page);
  const first = validCnp(101);
  const second = validCnp(202);
  let dialog = await fillPerson(page, 'offender', ['Ionescu', 'Vasile'], first);
  await dialog.getByTestId('person-id-series').fill('MS');
  await dialog.getByTestId('person-id-number').fill('123456');
  await expectAxeClean(page);
  await dialog.getByTestId('person-save').click();
  await expect(dialog).toBeHidden();
  dialog = await fillPerson(page, 'offender', ['Marin', 'Elena'], second);
  await dialog.getByTestId('person-save').click();
  await expect(dialog).toBeHidden();
  dialog = await fillPerson(page, 'witness', ['Dobre', 'Mihai'], first);
  await dialog.getByTestId('person-save').click();
  await expect(dialog.getByText('Persoana cu acest CNP sau pașaport este deja adăugată la control.')).toBeVisible();
  await expect(dialog.getByTestId('person-cnp')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByTestId('person-cnp').fill(validCnp(303));
  await dialog.getByTestId('person-save').click();
  await expect(dialog).toBeHidden();
  const persons = page.getByTestId('persons-table');
  await expect(persons.getByRole('row')).toHaveCount(4);
  await expect(persons.getByRole('row', { name: /Dobre Mihai/ })).toContainText('Martor');
  await expect(page.getByText('Contravenienți: 2 · Martori: 1')).toBeVisible();

  // A building body with the fields of the statistical form.
  await page.getByTestId('body-add').click();
  const body = page.getByRole('dialog', { name: 'Corp de clădire nou' });
  await body.getByTestId('body-name').fill('C1');
  await chooseByLabel(page, /^Destinația/, /^CL – Clădire de locuit/);
  await chooseByLabel(page, /^Categoria de importanță/, /^C – Normală/);
  await body.getByTestId('body-height_cornice').fill('6,5');
  await body.getByTestId('body-height_ridge').fill('9');
  await body.getByTestId('body-height_regime').fill('P+1E+M');
  await body.getByTestId('body-levels_above').fill('3');
  await body.getByTestId('body-roof').fill('Șarpantă din lemn, țiglă');
  await body.getByTestId('body-built_area').fill('120,5');
  await body.getByTestId('body-developed_area').fill('280');
  await body.getByTestId('body-apartments_2_rooms').fill('2');
  await expectAxeClean(page);
  await body.getByTestId('body-save').click();
  await expect(body).toBeHidden();
  await expect(page.getByTestId('bodies-table').getByRole('row', { name: /C1/ })).toContainText('P+1E+M');
  await expectAxeClean(page);

  // A document.
  await page.getByTestId('tab-documents').click();
  await page.getByTestId('document-description').fill('Fotografii de pe șantier');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'proces-verbal.pdf', mimeType: 'application/pdf', buffer: pdf('pv') });
  const documents = page.getByTestId('documents-table');
  await expect(documents.getByRole('row', { name: /proces-verbal\.pdf/ })).toContainText('Document încărcat');
  await expectAxeClean(page);

  // Register: the entry code comes from the series of the type.
  await page.getByTestId('action-register').click();
  await expect(page.getByTestId('control-status')).toHaveText('Înregistrat');
  const entryCode = (await page.getByTestId('control-entry-code').innerText()).trim();
  expect(entryCode).toMatch(/CTRL/);
  await expect(page.getByRole('heading', { level: 1, name: `Controlul ${entryCode}` })).toBeVisible();

  // Unsaved changes of the preparation must be saved (or dropped) before the report.
  await page.getByTestId('tab-preparation').click();
  await page.getByTestId('control-address').fill(`${address} bis`);
  await expect(page.getByTestId('control-unsaved')).toBeVisible();
  await page.getByTestId('action-generate').click();
  const saveFirst = page.getByRole('dialog', { name: 'Salvați modificările mai întâi' });
  await expect(saveFirst).toBeVisible();
  await saveFirst.getByRole('button', { name: 'Închideți', exact: true }).click();
  await expect(saveFirst).toBeHidden();
  await page.getByTestId('control-save').click();
  await expect(page.getByTestId('control-unsaved')).toBeHidden();
  await dismissToasts(page);

  // Generate the closing report, after the question.
  await page.getByTestId('action-generate').click();
  const question = page.getByRole('dialog', { name: 'Generarea raportului de închidere' });
  await expect(question).toContainText('nu mai poate fi modificat');
  await question.getByRole('button', { name: 'Generați raportul' }).click();
  await expect(page.getByTestId('control-status')).toHaveText('Raport generat');
  await expect(page.getByTestId('control-locked')).toBeVisible();
  await expect(page.getByTestId('closing-report-download')).toBeVisible();

  // Locked: every field read-only, no edit buttons anywhere.
  await expect(page.getByTestId('control-address')).toBeDisabled();
  await expect(page.getByTestId('staff-name-0')).toBeDisabled();
  await expect(page.getByTestId('control-save')).toHaveCount(0);
  await expect(page.getByTestId('action-generate')).toHaveCount(0);
  await expectAxeClean(page);
  await page.getByTestId('tab-data').click();
  await expect(page.getByTestId('persons-table')).toBeVisible();
  await expect(page.getByTestId('person-add-offender')).toHaveCount(0);
  await expect(page.getByTestId('body-add')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Modificați persoana/ })).toHaveCount(0);
  await expectAxeClean(page);
  await page.getByTestId('tab-documents').click();
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByTestId('documents-table').getByRole('row', { name: /Raport de închidere/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ștergeți documentul/ })).toHaveCount(0);
  await expectAxeClean(page);
  await page.getByTestId('tab-activities').click();
  const history = page.getByTestId('control-activities');
  await expect(history).toContainText('Raport de închidere generat');
  await expect(history).toContainText('Control înregistrat');
  await expectAxeClean(page);

  // The report: a PDF with the entry code and an offender; the API refuses every later write.
  const detail = await request.get(`/api/controls/${controlId}`, { headers: bearer(place.token) });
  const saved = ((await detail.json()) as { data: { version: number; closing_report: { file_id: number } | null } }).data;
  expect(saved.closing_report).not.toBeNull();
  const report = await pdfText(await downloadFile(request, place.token, saved.closing_report?.file_id ?? 0));
  expect(report).toContain(entryCode);
  expect(report).toContain('Ionescu');
  const refused = await request.post(`/api/controls/${controlId}/persons`, {
    headers: bearer(place.token),
    data: { role: 'witness', person_type: 'individual', first_name: 'Nou', last_name: 'Martor', version: saved.version },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe('CONTROL_LOCKED');

  // The list shows it with its new status.
  await page.goto('/controls');
  await expect(page.getByRole('row', { name: new RegExp(entryCode.replaceAll('/', '\\/')) })).toContainText('Raport generat');
});

test('the super administrator adds a control type and is refused a duplicate name', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/control-type');
  await expect(page.getByRole('heading', { level: 1, name: 'Tipuri de control' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Disciplina în construcții/ }).first()).toBeVisible();
  await expectAxeClean(page);

  const name = `Control E2E ${Date.now().toString(36)}`;
  await page.getByTestId('control-type-create').click();
  const dialog = page.getByRole('dialog', { name: 'Tip de control nou' });
  await dialog.getByTestId('control-type-name').fill(name);
  await dialog.getByTestId('control-type-organisation').click();
  await page.getByRole('option', { name: 'Consiliul Județean Mureș' }).click();
  await dialog.getByTestId('control-type-series').click();
  await page.getByRole('option', { name: 'Controale' }).click();
  await expectAxeClean(page);
  await dialog.getByTestId('control-type-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Tipul de control „${name}” a fost creat.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Controale');

  // The same name in the same organisation: refused, on the name field.
  await page.getByTestId('control-type-create').click();
  await dialog.getByTestId('control-type-name').fill(name.toUpperCase());
  await dialog.getByTestId('control-type-organisation').click();
  await page.getByRole('option', { name: 'Consiliul Județean Mureș' }).click();
  await dialog.getByTestId('control-type-save').click();
  await expect(dialog.getByText('Există deja un tip de control cu această denumire.')).toBeVisible();
  await expect(dialog.getByTestId('control-type-name')).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);
});

test('the control screens fit a phone (375 px) without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, CLERK);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto('/controls');
  await expect(page.getByRole('heading', { level: 1, name: 'Controale' })).toBeVisible();
  await expect(page.getByTestId('controls-list-total')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The demo's draft control (seed) on each tab.
  const link = page.locator('[data-testid^="control-link-"]').first();
  await link.click();
  await expect(page.getByTestId('control-page')).toBeVisible();
  for (const tab of ['preparation', 'data', 'documents', 'activities']) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await overflow(), `tab ${tab}`).toBeLessThanOrEqual(0);
  }
  await page.goto('/control/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Control nou' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
