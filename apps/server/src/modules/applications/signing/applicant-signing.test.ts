import type { SigningLayout } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { type PDFArray, type PDFDict, PDFName, PDFNumber, type PDFRef } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments, applications } from '../../../db/schema/index.js';
import { call } from '../../../../test/applications-kit.js';
import { multipartFile } from '../../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { renderPdf } from '../../../platform/pdf.js';
import { readStoredFile } from '../../files/index.js';
import { type SignerIdentity, signingProvider, verifyPdf } from '../../signing/index.js';
// biome-ignore lint/style/noRestrictedImports: test only — the signing core's PDF increment writer, to append a page after signing
import { appendIncrement, readPdf } from '../../signing/pdf-increment.js';
// biome-ignore lint/style/noRestrictedImports: test only — a signature by an expired certificate
import { signWithValidity } from '../../signing/signer.js';
import { buildStaffFixture, fileApplication, type StaffFixture, staffCall } from '../staff/staff-kit.js';
import { makeSignerReady, pdfsig, signingCode, withGeneratedDocument } from './signing-kit.js';

/**
 * The applicant's signature of the output document (spec §4 "Signing online… Offline…"; C5):
 * online with an SMS code, and offline — download, sign elsewhere, upload, check, finish — with
 * the uploads that must be refused: a flipped byte, a different document, a page added after
 * signing, an expired certificate.
 */

let t: TestApp;
let f: StaffFixture;

const WITH_APPLICANT: SigningLayout = {
  rows: [
    [{ index: 1, label: 'Întocmit', signer: 'assignee', box: { page: 0, x: 50, y: 60, width: 220, height: 70 } }],
    [{ index: 2, label: 'Solicitant', signer: 'applicant', box: { page: 0, x: 330, y: 60, width: 220, height: 70 } }],
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  f = await buildStaffFixture(t);
  await makeSignerReady(t, f.supervisor.id);
  await makeSignerReady(t, f.citizen.id, { enrolled: false });
}, 120_000);
afterAll(async () => t?.close());

const documentOf = async (id: number) =>
  (await t.ctx.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id)))[0];
const applicationOf = async (id: number) => (await t.ctx.db.select().from(applications).where(eq(applications.id, id)))[0];

/** A document signed by the assignee, waiting for the applicant. */
async function waitingForApplicant(n: number): Promise<number> {
  const id = await fileApplication(t, f, n);
  await withGeneratedDocument(t, f, id, { assigneeUserId: f.supervisor.id, layout: WITH_APPLICANT, seal: false });
  const start = (await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {})).json().data;
  const confirm = await staffCall(t, 'PUT', `/${id}/confirm-signing`, f.supervisor, {
    pin: await signingCode(t, f.supervisor.phone),
    request_id: start.request_id,
  });
  expect(confirm.json().data).toMatchObject({
    document_state: 'applicant_signing',
    application_status: 'SIGN_APPLICANT_USER_PENDING',
  });
  return id;
}

const citizenIdentity = (): SignerIdentity => ({
  kind: 'user',
  userId: f.citizen.id,
  name: 'Ion Cetățeanu',
  organisationName: null,
});

async function upload(token: string, data: Buffer): Promise<number> {
  const { payload, headers } = multipartFile('semnat.pdf', data, 'application/pdf');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...f.citizen.headers, ...headers, 'x-file-upload-access-token': token },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

