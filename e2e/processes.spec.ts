import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, chooseOption, rowAction } from './support/administration';
import { expectAxeClean, signIn } from './support/portal';

/**
 * Workflow processes (spec §2 /process-editor, /process/new, /process/{id}; §4 Process states;
 * issue 11 "Workflow processes"): the super administrator builds a process of three steps in the
 * editor, sees its diagram, publishes it after a confirmation and attaches it to an application
 * type in the type's editor; then (through the API, for speed) a citizen files an application of
 * that type, a clerk starts the process and acts, and the application's step, function and status
 * follow the definition. Every process screen is checked with axe.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ actionTimeout: 15_000, viewport: { width: 1366, height: 900 } });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PROCESS = `Proces test ${run}`;
const TYPE = `Cerere de informații ${run}`;
const COUNTY = 'Consiliul Județean Mureș';

async function api(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'put' | 'patch',
  path: string,
  data?: unknown,
) {
  const response = await request[method](`/api${path}`, { headers: bearer(token), ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: Record<string, unknown> & { id: number } }).data;
}

/** An application type of the county council with a one-question form and an incoming series, set up through the API. */
async function createType(request: APIRequestContext, token: string): Promise<number> {
  const organisations = (await (await request.get('/api/organisations?limit=100', { headers: bearer(token) })).json()) as {
    data: { id: number; name: string }[];
  };
  const county = organisations.data.find((o) => o.name === COUNTY);
  expect(county).toBeDefined();
  const form = await api(request, token, 'post', '/forms', {
    name: `Formular ${run}`,
    definition: { fields: [{ type: 'textarea', key: 'mesaj', label: 'Mesaj', required: true }] },
  });
  await api(request, token, 'post', `/forms/${form.id}/publish`);
  const seriesType = await api(request, token, 'post', '/document-series-types', { name: `Intrări ${run}` });
  await api(request, token, 'post', '/document-series', {
    type_id: seriesType.id,
    organisation_id: county?.id,
    name: `Registratura ${run}`,
    prefix: `P${run.slice(-5).toUpperCase()}`,
    separator: '/',
  });
  const type = await api(request, token, 'post', '/application-types', {
    name: TYPE,
    organisation_id: county?.id,
    citizen_form_id: form.id,
    series_type_ids: { incoming: seriesType.id },
    status: 'active',
    category: 'inbound',
  });
  return type.id;
}

/** Adds a step in the editor and fills its dialog. */
async function addStep(page: Page, name: string, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByTestId('step-add').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /Denumirea pasului/ }).fill(name);
  await fill(dialog);
  await dialog.getByTestId('step-apply').click();
  await expect(dialog).toBeHidden();
}

let typeId = 0;
let processId = 0;

test('the super admin builds a process of three steps, sees its diagram and publishes it', async ({ page, request }) => {
  typeId = await createType(request, await apiSignIn(request, 'superadmin@demo.ghiseu.ro'));
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/process-editor');
  await expect(page.getByRole('heading', { level: 1, name: 'Editor de procese' })).toBeVisible();
  // The list (or its empty state on a fresh portal) has loaded.
  await expect(page.getByText(/^Total \d+ (proces|procese)$/)).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('link', { name: 'Proces nou' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proces nou' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('textbox', { name: 'Denumire' }).fill(PROCESS);
  await chooseOption(page, 'process-organisation', COUNTY);
  await page.getByTestId('process-new-submit').click();
  await expect(page).toHaveURL(/\/process\/\d+$/);
  processId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: PROCESS })).toBeVisible();
  await expect(page.getByTestId('process-status')).toHaveText('Ciornă');
  await expectAxeClean(page);

  await page.getByRole('tab', { name: /Pași/ }).click();
  await expect(page.getByTestId('steps-empty')).toBeVisible();
  await addStep(page, 'Repartizare', async () => {
    await chooseOption(page, 'step-action_name', 'Repartizare');
  });
  await addStep(page, 'Analiză tehnică', async () => {
    await chooseOption(page, 'step-action_name', 'Aprobare');
  });
  await addStep(page, 'Emitere certificat', async (dialog) => {
    await chooseOption(page, 'step-action-type', 'Generare document');
    await dialog.getByRole('textbox', { name: 'Acțiunea documentului' }).fill('approve');
    await expectAxeClean(page);
  });
  await expect(page.getByTestId('step-list').getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('step-pas-1')).toContainText('Următorul: Analiză tehnică');
  await expect(page.getByTestId('step-pas-1')).toContainText('Start');

  // The GIS-intersection settings of a step: stored with the steps.
  await page.getByRole('button', { name: 'Setări de intersecție GIS pentru pasul Analiză tehnică' }).click();
  const gis = page.getByRole('dialog');
  await gis.getByTestId('gis-add').click();
  await gis.getByRole('textbox', { name: /^Strat/ }).fill('PUG Târgu Mureș');
  await gis.getByRole('textbox', { name: /Atribut GIS/ }).fill('cod_utr');
  await gis.getByRole('textbox', { name: /Denumirea metadatei/ }).fill('utr');
  await expectAxeClean(page);
  await gis.getByTestId('gis-apply').click();
  await expect(gis).toBeHidden();
  await expect(page.getByTestId('step-pas-2')).toContainText('o setare GIS');
  await expectAxeClean(page);

  await page.getByTestId('process-save').click();
  await expect(page.getByText('Modificările au fost salvate.')).toBeVisible();
  await expect(page.getByTestId('process-unsaved')).toHaveCount(0);

  // The diagram: a node per step, drawn by React Flow.
  await page.getByRole('tab', { name: 'Diagramă' }).click();
  const diagram = page.getByTestId('process-diagram');
  await expect(diagram).toBeVisible();
  await expect(diagram.locator('.react-flow__node')).toHaveCount(3);
  await expect(diagram.locator('.react-flow__edge')).toHaveCount(2);
  await expect(diagram).toContainText('3. Emitere certificat');
  await expectAxeClean(page);

  // Publishing asks first.
  await page.getByTestId('process-publish').click();
  const confirm = page.getByRole('dialog', { name: 'Publicați procesul?' });
  await expect(confirm).toBeVisible();
  await expectAxeClean(page);
  await confirm.getByRole('button', { name: 'Publicați' }).click();
  await expect(page.getByText('Procesul a fost publicat.')).toBeVisible();
  await expect(page.getByTestId('process-status')).toHaveText('Publicat');
  await expect(page.getByText(/Procesul este publicat: nu mai poate fi modificat/)).toBeVisible();
  await expect(page.getByTestId('process-save')).toHaveCount(0);

  await page.goto('/process-editor');
  const row = page.getByRole('table', { name: 'Lista proceselor' }).getByRole('row').filter({ hasText: PROCESS });
  await expect(row).toContainText('Publicat');
  await expect(row).toContainText(COUNTY);
});

