import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments, applicationFiles, applications, applicationTypes } from '../../../db/schema/index.js';
import { call, DEMO, userId } from '../../../../test/administration-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { readStoredFile } from '../../files/index.js';
import { verifyPdf } from '../../signing/index.js';
import { pdfsig, signingCode } from './signing-kit.js';

/**
 * The whole path on the demo data (helper B's generation, then the signing flows): staff@
 * generates the council's answer, signs the 'Întocmit' cell with the SMS code, admin@ (the
 * council's president) signs with the demo PIN 123456, the seal job seals, the document is issued.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('demo: generate → staff@ (SMS) → admin@ president (PIN) → seal → issued', () => {
  it('issues the answer of the approved demo application', async () => {
    const [approved] = await t.ctx.db
      .select({ id: applications.id, typeId: applications.applicationTypeId })
      .from(applications)
      .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
      .where(and(eq(applications.status, 'APPROVED'), eq(applicationTypes.name, 'Aviz')));
    expect(approved).toBeDefined();
    const staffId = await userId(t, DEMO.staff);
    await t.ctx.db.update(applications).set({ assigneeUserId: staffId }).where(eq(applications.id, approved.id));
    await t.ctx.db.update(applicationTypes).set({ digitalSeal: true }).where(eq(applicationTypes.id, approved.typeId));
    const id = approved.id;

    const generate = await call(t, 'PUT', `/api/staff-applications/${id}/approve/generate-document`, DEMO.staff);
    expect(generate.statusCode, generate.body).toBe(202);
    await t.ctx.jobs.drain();
    const [generated] = await t.ctx.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id));
    expect(generated.state).toBe('generated');
    expect(generated.signingLayout?.rows.flat().every((c) => c.box)).toBe(true);

    const start = await call(t, 'PUT', `/api/staff-applications/${id}/approve/sign`, DEMO.staff, {});
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.confirmation).toBe('sms');
    const first = await call(t, 'PUT', `/api/staff-applications/${id}/confirm-signing`, DEMO.staff, {
      pin: await signingCode(t, '0740123461'),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ document_state: 'signing', application_status: 'SIGN_PENDING' });

    const start2 = await call(t, 'PUT', `/api/staff-applications/${id}/approve/sign`, DEMO.admin, {});
    expect(start2.statusCode, start2.body).toBe(200);
    expect(start2.json().data.confirmation).toBe('pin');
    const second = await call(t, 'PUT', `/api/staff-applications/${id}/confirm-signing`, DEMO.admin, { pin: '123456' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ document_state: 'sealing', application_status: 'SEAL_PENDING' });

    await t.ctx.jobs.drain();
    const [issued] = await t.ctx.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id));
    expect(issued.state).toBe('issued');
    const [a] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(a).toMatchObject({ status: 'RESOLVED', allocatedDocumentSeries: issued.outputNumber });
    const [output] = await t.ctx.db
      .select()
      .from(applicationFiles)
      .where(eq(applicationFiles.fileId, issued.fileId as number));
    expect(output).toMatchObject({ fileType: 'output', status: 'sealed', isPublic: true });
    const { data } = await readStoredFile(t.ctx.db, t.ctx.storage, issued.fileId as number);
    expect((await pdfsig(t, data)).match(/Signature is Valid/g)?.length).toBe(3);
    const report = await verifyPdf(t.ctx.db, data);
    expect(report.ok, JSON.stringify(report.problems)).toBe(true);

    // The public verification page now knows the document.
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/documents/${issued.verificationCode}` });
    expect(pub.statusCode, pub.body).toBe(200);
  }, 120_000);
});
