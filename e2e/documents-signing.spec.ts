import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signElsewhere } from '../apps/server/test/external-signer';
import { apiSignIn, bearer, smsCodeFromOutbox } from './support/administration';
import {
  approvedApplication,
  createDocumentsOffice,
  type DocumentsOffice,
  generatedAnswer,
  pdfText,
  type Signer,
  signThroughApi,
} from './support/documents';
import { expectAxeClean, signIn } from './support/portal';
import { CITIZEN_QUESTION } from './support/staff';

/**
 * Documents and signatures (issue 12, done-when): staff generate the certificate of an approved
 * application, sign it with the code from the outbox, the organisation seals it and it is issued
 * with its output number; the citizen downloads it and finds it under issued documents; a
 * visitor verifies it by the address of its QR code. A second journey signs offline (the
 * applicant's signature, made with a certificate from outside the portal); a third bulk-signs
 * ten applications with one code. Each journey has its own organisation, made through the API.
 */
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 20_000 });

const CITIZEN = 'citizen@demo.ghiseu.ro';
/** citizen@'s confirmed phone in the demo (the SMS codes go there). */
const CITIZEN_PHONE = '0740123456';

/**
 * Each journey's own organisation (made by the super administrator through the API) and the demo
 * citizen's token; `prefix` starts its numbers (entry `prefix/n/year`, output `prefix-CU/n/year`).
 */
async function journeyOffice(
  request: APIRequestContext,
  options: Omit<Parameters<typeof createDocumentsOffice>[3], 'prefix'>,
): Promise<{ office: DocumentsOffice; prefix: string; citizenToken: string }> {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const prefix = `D${run.slice(-4).toUpperCase()}`;
  const superToken = await apiSignIn(request, 'superadmin@demo.ghiseu.ro');
  const office = await createDocumentsOffice(request, superToken, run, { ...options, prefix });
  return { office, prefix, citizenToken: await apiSignIn(request, CITIZEN) };
}