describe('online, by the applicant', () => {
  it('signs the applicant cell with the SMS code; the document is issued', async () => {
    const id = await waitingForApplicant(301);
    const status = (await call(t, 'GET', `/api/applications/${id}/check-signing-status`, f.citizen.headers)).json().data;
    expect(status).toMatchObject({ can_sign: true, next_signer: { signer: 'applicant', user_id: f.citizen.id } });
    expect((await staffCall(t, 'PUT', `/${id}/approve/sign`, f.supervisor, {})).statusCode).toBe(409);
    const start = await call(t, 'PUT', `/api/applications/${id}/sign-output-document`, f.citizen.headers);
    expect(start.statusCode, start.body).toBe(200);
    const confirm = await call(t, 'PUT', `/api/applications/${id}/confirm-signing-output-document`, f.citizen.headers, {
      pin: await signingCode(t, f.citizen.phone),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data).toMatchObject({ success: true, document_state: 'issued', application_status: 'RESOLVED' });
    const doc = await documentOf(id);
    const { data } = await readStoredFile(t.ctx.db, t.ctx.storage, doc.fileId as number);
    expect((await pdfsig(t, data)).match(/Signature is Valid/g)?.length).toBe(2);
    expect((await verifyPdf(t.ctx.db, data)).ok).toBe(true);
  }, 60_000);
});

describe('offline, by the applicant', () => {
  it('accepts the signed upload and refuses the tampered ones', async () => {
    const id = await waitingForApplicant(302);
    const other = await call(t, 'POST', `/api/applications/${id}/initialize-offline-sign`, f.supervisor.headers);
    expect(other.statusCode).toBe(403);
    const init = await call(t, 'POST', `/api/applications/${id}/initialize-offline-sign?filesLocations=x`, f.citizen.headers);
    expect(init.statusCode, init.body).toBe(200);
    const { download_url, upload_token, request_id } = init.json().data;
    const download = await t.app.inject({ method: 'GET', url: download_url });
    expect(download.statusCode).toBe(200);
    const issued = download.rawPayload;
    expect(issued.subarray(0, 5).toString()).toBe('%PDF-');

    const signed = (await signingProvider.sign(t.ctx.db, issued, citizenIdentity(), { reason: 'Semnat de solicitant' })).pdf;

    // Refused uploads.
    const check = async (data: Buffer) => {
      const fileId = await upload(upload_token, data);
      const response = await call(t, 'POST', `/api/applications/${id}/check-offline-sign`, f.citizen.headers, {
        new_pdf_id: fileId,
        request_id,
      });
      expect(response.statusCode, response.body).toBe(200);
      return { fileId, report: response.json().data };
    };
    const flipped = Buffer.from(signed);
    const at = signed.lastIndexOf('/Producer');
    flipped[at + 3] = (flipped[at + 3] as number) ^ 0x01;
    expect((await check(flipped)).report).toMatchObject({ ok: false, code: 'NOT_OK' });

    const different = await renderPdf({ content: [{ text: 'Alt document, semnat de altcineva' }] });
    const differentSigned = (await signingProvider.sign(t.ctx.db, different, citizenIdentity(), { reason: 'Semnat' })).pdf;
    expect((await check(differentSigned)).report).toMatchObject({ ok: false });

    const doc = await readPdf(signed);
    const pagesRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
    const pages = (doc.context.lookup(pagesRef) as PDFDict).clone(doc.context);
    const page = doc.context.obj({ Type: 'Page', Parent: pagesRef, MediaBox: [0, 0, 595, 842] });
    const pageRef = doc.context.nextRef();
    (pages.get(PDFName.of('Kids')) as PDFArray).push(pageRef);
    pages.set(PDFName.of('Count'), PDFNumber.of(2));
    const extended = appendIncrement(signed, doc, [
      { ref: pageRef, body: page },
      { ref: pagesRef, body: pages },
    ]);
    expect((await check(extended)).report).toMatchObject({ ok: false, code: 'NOT_OK' });

    const day = 86_400_000;
    const expired = await signWithValidity(
      t.ctx.db,
      issued,
      citizenIdentity(),
      { reason: 'Semnat' },
      { notBefore: new Date(Date.now() - 30 * day), notAfter: new Date(Date.now() - day) },
    );
    const expiredCheck = (await check(expired.pdf)).report;
    expect(expiredCheck.ok).toBe(false);
    expect(expiredCheck.signatures.at(-1).certificate_valid_at_signing).toBe(false);

    expect((await check(Buffer.from('%PDF-1.4 nu este un PDF'))).report.ok).toBe(false);
    // The issued PDF itself (no new signature) is not a signature.
    expect((await check(issued)).report).toMatchObject({ ok: false, code: 'NOT_OK' });

    // The good one: checked, then finished; finishing an unchecked upload is refused.
    const good = await check(signed);
    expect(good.report).toMatchObject({ ok: true, code: null });
    expect(good.report.signatures).toHaveLength(2);
    expect(good.report.signatures.every((s: { chain: string }) => s.chain === 'yes')).toBe(true);
    const unchecked = await upload(upload_token, signed);
    const refused = await call(t, 'POST', `/api/applications/${id}/finish-offline-sign/${unchecked}`, f.citizen.headers);
    expect(refused.json().message).toBe('SIGNING_OFFLINE_NOT_CHECKED');
    const finish = await call(t, 'POST', `/api/applications/${id}/finish-offline-sign/${good.fileId}`, f.citizen.headers);
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json().data).toMatchObject({ success: true, document_state: 'issued', application_status: 'RESOLVED' });
    const final = await documentOf(id);
    expect(final.fileId).toBe(good.fileId);
    const a = await applicationOf(id);
    expect(a.signedLockedAt).not.toBeNull();
    expect(a.allocatedDocumentSeries).toBe(final.outputNumber);

    // No more changes by the applicant.
    const patch = await call(t, 'PATCH', `/api/applications/${id}`, f.citizen.headers, { form: { x: 'y' } });
    expect(patch.statusCode).toBeGreaterThanOrEqual(400);
    expect(patch.statusCode).toBeLessThan(500);
    const again = await call(t, 'POST', `/api/applications/${id}/initialize-offline-sign`, f.citizen.headers);
    expect(again.statusCode).toBe(409);
  }, 120_000);
});
