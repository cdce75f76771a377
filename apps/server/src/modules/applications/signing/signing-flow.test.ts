import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDocuments,
  applicationFiles,
  applications,
  applicationTypes,
  documentSignatures,
  documentTemplates,
  signingRequests,
} from '../../../db/schema/index.js';
import type { SigningLayout } from '@ghiseu/domain';
import { call, completeDraft } from '../../../../test/applications-kit.js';
import { buildCitizen, type SignedIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { readStoredFile } from '../../files/index.js';
import { verifyPdf } from '../../signing/index.js';
import { buildStaffFixture, fileApplication, type StaffFixture, staffCall } from '../staff/staff-kit.js';
import { buildPresident, makeSignerReady, pdfsig, signingCode, withGeneratedDocument } from './signing-kit.js';

/**
 * Online signing by staff (spec §4 Signing online; C5): the assignee signs with the SMS code,
 * the president with a PIN, the seal job seals and issues; every signed PDF passes pdfsig and
 * the portal's verifier. Then the refusals: wrong code ×3, expired request, not enrolled, bad
 * profile, someone else's cell, a change after signing.
 */

let t: TestApp;
let f: StaffFixture;
let president: SignedIn;

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-text-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ONE_CELL: SigningLayout = {
  rows: [[{ index: 1, label: 'Întocmit', signer: 'assignee', box: { page: 0, x: 50, y: 60, width: 220, height: 70 } }]],
};

beforeAll(async () => {
  t = await createTestApp();
  f = await buildStaffFixture(t);
  await makeSignerReady(t, f.supervisor.id);
  president = await buildPresident(t, f);
}, 120_000);
afterAll(async () => t?.close());

const documentOf = async (id: number) =>
  (await t.ctx.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id)))[0];
const applicationOf = async (id: number) => (await t.ctx.db.select().from(applications).where(eq(applications.id, id)))[0];

async function expectValidPdf(fileId: number, signatures: number) {
  const { data } = await readStoredFile(t.ctx.db, t.ctx.storage, fileId);
  const out = await pdfsig(t, data);
  expect(out.match(/Signature is Valid/g)?.length, out).toBe(signatures);
  const report = await verifyPdf(t.ctx.db, data);
  expect(report.ok, JSON.stringify(report)).toBe(true);
  expect(report.signatures.every((s) => s.chain === 'yes')).toBe(true);
  return data;
}