async function pageAs(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

/** Opens the staff view's document tab and waits for the panel. */
async function openDocumentTab(page: Page, id: number): Promise<void> {
  await page.goto(`/application/${id}/document`);
  await expect(page.getByTestId('document-panel')).toBeVisible();
}

/** Signs the next cell in the browser: the dialog sends the code by SMS, read from the outbox. */
async function signInBrowser(page: Page, who: Signer): Promise<void> {
  await page.getByTestId('panel-sign').click();
  const dialog = page.getByTestId('panel-signing-dialog');
  await expect(dialog).toBeVisible();
  const since = Date.now();
  await dialog.getByTestId('panel-signing-dialog-start').click();
  await expect(dialog.getByTestId('panel-signing-dialog-where')).toContainText('SMS');
  const code = await smsCodeFromOutbox(page.request, who.phone, since);
  await dialog.getByTestId('panel-signing-dialog-code').fill(code);
  await dialog.getByTestId('panel-signing-dialog-confirm').click();
  // Signed: the dialog closes and the panel shows the cell signed.
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

test('a clerk generates and signs the certificate, the president signs, the seal is applied and the document is issued; the citizen downloads it and a visitor verifies it', async ({
  browser,
  request,
}) => {
  const { office, prefix, citizenToken } = await journeyOffice(request, {
    seal: true,
    layout: [[{ index: 2, label: 'Președinte', signer: 'president' }], [{ index: 1, label: 'Întocmit', signer: 'assignee' }]],
  });
  const application = await approvedApplication(request, citizenToken, office, 'Construire locuință în Târgu Mureș');

  // The clerk generates the answer and follows the job's progress on the document tab.
  const clerk = await pageAs(browser, office.clerk.email, office.clerk.password);
  await openDocumentTab(clerk, application.id);
  await clerk.getByTestId('panel-generate').click();
  await expect(clerk.getByTestId('document-state')).toHaveText('Generat', { timeout: 30_000 });
  const outputNumber = (await clerk.getByTestId('document-output-number').innerText()).trim();
  expect(outputNumber).toMatch(new RegExp(`^${prefix}-CU/1/\\d{4}$`));
  await expect(clerk.getByTestId('document-next-signer')).toContainText(office.clerk.name);
  await expectAxeClean(clerk);

  // The clerk signs the first cell with the SMS code; the president signs last.
  await signInBrowser(clerk, office.clerk);
  await expect(clerk.getByTestId('document-state')).toHaveText('În curs de semnare');
  await expectAxeClean(clerk);
  const president = office.president as Signer;
  const presidentPage = await pageAs(browser, president.email, president.password);
  await openDocumentTab(presidentPage, application.id);
  await signInBrowser(presidentPage, president);
  // The seal job runs, then the document is issued: the application is resolved.
  await expect
    .poll(
      async () => {
        await presidentPage.reload();
        return (await presidentPage.getByTestId('document-state').textContent())?.trim();
      },
      { timeout: 30_000 },
    )
    .toBe('Emis');
  await expect(presidentPage.getByTestId('document-output-number')).toHaveText(outputNumber);

  // The citizen sees the issued document on the application and downloads it.
  const citizen = await pageAs(browser, CITIZEN);
  await citizen.goto(`/application/${application.id}`);
  const card = citizen.getByTestId('applicant-document');
  await expect(card.getByTestId('applicant-output-number')).toContainText(outputNumber);
  // "Descărcați documentul" opens the PDF in a new tab (a blob address); the bytes are the answer
  // of the same call, read here through the API.
  const [tab] = await Promise.all([citizen.waitForEvent('popup'), card.getByTestId('applicant-download').click()]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  const download = await request.get(`/api/applications/${application.id}/preview-document`, { headers: bearer(citizenToken) });
  expect(download.status()).toBe(200);
  const pdf = await download.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // Two signatures and the seal: three signature dictionaries in the issued file.
  expect(pdf.toString('latin1').match(/\/Type\s*\/Sig\b/g)?.length).toBe(3);
  const text = await pdfText(pdf);
  expect(text).toContain('Certificat de urbanism');
  expect(text).toContain(outputNumber);
  await expectAxeClean(citizen);

  // …and finds it under the issued documents.
  await citizen.goto('/issued-documents');
  await expect(citizen.getByTestId('issued-documents-page')).toBeVisible();
  await expect(citizen.getByRole('row').filter({ hasText: outputNumber })).toHaveCount(1);
  await expectAxeClean(citizen);

  // A visitor (no account) opens the address of the QR code, printed under it, and checks the file.
  const code = /\/verificare\/([A-Za-z0-9_-]+)/.exec(text.replace(/\s+/g, ''))?.[1];
  expect(code, 'the verification address in the PDF').toBeTruthy();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/verificare/${code}`);
  await expect(visitor.getByTestId('verification-valid')).toBeVisible();
  await expect(visitor.getByTestId('verification-output-number')).toHaveText(outputNumber);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-verify-')), 'certificat.pdf');
  fs.writeFileSync(file, pdf);
  await visitor.getByTestId('file-check').locator('input[type="file"]').setInputFiles(file);
  await expect(visitor.getByTestId('file-check-result')).toContainText('Fișierul corespunde documentului emis');
  await expectAxeClean(visitor);
  const tampered = Buffer.from(pdf);
  tampered[tampered.length - 10] = (tampered[tampered.length - 10] as number) ^ 0x01;
  const other = path.join(path.dirname(file), 'certificat-modificat.pdf');
  fs.writeFileSync(other, tampered);
  await visitor.getByTestId('file-check').locator('input[type="file"]').setInputFiles(other);
  await expect(visitor.getByTestId('file-check-result')).toContainText('Fișierul nu corespunde documentului emis');
});

test('the applicant signs the document offline with a certificate from outside the portal, and it is issued', async ({
  browser,
  request,
}) => {
  const { office, prefix, citizenToken } = await journeyOffice(request, {
    seal: false,
    layout: [[{ index: 1, label: 'Întocmit', signer: 'assignee' }], [{ index: 2, label: 'Solicitant', signer: 'applicant' }]],
  });
  const application = await approvedApplication(request, citizenToken, office, 'Acord de principiu');
  await generatedAnswer(request, office.clerk.token, application.id);
  await signThroughApi(request, office.clerk, application.id);

  const citizen = await pageAs(browser, CITIZEN);
  await citizen.goto(`/application/${application.id}`);
  const card = citizen.getByTestId('applicant-document');
  await expect(card.getByTestId('applicant-awaits-signature')).toBeVisible();
  await card.getByTestId('applicant-offline').click();
  const panel = card.getByTestId('offline-sign');
  // "Descărcați documentul" starts the offline signing: the portal hands out the PDF to sign.
  const [initialized] = await Promise.all([
    citizen.waitForResponse((r) => r.url().includes(`/api/applications/${application.id}/initialize-offline-sign`)),
    panel.getByTestId('offline-download').click(),
  ]);
  expect(initialized.status()).toBe(200);
  const { download_url } = ((await initialized.json()) as { data: { download_url: string } }).data;
  const handedOut = await request.get(download_url);
  expect(handedOut.status()).toBe(200);
  const issued = await handedOut.body();

  // The applicant signs it at home (another CA), then uploads it: first a tampered copy.
  const signed = await signElsewhere(issued, 'Ion Popescu');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-offline-'));
  const tamperedFile = path.join(dir, 'document-modificat.pdf');
  const tampered = Buffer.from(signed);
  const at = tampered.lastIndexOf('/Producer');
  tampered[at + 3] = (tampered[at + 3] as number) ^ 0x01;
  fs.writeFileSync(tamperedFile, tampered);
  await panel.locator('input[type="file"]').setInputFiles(tamperedFile);
  await expect(panel.getByText('document-modificat.pdf')).toBeVisible();
  await panel.getByTestId('offline-check').click();
  await expect(panel.getByTestId('offline-report')).toBeVisible();
  await expect(panel.getByTestId('offline-finish')).toHaveCount(0);

  await panel.getByRole('button', { name: /Ștergeți fișierul document-modificat\.pdf/ }).click();
  const signedFile = path.join(dir, 'document-semnat.pdf');
  fs.writeFileSync(signedFile, signed);
  await panel.locator('input[type="file"]').setInputFiles(signedFile);
  await expect(panel.getByRole('button', { name: /Ștergeți fișierul document-semnat\.pdf/ })).toBeVisible();
  await panel.getByTestId('offline-check').click();
  await expect(panel.getByTestId('offline-report')).toBeVisible();
  await expectAxeClean(citizen);
  await panel.getByTestId('offline-finish').click();

  // Issued at once (no seal for this type): the card becomes the issued document's.
  await expect(card.getByRole('heading', { name: 'Documentul emis' })).toBeVisible();
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/applications/${application.id}/check-generation-status`, {
          headers: bearer(citizenToken),
        });
        return ((await response.json()) as { data: { state: string } }).data.state;
      },
      { timeout: 20_000 },
    )
    .toBe('issued');
  await citizen.reload();
  await expect(citizen.getByTestId('applicant-output-number')).toContainText(`${prefix}-CU/1/`);
});