test('the process is attached to an application type in its editor', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/application-type');
  await rowAction(page, 'Lista tipurilor de cereri', TYPE, 'Modificați');
  const edit = page.getByRole('dialog', { name: 'Modificare tip de cerere' });
  await expect(edit).toBeVisible();
  await chooseOption(page, 'at-workflow', PROCESS);
  await page.getByTestId('at-submit').click();
  await expect(page.getByText(`Tipul de cerere „${TYPE}” a fost salvat.`)).toBeVisible();
  await expect(edit).toBeHidden();
});

test('an application of the type moves through the steps as defined', async ({ page, request }) => {
  // The citizen files (API).
  const citizen = await apiSignIn(request, 'citizen@demo.ghiseu.ro');
  const draft = await api(request, citizen, 'post', '/applications?echo=true', { application_type_id: typeId });
  await api(request, citizen, 'patch', `/applications/${draft.id}`, { form: { mesaj: 'Solicit informații despre parcelă.' } });
  await api(request, citizen, 'put', `/applications/${draft.id}/send`);

  // The clerk registers it, starts the process and acts (API); the process says where it is.
  const clerk = await apiSignIn(request, 'staff@demo.ghiseu.ro');
  const me = (await (await request.get('/api/users/me', { headers: bearer(clerk) })).json()) as { data: { user_id: number } };
  const id = draft.id;
  await api(request, clerk, 'patch', `/staff-applications/${id}/register`, {});
  const started = await api(request, clerk, 'patch', `/staff-applications/${id}/start-process`, {});
  expect(started).toMatchObject({ status: 'REGISTERED', current_step_name: 'Repartizare' });
  const assigned = await api(request, clerk, 'patch', `/staff-applications/${id}/assign`, { assignee_user_id: me.data.user_id });
  expect(assigned).toMatchObject({ status: 'PENDING', current_step_name: 'Analiză tehnică' });
  const approved = await api(request, clerk, 'put', `/staff-applications/${id}/approve`, {});
  expect(approved).toMatchObject({ status: 'APPROVED', current_step_name: 'Așteaptă generarea documentului' });
  const runState = await api(request, clerk, 'get', `/application-processes/${id}`);
  expect(runState).toMatchObject({ state: 'waiting_documents', current_step: { name: 'Emitere certificat' } });

  // The editor shows the process running.
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto(`/process/${processId}`);
  await expect(page.getByTestId('process-status')).toHaveText('În procesare');
  await expectAxeClean(page);
});

test('the demo process draws its return to the start step', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/process-editor');
  await page.getByRole('link', { name: 'Emiterea autorizației de desființare' }).click();
  await page.getByRole('tab', { name: /Diagramă/ }).click();
  const diagram = page.getByTestId('process-diagram');
  // Two "next" arrows and the chief architect's return to the verification (the start step).
  await expect(diagram.locator('.react-flow__edge')).toHaveCount(3);
  await expect(diagram).toContainText('revenire');
  await expectAxeClean(page);
});