describe('generate → assignee (SMS) → president (PIN) → seal → issued', () => {
  it('signs, seals and issues the document', async () => {
    const id = await fileApplication(t, f, 1);
    const { fileId: generated } = await withGeneratedDocument(t, f, id, { assigneeUserId: f.supervisor.id, seal: true });

    const record = await staffCall(t, 'GET', `/${id}`, f.supervisor);
    expect(record.json().data.abilities.canSign).toBe(true);
    const presidentRecord = await staffCall(t, 'GET', `/${id}`, president);
    expect(presidentRecord.json().data.abilities.canSign).toBe(false);

    // 1. The assignee's cell, confirmed with the SMS code.
    const start = await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {});
    expect(start.statusCode, start.body).toBe(200);
    const started = start.json().data;
    expect(started).toMatchObject({ success: true, confirmation: 'sms' });
    expect(started.masked_phone).toMatch(/\d{3}$/);
    const code = await signingCode(t, f.supervisor.phone);
    const [requestRow] = await t.ctx.db.select().from(signingRequests).where(eq(signingRequests.requestId, started.request_id));
    expect(requestRow.codeHash).not.toContain(code);

    const status1 = (await staffCall(t, 'GET', `/${id}/check-signing-status`, f.supervisor)).json().data;
    expect(status1).toMatchObject({ document_state: 'generated', signatures: { done: 0, total: 2 }, can_sign: true });
    expect(status1.next_signer).toMatchObject({ cell_index: 1, signer: 'assignee', user_id: f.supervisor.id });
    expect(status1.open_request).toMatchObject({ request_id: started.request_id, status: 'pending' });

    const confirm = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, {
      pin: code,
      request_id: started.request_id,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data).toMatchObject({ success: true, document_state: 'signing', application_status: 'SIGN_PENDING' });
    const afterFirst = await documentOf(id);
    expect(afterFirst.fileId).not.toBe(generated);
    await expectValidPdf(afterFirst.fileId as number, 1);

    // The same code cannot be used twice.
    const again = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, {
      pin: code,
      request_id: started.request_id,
    });
    expect(again.json().message).toBe('REQUEST_ALREADY_CONFIRMED');

    // 2. The president, with a signing PIN.
    expect((await staffCall(t, 'GET', `/${id}`, president)).json().data.abilities.canSign).toBe(true);
    const wrongPassword = await call(t, 'PUT', '/api/signing/pin', president.headers, { password: 'nu-e-parola', pin: '123456' });
    expect(wrongPassword.json().message).toBe('SIGNING_PIN_INVALID_PASSWORD');
    const pin = await call(t, 'PUT', '/api/signing/pin', president.headers, { password: president.password, pin: '123456' });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(pin.json().data).toMatchObject({ has_pin: true, can_sign: true, enrolled: true, profile_valid: true });
    const start2 = await staffCall(t, 'PUT', `/${id}/approve/sign`, president, {});
    expect(start2.json().data).toMatchObject({ success: true, confirmation: 'pin', masked_phone: null });
    const confirm2 = await staffCall(t, 'PUT', `/${id}/confirm-signing`, president, { pin: '123456' });
    expect(confirm2.statusCode, confirm2.body).toBe(200);
    expect(confirm2.json().data).toMatchObject({ success: true, document_state: 'sealing', application_status: 'SEAL_PENDING' });
    await expectValidPdf((await documentOf(id)).fileId as number, 2);

    // 3. The seal job, then issuance.
    await t.ctx.jobs.drain();
    const issued = await documentOf(id);
    expect(issued.state).toBe('issued');
    expect(issued.issuedAt).not.toBeNull();
    const a = await applicationOf(id);
    expect(a.status).toBe('RESOLVED');
    expect(a.resolvedAt).not.toBeNull();
    expect(a.issuedAt).not.toBeNull();
    expect(a.allocatedDocumentSeries).toBe(issued.outputNumber);
    const [output] = await t.ctx.db
      .select()
      .from(applicationFiles)
      .where(eq(applicationFiles.fileId, issued.fileId as number));
    expect(output).toMatchObject({ fileType: 'output', status: 'sealed', isPublic: true, applicationId: id });
    const sealed = await expectValidPdf(issued.fileId as number, 3);
    const report = await verifyPdf(t.ctx.db, sealed);
    expect(report.signatures.map((s) => s.signerName)).toEqual([
      'Sorin Șef',
      'Maria Președintescu',
      expect.stringContaining('Primăria'),
    ]);

    const finalStatus = (await staffCall(t, 'GET', `/${id}/check-signing-status`, f.supervisor)).json().data;
    expect(finalStatus).toMatchObject({
      document_state: 'issued',
      application_status: 'RESOLVED',
      signatures: { done: 2, total: 2 },
    });
    expect(finalStatus.next_signer).toBeNull();

    // The applicant sees the issued file in their file list.
    const files = (await call(t, 'GET', `/api/applications/${id}`, f.citizen.headers)).json().data;
    expect(JSON.stringify(files)).toContain(String(issued.fileId));
  }, 120_000);
});