test('the clerk signs ten applications at once with one code', async ({ browser, request }) => {
  const { office, citizenToken } = await journeyOffice(request, {
    seal: false,
    layout: [[{ index: 2, label: 'Președinte', signer: 'president' }], [{ index: 1, label: 'Întocmit', signer: 'assignee' }]],
  });
  const ids: number[] = [];
  for (let n = 1; n <= 10; n += 1) {
    const application = await approvedApplication(request, citizenToken, office, `Certificat în lot ${n}`);
    ids.push(application.id);
  }
  for (const id of ids) await generatedAnswer(request, office.clerk.token, id);

  const clerk = await pageAs(browser, office.clerk.email, office.clerk.password);
  await clerk.goto('/applications-assigned');
  const table = clerk.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(11);
  await clerk.getByRole('checkbox', { name: 'Selectați toate rândurile' }).check();
  await expect(clerk.getByTestId('bulk-sign')).toContainText('(10)');
  await clerk.getByTestId('bulk-sign').click();
  await clerk.getByRole('button', { name: 'Da, semnez' }).click();
  const dialog = clerk.getByTestId('bulk-signing-dialog');
  const since = Date.now();
  await dialog.getByTestId('bulk-signing-dialog-start').click();
  const code = await smsCodeFromOutbox(request, office.clerk.phone, since);
  await dialog.getByTestId('bulk-signing-dialog-code').fill(code);
  await dialog.getByTestId('bulk-signing-dialog-confirm').click();
  // The signing dialog closes and the result names what could not be signed: nothing here.
  const result = clerk.getByTestId('bulk-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).toContainText('10 documente au fost semnate.');
  await expect(clerk.getByTestId('bulk-failed')).toHaveCount(0);
  await expectAxeClean(clerk);

  // Every one now waits for the president (the clerk's cell is signed).
  for (const id of ids) {
    const response = await request.get(`/api/staff-applications/${id}/check-signing-status`, {
      headers: bearer(office.clerk.token),
    });
    const status = ((await response.json()) as { data: { application_status: string; signatures: { done: number } } }).data;
    expect(status).toMatchObject({ application_status: 'SIGN_PENDING', signatures: { done: 1, total: 2 } });
  }
});

test('the citizen signs the request with the SMS code and sends it from the wizard (sign and submit)', async ({
  browser,
  request,
}) => {
  const { office, citizenToken } = await journeyOffice(request, {
    seal: false,
    layout: [[{ index: 1, label: 'Întocmit', signer: 'assignee' }]],
  });
  const draft = await request.post('/api/applications?echo=true', {
    headers: bearer(citizenToken),
    data: { application_type_id: office.typeId },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const id = ((await draft.json()) as { data: { id: number } }).data.id;
  const answered = await request.patch(`/api/applications/${id}`, {
    headers: { ...bearer(citizenToken), 'Content-Type': 'application/merge-patch+json' },
    data: { form: { [CITIZEN_QUESTION.key]: 'Certificat semnat la depunere' } },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  const citizen = await pageAs(browser, CITIZEN);
  await citizen.goto(`/application/${id}/edit`);
  const signAndSubmit = citizen.getByTestId('wizard-sign-and-submit');
  // The wizard resumes at the first step left to do; through the rest to the summary (online
  // signing is the default).
  await expect(citizen.getByRole('heading', { name: /Pasul \d+ din \d+/ })).toBeVisible();
  for (let step = 0; step < 8 && !(await signAndSubmit.isVisible()); step++) {
    await citizen.getByRole('button', { name: 'Continuați' }).click();
  }
  await expect(signAndSubmit).toBeVisible();
  await expectAxeClean(citizen);
  // The dialog sends the code at once (an applicant adds no signature image).
  const since = Date.now();
  await signAndSubmit.click();
  const dialog = citizen.getByTestId('wizard-signing-dialog');
  await expect(dialog.getByTestId('wizard-signing-dialog-where')).toContainText('SMS');
  const code = await smsCodeFromOutbox(request, CITIZEN_PHONE, since);
  await dialog.getByTestId('wizard-signing-dialog-code').fill(code);
  await dialog.getByTestId('wizard-signing-dialog-confirm').click();
  await expect(citizen).toHaveURL(new RegExp(`/application-confirmation/${id}$`));

  // Filed, with the signed request among its files.
  const record = await request.get(`/api/applications/${id}`, { headers: bearer(citizenToken) });
  const application = ((await record.json()) as { data: { status: string; attachments: { name: string }[] } }).data;
  expect(application.status).toBe('NEW');
  expect(application.attachments.map((file) => file.name)).toContain('cerere-semnata.pdf');
});
