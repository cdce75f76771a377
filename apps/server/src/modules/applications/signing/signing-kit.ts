import { randomBytes } from 'node:crypto';
import type { DocumentKind, SigningLayout } from '@ghiseu/domain';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  applicationDocuments,
  applicationTypes,
  outboxMessages,
  profiles,
  staffFunctions,
  users,
} from '../../../db/schema/index.js';
import { renderMessage } from '../../../platform/messaging.js';
import { renderPdf } from '../../../platform/pdf.js';
import { makeCnp } from '../../../../test/applications-kit.js';
import { buildStaff, type SignedIn } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/test-app.js';
import { storeGeneratedFile } from '../../files/index.js';
import { rootCertificatePem } from '../../signing/index.js';
import { pdfsigTrusted } from '../../../../test/pdfsig.js';
import { type StaffFixture, setState } from '../staff/staff-kit.js';

/**
 * Fixtures of the signing tests (not a test file itself): signers made ready (enrolled, valid
 * profile), the organisation's president, an application with a generated document written
 * straight into the tables (the generation has its own tests), the SMS code from the outbox,
 * and pdfsig (with the portal root trusted).
 */

let cnpSequence = 100;

/** Enrolled (staff) with a valid CNP, ID card data and an expiry date in the future. */
export async function makeSignerReady(t: TestApp, userId: number, options: { enrolled?: boolean; cnp?: string } = {}) {
  await t.ctx.db
    .update(users)
    .set({ enrolled: options.enrolled ?? true })
    .where(eq(users.id, userId));
  const values = {
    personalNumericCode: options.cnp ?? makeCnp(++cnpSequence),
    idCardSeries: 'MS',
    idCardNumber: String(100000 + cnpSequence),
    idCardIssueDate: '2022-01-10',
    idCardExpiryDate: '2032-01-10',
  };
  await t.ctx.db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
}

/** A staff member holding the organisation's 'president' function (and the viewer function). */
export async function buildPresident(t: TestApp, f: StaffFixture): Promise<SignedIn> {
  const [president] = await t.ctx.db
    .select({ id: staffFunctions.id })
    .from(staffFunctions)
    .where(and(eq(staffFunctions.organisationId, f.organisationId), eq(staffFunctions.systemKey, 'president')));
  expect(president, 'the organisation has its president function').toBeDefined();
  const who = await buildStaff(t, f.organisationId, {
    functions: [president.id, f.viewerFunctionId],
    firstName: 'Maria',
    lastName: 'Președintescu',
  });
  await makeSignerReady(t, who.id);
  return who;
}

/** Assignee cell (index 1) on the second row, president (index 2) on the first; boxes on page 0. */
export const TWO_CELLS: SigningLayout = {
  rows: [
    [{ index: 2, label: 'Președinte', signer: 'president', box: { page: 0, x: 330, y: 60, width: 220, height: 70 } }],
    [{ index: 1, label: 'Întocmit', signer: 'assignee', box: { page: 0, x: 50, y: 60, width: 220, height: 70 } }],
  ],
};

let documentSequence = 0;

/** Puts the application in GENERATED with a generated document (PDF rendered here). */
export async function withGeneratedDocument(
  t: TestApp,
  f: StaffFixture,
  applicationId: number,
  options: { assigneeUserId: number; layout?: SigningLayout; kind?: DocumentKind; seal?: boolean },
): Promise<{ documentId: number; fileId: number; pdf: Buffer }> {
  const n = ++documentSequence;
  const pdf = await renderPdf({
    info: { title: 'Certificat de urbanism' },
    content: [
      { text: 'Primăria de test — Certificat de urbanism', fontSize: 16, bold: true },
      { text: `Nr. CU/${n}/2026. Se certifică în temeiul Legii nr. 50/1991… șoseaua Țării, județul Mureș.` },
    ],
  });
  await setState(t, applicationId, {
    status: 'GENERATED',
    assigneeUserId: options.assigneeUserId,
    registeredAt: new Date(),
  });
  if (options.seal !== undefined)
    await t.ctx.db.update(applicationTypes).set({ digitalSeal: options.seal }).where(eq(applicationTypes.id, f.typeId));
  const file = await storeGeneratedFile(t.ctx.db, t.ctx.storage, {
    data: pdf,
    name: 'document.pdf',
    mimeType: 'application/pdf',
    purpose: 'generated_document',
    organisationId: f.organisationId,
    ownerUserId: null,
  });
  const [doc] = await t.ctx.db
    .insert(applicationDocuments)
    .values({
      applicationId,
      organisationId: f.organisationId,
      kind: options.kind ?? 'answer',
      revision: 1,
      state: 'generated',
      progress: 100,
      generatedFileId: file.id,
      fileId: file.id,
      generatedSha256: file.sha256,
      signingLayout: options.layout ?? TWO_CELLS,
      outputNumber: `CU/${n}/2026`,
      verificationCode: randomBytes(16).toString('base64url'),
    })
    .returning({ id: applicationDocuments.id });
  return { documentId: doc.id, fileId: file.id, pdf };
}

/** The code of the newest SMS to `phone` (read as its recipient would, from the outbox). */
export async function signingCode(t: TestApp, phone: string): Promise<string> {
  const [row] = await t.ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, phone), eq(outboxMessages.channel, 'sms')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const text = row ? renderMessage(row).text : '';
  expect(text).toMatch(/^Codul de verificare Ghișeul Unic este \d{6}\. Este valabil 5 minute\./);
  return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
}

/**
 * pdfsig's report with only the portal's root trusted (test/pdfsig.ts), after checking that every
 * signature in it is valid and its certificate trusted; the report's text for further checks.
 */
export async function pdfsig(t: TestApp, pdf: Buffer): Promise<string> {
  const report = await pdfsigTrusted(pdf, await rootCertificatePem(t.ctx.db));
  expect(report.valid, report.output).toBe(report.signatures);
  expect(report.trusted, report.output).toBe(report.signatures);
  return report.output;
}