describe('seal error, retry, and a visa number', () => {
  it('leaves the document in SEAL_ERROR when sealing fails; PUT seal retries', async () => {
    const id = await fileApplication(t, f, 20);
    await withGeneratedDocument(t, f, id, { assigneeUserId: f.supervisor.id, layout: ONE_CELL, seal: true });
    // A custom seal image that cannot be read makes the seal fail.
    await t.ctx.db.update(applicationTypes).set({ customSealFileId: 2_000_000_000 }).where(eq(applicationTypes.id, f.typeId));
    const start = (await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {})).json().data;
    const confirm = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, {
      pin: await signingCode(t, f.supervisor.phone),
      request_id: start.request_id,
    });
    expect(confirm.json().data).toMatchObject({ document_state: 'sealing', application_status: 'SEAL_PENDING' });
    await t.ctx.jobs.drain();
    expect(await documentOf(id)).toMatchObject({ state: 'seal_error', errorCode: 'SEAL_ERROR' });
    expect((await applicationOf(id)).status).toBe('SEAL_ERROR');
    expect((await staffCall(t, 'GET', `/${id}`, f.supervisor)).json().data.abilities.canSeal).toBe(true);
    expect((await staffCall(t, 'PUT', `/${id}/seal`, f.plain)).statusCode).toBe(404);

    await t.ctx.db.update(applicationTypes).set({ customSealFileId: null }).where(eq(applicationTypes.id, f.typeId));
    const retry = await staffCall(t, 'PUT', `/${id}/seal`, f.supervisor);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ success: true, document_state: 'sealing', application_status: 'SEAL_PENDING' });
    await t.ctx.jobs.drain();
    expect((await documentOf(id)).state).toBe('issued');
    expect((await applicationOf(id)).status).toBe('RESOLVED');
    const again = await staffCall(t, 'PUT', `/${id}/seal`, f.supervisor);
    expect(again.statusCode).toBe(409);
  }, 60_000);

  it('takes the cell’s visa number from the type’s visa series', async () => {
    const [type] = await t.ctx.db.select().from(applicationTypes).where(eq(applicationTypes.id, f.typeId));
    await t.ctx.db
      .update(applicationTypes)
      .set({ seriesTypeIds: { ...type.seriesTypeIds, visa1: type.seriesTypeIds.incoming } })
      .where(eq(applicationTypes.id, f.typeId));
    const id = await fileApplication(t, f, 21);
    await withGeneratedDocument(t, f, id, {
      assigneeUserId: f.supervisor.id,
      seal: false,
      layout: { rows: [[{ ...ONE_CELL.rows[0][0], visa: 'visa1' }]] },
    });
    const start = (await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {})).json().data;
    const confirm = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, {
      pin: await signingCode(t, f.supervisor.phone),
      request_id: start.request_id,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const visa = confirm.json().data.visa_code;
    expect(visa).toEqual(expect.any(String));
    expect(confirm.json().data).toMatchObject({ document_state: 'issued', application_status: 'RESOLVED' });
    expect((await applicationOf(id)).visaFirstCode).toBe(visa);
    const [signature] = await t.ctx.db
      .select()
      .from(documentSignatures)
      .where(eq(documentSignatures.documentId, (await documentOf(id)).id));
    expect(signature).toMatchObject({ visaCode: visa, method: 'online', kind: 'staff', cellIndex: 1 });
  }, 60_000);
});

