import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments, applicationFiles, applications, applicationTypes } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { call } from '../../../../test/applications-kit.js';
import { readStoredFile, storeGeneratedFile } from '../../files/index.js';
import { renderPdf } from '../../../platform/pdf.js';
import { buildStaffFixture, fileApplication, type StaffFixture, staffCall } from '../staff/staff-kit.js';
import { makeSignerReady, pdfsig, signingCode, withGeneratedDocument } from './signing-kit.js';

/**
 * Bulk signing (spec §4 "Bulk signing and bulk sealing"; C5): one code for many documents, each
 * signed in its own transaction so that one failure leaves the others signed and is named; the
 * attachments of one application signed by the staff member, and sealed with the organisation's
 * seal.
 */

let t: TestApp;
let f: StaffFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildStaffFixture(t);
  await makeSignerReady(t, f.supervisor.id);
}, 120_000);
afterAll(async () => t?.close());

const documentOf = async (id: number) =>
  (await t.ctx.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id)))[0];

describe('bulk signing of documents', () => {
  it('signs 10 documents with one code; the one no longer the actor’s fails and is named', async () => {
    const ids: number[] = [];
    for (let n = 1; n <= 10; n++) {
      const id = await fileApplication(t, f, 100 + n);
      await withGeneratedDocument(t, f, id, { assigneeUserId: f.supervisor.id });
      ids.push(id);
    }
    const list = (await staffCall(t, 'GET', '?view=in-work&limit=100', f.supervisor)).json().data;
    const rows = list.filter((r: { id: number }) => ids.includes(r.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((r: { abilities: { canSign: boolean } }) => r.abilities.canSign)).toBe(true);
    const clerkList = (await staffCall(t, 'GET', '?view=in-work&limit=100', f.clerk)).json().data;
    expect(
      clerkList.filter((r: { id: number; abilities: { canSign: boolean } }) => ids.includes(r.id) && r.abilities.canSign),
    ).toEqual([]);
    const status = await staffCall(t, 'POST', '/check-bulk-signing-status', f.supervisor, { application_ids: ids });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.items.every((i: { can_sign: boolean }) => i.can_sign)).toBe(true);

    const start = await staffCall(t, 'POST', '/bulk-sign', f.supervisor, { application_ids: ids });
    expect(start.statusCode, start.body).toBe(200);
    const started = start.json().data;
    expect(started).toMatchObject({ success: true, confirmation: 'sms' });
    expect(started.items).toHaveLength(10);
    const code = await signingCode(t, f.supervisor.phone);

    // Between the start and the confirmation, one application is handed to a colleague.
    const moved = ids[4];
    await t.ctx.db.update(applications).set({ assigneeUserId: f.clerk.id }).where(eq(applications.id, moved));

    const began = performance.now();
    const confirm = await staffCall(t, 'POST', '/confirm-bulk-signing', f.supervisor, {
      pin: code,
      request_id: started.request_id,
    });
    console.log(`confirm-bulk-signing, 10 documents (9 signed): ${Math.round(performance.now() - began)} ms`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const result = confirm.json().data;
    expect(result.success).toBe(false);
    expect(result.code).toBe('SIGNING_BULK_PARTIAL_FAILURE');
    expect(result.failed).toEqual([moved]);
    expect(result.message).toContain('Unele documente nu au putut fi semnate');
    expect(result.items.find((i: { application_id: number }) => i.application_id === moved)).toMatchObject({
      ok: false,
      code: 'SIGNING_NOT_NEXT_SIGNER',
    });
    expect(result.items.filter((i: { ok: boolean }) => i.ok)).toHaveLength(9);
    for (const id of ids) {
      const doc = await documentOf(id);
      expect(doc.state).toBe(id === moved ? 'generated' : 'signing');
    }
    const { data } = await readStoredFile(t.ctx.db, t.ctx.storage, (await documentOf(ids[0])).fileId as number);
    expect((await pdfsig(t, data)).match(/Signature is Valid/g)?.length).toBe(1);
  }, 120_000);

  it('refuses a start where nothing can be signed, and more than 100 applications', async () => {
    const id = await fileApplication(t, f, 150);
    await withGeneratedDocument(t, f, id, { assigneeUserId: f.clerk.id });
    const none = await staffCall(t, 'POST', '/bulk-sign', f.supervisor, { application_ids: [id] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('SIGNING_BULK_PARTIAL_FAILURE');
    const tooMany = await staffCall(t, 'POST', '/bulk-sign', f.supervisor, {
      application_ids: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('attachments', () => {
  async function attachPdf(applicationId: number, fileType: 'input' | 'review' | 'output') {
    const pdf = await renderPdf({ content: [{ text: `Referat ${fileType} — județul Mureș, șoseaua Țării` }] });
    const file = await storeGeneratedFile(t.ctx.db, t.ctx.storage, {
      data: pdf,
      name: `referat-${fileType}.pdf`,
      mimeType: 'application/pdf',
      purpose: 'default',
      organisationId: f.organisationId,
      ownerUserId: f.supervisor.id,
    });
    const [row] = await t.ctx.db
      .insert(applicationFiles)
      .values({ applicationId, fileId: file.id, fileType, createdBy: f.supervisor.id })
      .returning({ id: applicationFiles.id, fileId: applicationFiles.fileId });
    return row;
  }
  const rowOf = async (id: number) => (await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.id, id)))[0];

  it('signs the chosen PDF attachments and seals the review and output ones', async () => {
    const id = await fileApplication(t, f, 160);
    await t.ctx.db
      .update(applications)
      .set({ status: 'PENDING', assigneeUserId: f.supervisor.id, registeredAt: new Date() })
      .where(eq(applications.id, id));
    const { id: input, fileId: inputFile } = await attachPdf(id, 'input');
    const { id: review, fileId: reviewFile } = await attachPdf(id, 'review');
    const { id: output } = await attachPdf(id, 'output');

    const token = await staffCall(t, 'GET', '/signature-custom-image-token', f.supervisor);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().data).toMatchObject({ max_bytes: 10 * 1024 * 1024, types: ['image/png', 'image/jpeg'] });

    const stranger = await staffCall(t, 'POST', '/attachments-bulk-sign', f.plain, { application_id: id, file_ids: [inputFile] });
    expect(stranger.statusCode).toBe(404);
    const start = await staffCall(t, 'POST', '/attachments-bulk-sign', f.supervisor, {
      application_id: id,
      file_ids: [inputFile, reviewFile],
    });
    expect(start.statusCode, start.body).toBe(200);
    const code = await signingCode(t, f.supervisor.phone);
    const confirm = await staffCall(t, 'POST', '/confirm-attachments-bulk-signing', f.supervisor, {
      pin: code,
      application_id: id,
      request_id: start.json().data.request_id,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data).toMatchObject({ success: true, failed: [] });
    expect(confirm.json().data.items.map((i: { file_id: number }) => i.file_id)).toEqual([inputFile, reviewFile]);
    const signedInput = await rowOf(input);
    expect(signedInput.status).toBe('signed');
    const { data } = await readStoredFile(t.ctx.db, t.ctx.storage, signedInput.fileId);
    expect((await pdfsig(t, data)).match(/Signature is Valid/g)?.length).toBe(1);

    await t.ctx.db.update(applicationTypes).set({ digitalSeal: true }).where(eq(applicationTypes.id, f.typeId));
    const seal = await staffCall(t, 'POST', '/attachments-bulk-sealing', f.supervisor, { id });
    expect(seal.statusCode, seal.body).toBe(200);
    expect(seal.json().data).toMatchObject({ success: true });
    expect((await rowOf(review)).status).toBe('sealed');
    expect((await rowOf(output)).status).toBe('sealed');
    expect((await rowOf(input)).status).toBe('signed');
    const sealed = await readStoredFile(t.ctx.db, t.ctx.storage, (await rowOf(review)).fileId);
    expect((await pdfsig(t, sealed.data)).match(/Signature is Valid/g)?.length).toBe(2);

    // The applicant cannot use the staff routes.
    const citizen = await call(t, 'POST', '/api/staff-applications/attachments-bulk-sealing', f.citizen.headers, { id });
    expect(citizen.statusCode).toBe(403);
  }, 120_000);
});