describe('refusals', () => {
  it('ends the request after three wrong codes (session expired)', async () => {
    const id = await fileApplication(t, f, 2);
    await withGeneratedDocument(t, f, id, { assigneeUserId: f.supervisor.id });
    const start = (await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {})).json().data;
    const code = await signingCode(t, f.supervisor.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, { pin: wrong, request_id: start.request_id });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ message: 'SIGNING_CODE_INVALID', data: { remaining_attempts: 2 } });
    const second = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, {
      pin: wrong,
      request_id: start.request_id,
    });
    expect(second.json().message).toBe('SIGNING_CODE_INVALID');
    const third = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, { pin: wrong, request_id: start.request_id });
    expect(third.json().message).toBe('SIGNING_SESSION_EXPIRED');
    const right = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, { pin: code, request_id: start.request_id });
    expect(right.json().message).toBe('SIGNING_SESSION_EXPIRED');
    expect((await documentOf(id)).state).toBe('generated');
  });

  it('refuses an expired request', async () => {
    const id = await fileApplication(t, f, 3);
    await withGeneratedDocument(t, f, id, { assigneeUserId: f.supervisor.id });
    const start = (await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {})).json().data;
    const code = await signingCode(t, f.supervisor.phone);
    await t.ctx.db
      .update(signingRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signingRequests.requestId, start.request_id));
    const late = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, { pin: code, request_id: start.request_id });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('SIGNING_CODE_EXPIRED');
    const status = (await staffCall(t, 'GET', `/${id}/check-signing-status`, f.supervisor)).json().data;
    expect(status.open_request.status).toBe('expired');
  });

  it('refuses a signer who is not enrolled, or whose profile is not valid', async () => {
    const id = await fileApplication(t, f, 4);
    await withGeneratedDocument(t, f, id, { assigneeUserId: f.clerk.id });
    await makeSignerReady(t, f.clerk.id, { enrolled: false });
    const notEnrolled = await staffCall(t, 'PUT', `/${id}/approve/sign`, f.clerk, {});
    expect(notEnrolled.statusCode).toBe(400);
    expect(notEnrolled.json().message).toBe('INVALID_CERTSIGN_ENROLLMENT');
    await makeSignerReady(t, f.clerk.id, { enrolled: true, cnp: '1850101260000' });
    const badProfile = await staffCall(t, 'PUT', `/${id}/approve/sign`, f.clerk, {});
    expect(badProfile.statusCode).toBe(400);
    expect(badProfile.json().message).toBe('INVALID_PROFILE_FOR_SIGNING');
    const profile = (await call(t, 'GET', '/api/signing/profile', f.clerk.headers)).json().data;
    expect(profile).toMatchObject({ enrolled: true, profile_valid: false, can_sign: false, has_pin: false });
    expect(profile.problems[0]).toMatchObject({ code: 'INVALID_PROFILE_FOR_SIGNING', message: expect.stringContaining('CNP') });
  });

  it('answers 403 to someone who is not the next signer, 409 for the wrong kind, EMPTY_TARGET_FILES without a document', async () => {
    const id = await fileApplication(t, f, 5);
    await setStateGenerated(id);
    const empty = await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {});
    expect(empty.json().message).toBe('EMPTY_TARGET_FILES');
    await withGeneratedDocument(t, f, id, { assigneeUserId: f.supervisor.id });
    const president1 = await staffCall(t, 'PUT', `/${id}/approve/sign`, president, {});
    expect(president1.statusCode).toBe(403);
    const clerk = await staffCall(t, 'PUT', `/${id}/approve/sign`, f.clerk, {});
    expect(clerk.statusCode).toBe(403);
    const stranger = await staffCall(t, 'PUT', `/${id}/approve/sign`, f.stranger, {});
    expect(stranger.statusCode).toBe(404);
    const kind = await staffCall(t, 'PUT', `/${id}/reject/sign`, f.supervisor, {});
    expect(kind.statusCode).toBe(409);
    expect(kind.json().message).toBe('SIGNING_DOCUMENT_KIND_MISMATCH');
    // Another user cannot confirm the supervisor's request.
    const start = (await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {})).json().data;
    const code = await signingCode(t, f.supervisor.phone);
    const hijack = await staffCall(t, 'PUT', `/${id}/confirm-signing`, president, { pin: code, request_id: start.request_id });
    expect(hijack.json().message).toBe('SIGNING_REQUEST_NOT_FOUND');
  });

  it('refuses a citizen change after the applicant signed the request (sign and submit)', async () => {
    await makeSignerReady(t, f.citizen.id, { enrolled: false });
    const draft = await call(t, 'POST', '/api/applications', f.citizen.headers, { application_type_id: f.typeId });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id;
    // A draft that could not be submitted is not signed (signing would lock it unfinished).
    const early = await call(t, 'PUT', `/api/applications/${id}/sign`, f.citizen.headers);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().message).toBe('INVALID_FORM_VALUE');
    await completeDraft(t, f.citizen.headers, id);
    const start = await call(t, 'PUT', `/api/applications/${id}/sign`, f.citizen.headers);
    expect(start.statusCode, start.body).toBe(200);
    const code = await signingCode(t, f.citizen.phone);
    const confirm = await call(t, 'PUT', `/api/applications/${id}/confirm-signing`, f.citizen.headers, { pin: code });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const fileId = confirm.json().data.file_id;
    const [row] = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.fileId, fileId));
    expect(row).toMatchObject({ fileType: 'input', status: 'signed' });
    await expectValidPdf(fileId, 1);
    const edit = await call(t, 'PATCH', `/api/applications/${id}`, f.citizen.headers, { form: { x: 'y' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('APPLICATION_LOCKED_AFTER_SIGNING');
    // Submitting is still allowed (the lock keeps what was signed), and the signed request goes with it.
    const submit = await call(t, 'PUT', `/api/applications/${id}/send`, f.citizen.headers);
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json().data.status).toBe('NEW');
    expect(submit.json().data.attachments.map((file: { name: string }) => file.name)).toContain('cerere-semnata.pdf');
  });

  it('renders the request with the type’s citizen template when it has one', async () => {
    const [template] = await t.ctx.db
      .insert(documentTemplates)
      .values({
        organisationId: f.organisationId,
        name: `Cerere tip ${Date.now()}`,
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Subsemnatul ' },
                { type: 'placeholder', attrs: { key: 'applicant.name' } },
                { type: 'text', text: ' solicit eliberarea certificatului.' },
              ],
            },
          ],
        },
        signingLayout: { rows: [[{ index: 1, label: 'Solicitant', signer: 'applicant' }]] },
      })
      .returning({ id: documentTemplates.id });
    const [type] = await t.ctx.db.select().from(applicationTypes).where(eq(applicationTypes.id, f.typeId));
    await t.ctx.db
      .update(applicationTypes)
      .set({ documentTemplateIds: { ...type.documentTemplateIds, citizen: template.id } })
      .where(eq(applicationTypes.id, f.typeId));
    const id = (await call(t, 'POST', '/api/applications', f.citizen.headers, { application_type_id: f.typeId })).json().data.id;
    await completeDraft(t, f.citizen.headers, id);
    expect((await call(t, 'PUT', `/api/applications/${id}/sign`, f.citizen.headers)).statusCode).toBe(200);
    const confirm = await call(t, 'PUT', `/api/applications/${id}/confirm-signing`, f.citizen.headers, {
      pin: await signingCode(t, f.citizen.phone),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const data = await expectValidPdf(confirm.json().data.file_id, 1);
    expect(pdfText(data)).toContain('solicit eliberarea certificatului');
  });
});

describe('concurrency and the clarification answer', () => {
  it('signs once when the same code is confirmed twice at the same time', async () => {
    const id = await fileApplication(t, f, 30);
    await withGeneratedDocument(t, f, id, { assigneeUserId: f.supervisor.id });
    const start = (await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {})).json().data;
    const code = await signingCode(t, f.supervisor.phone);
    const body = { pin: code, request_id: start.request_id };
    const answers = await Promise.all([
      staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, body),
      staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [doc] = await t.ctx.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id));
    const signatures = await t.ctx.db.select().from(documentSignatures).where(eq(documentSignatures.documentId, doc.id));
    expect(signatures).toHaveLength(1);
  });

  it('signs the answer to a clarification request (review=true) as a review file', async () => {
    const id = await fileApplication(t, f, 31);
    await t.ctx.db.update(applications).set({ status: 'REVIEW', registeredAt: new Date() }).where(eq(applications.id, id));
    await makeSignerReady(t, f.citizen.id, { enrolled: false });
    const start = await call(t, 'PUT', `/api/applications/${id}/sign?review=true`, f.citizen.headers);
    expect(start.statusCode, start.body).toBe(200);
    const code = await signingCode(t, f.citizen.phone);
    const wrongKind = await call(t, 'PUT', `/api/applications/${id}/confirm-signing`, f.citizen.headers, { pin: code });
    expect(wrongKind.json().message).toBe('SIGNING_REQUEST_NOT_FOUND');
    const again = (await call(t, 'PUT', `/api/applications/${id}/sign?review=true`, f.citizen.headers)).json().data;
    const confirm = await call(t, 'PUT', `/api/applications/${id}/confirm-signing`, f.citizen.headers, {
      pin: await signingCode(t, f.citizen.phone),
      review: true,
      request_id: again.request_id,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [row] = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.fileId, confirm.json().data.file_id));
    expect(row).toMatchObject({ fileType: 'review', status: 'signed' });
    expect(confirm.json().data.application_status).toBe('REVIEW');
  });
});

describe('start rate limit', () => {
  it('refuses more than 30 signing starts in 10 minutes (each may send an SMS)', async () => {
    const citizen = await buildCitizen(t);
    await makeSignerReady(t, citizen.id, { enrolled: false });
    const id = (await call(t, 'POST', '/api/applications', citizen.headers, { application_type_id: f.typeId })).json().data.id;
    await completeDraft(t, citizen.headers, id);
    for (let i = 0; i < 30; i++)
      expect((await call(t, 'PUT', `/api/applications/${id}/sign`, citizen.headers)).statusCode).toBe(200);
    const limited = await call(t, 'PUT', `/api/applications/${id}/sign`, citizen.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('RATE_LIMITED');
  }, 60_000);
});

async function setStateGenerated(id: number) {
  await t.ctx.db
    .update(applications)
    .set({ status: 'GENERATED', assigneeUserId: f.supervisor.id, registeredAt: new Date() })
    .where(eq(applications.id, id));
}
