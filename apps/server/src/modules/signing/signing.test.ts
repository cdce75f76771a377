import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { type PDFArray, type PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRef } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalMaterial } from '../../../test/external-signer.js';
import { pdfsigTrusted } from '../../../test/pdfsig.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { countyCouncilId } from '../../../test/administration-kit.js';
import { auditLog, signingCertificates, users } from '../../db/schema/index.js';
import { renderPdf } from '../../platform/pdf.js';
import { signingMaterial } from './ca.js';
import { appendIncrement, readPdf } from './pdf-increment.js';
import { signWith, signWithValidity } from './signer.js';
import type { LoadedCertificate, SigningMaterial } from './ca.js';
import { rootCertificatePem, type SignerIdentity, signingProvider, verifyPdf } from './index.js';

const run = promisify(execFile);

let t: TestApp;
let organisationId: number;
let userIds: number[];
let dir: string;
let base: Buffer;
let signed1: Buffer;
let signed3: Buffer;
let rootPem: string;

const ION = 'Ion Țăranu-Ștefănescu';
const PRIMARIA = 'Primăria Municipiului Târgu Mureș';
const ion = (): SignerIdentity => ({ kind: 'user', userId: userIds[0] as number, name: ION, organisationName: PRIMARIA });
const seal = (): SignerIdentity => ({ kind: 'seal', organisationId, organisationName: PRIMARIA });

function file(name: string, data: Buffer | string): string {
  const target = path.join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
  fs.writeFileSync(target, data);
  return target;
}

async function pdfsig(pdf: Buffer): Promise<string> {
  const result = await run('/usr/bin/pdfsig', ['-nocert', file('check.pdf', pdf)]).catch((error: { stdout: string }) => error);
  return result.stdout;
}

/** `openssl cms -verify` of every signature of `pdf`, trusting only the portal's root. */
async function opensslVerifyAll(pdf: Buffer): Promise<number> {
  const text = pdf.toString('latin1');
  let verified = 0;
  for (const match of text.matchAll(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/g)) {
    const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
    const hex = text.slice(b + 1, c - 1).replace(/(00)+$/, '');
    const content = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
    const sig = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
    await run('openssl', [
      'cms',
      '-verify',
      '-inform',
      'DER',
      '-in',
      file('sig.der', sig),
      '-content',
      file('data.bin', content),
      '-binary',
      '-CAfile',
      file('root.pem', rootPem),
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
    verified++;
  }
  return verified;
}

async function pdfWith(title: string): Promise<Buffer> {
  return renderPdf({
    content: [
      { text: title, fontSize: 16, bold: true },
      { text: 'Se certifică în temeiul reglementărilor… șoseaua Țării, județul Mureș.' },
    ],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  organisationId = await countyCouncilId(t);
  userIds = (await t.ctx.db.select({ id: users.id }).from(users).limit(4)).map((u) => u.id);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-test-'));
  base = await pdfWith('Certificat de urbanism nr. 12/2026');
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('signing a generated document three times', () => {
  it('signs as a user, seals as the organisation, then signs visibly: pdfsig, openssl and verifyPdf accept all three', async () => {
    const first = await signingProvider.sign(t.ctx.db, base, ion(), { reason: `Semnat de ${ION}, Arhitect-șef` });
    signed1 = first.pdf;
    expect(first.certificateSerial).toMatch(/^[0-9a-f]+$/);
    const second = await signingProvider.sign(t.ctx.db, signed1, seal(), {
      reason: 'Sigiliul instituției',
      location: 'Târgu Mureș',
    });
    const third = await signingProvider.sign(t.ctx.db, second.pdf, ion(), {
      reason: 'Vizat',
      visible: { box: { page: 1, x: 350, y: 60, width: 200, height: 60 }, caption: 'Arhitect-șef' },
    });
    signed3 = third.pdf;
    if (process.env.SIGNING_TEST_DUMP) fs.writeFileSync(process.env.SIGNING_TEST_DUMP, signed3);
    expect(third.certificateSerial).toBe(first.certificateSerial);
    expect(signed3.subarray(0, second.pdf.length).equals(second.pdf)).toBe(true);
    expect(second.pdf.subarray(0, signed1.length).equals(signed1)).toBe(true);

    // pdfsig with only the portal's root trusted (an NSS database made by certutil), then
    // openssl with the same single trusted root.
    rootPem = await rootCertificatePem(t.ctx.db);
    const trusted = await pdfsigTrusted(signed3, rootPem);
    expect(trusted, trusted.output).toMatchObject({ signatures: 3, valid: 3, trusted: 3 });
    const out = trusted.output;
    expect(out).toContain(`Signer Certificate Common Name: ${PRIMARIA}`);
    expect(out).toContain(`Signer Certificate Common Name: ${ION}`);
    expect(out).toContain('ETSI.CAdES.detached');
    expect(await opensslVerifyAll(signed3)).toBe(3);

    const report = await verifyPdf(t.ctx.db, signed3, { issued: base });
    expect(report.problems ?? [], JSON.stringify(report.signatures.map((s) => s.problems))).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.signatures.map((s) => [s.signerName, s.chain, s.timestamp.valid, s.fieldName])).toEqual([
      [ION, 'yes', true, 'Semnatura1'],
      [PRIMARIA, 'yes', true, 'Semnatura2'],
      [ION, 'yes', true, 'Semnatura3'],
    ]);
    expect(report.signatures.map((s) => s.coversWholeDocument)).toEqual([false, false, true]);
  }, 60_000);

  it('refuses the issued document uploaded back without a new signature', async () => {
    const report = await verifyPdf(t.ctx.db, signed3, { issued: signed3 });
    expect(report.ok).toBe(false);
    expect(report.problems).toContain('no signature was added to the issued document');
    expect((await verifyPdf(t.ctx.db, signed3, { issued: signed1 })).ok).toBe(true);
  });

  it('gives a renamed person a new certificate', async () => {
    const who = { kind: 'user', userId: userIds[3] as number, name: 'Ana Pop', organisationName: null } as const;
    const before = await signingProvider.sign(t.ctx.db, base, who, { reason: 'Semnat' });
    const same = await signingProvider.sign(t.ctx.db, base, who, { reason: 'Semnat' });
    const after = await signingProvider.sign(
      t.ctx.db,
      base,
      { ...who, name: 'Ana Pop-Mureșan', email: 'ana@example.ro' },
      { reason: 'Semnat' },
    );
    expect(same.certificateSerial).toBe(before.certificateSerial);
    expect(after.certificateSerial).not.toBe(before.certificateSerial);
    const report = await verifyPdf(t.ctx.db, after.pdf);
    expect(report.signatures[0]?.signerName).toBe('Ana Pop-Mureșan');
  });

  it('signs with a PNG or a JPEG image in the box, and without a timestamp when asked', async () => {
    const png = fs.readFileSync(new URL('./test-image.png', import.meta.url));
    const jpeg = fs.readFileSync(new URL('./test-image.jpg', import.meta.url));
    const a = await signingProvider.sign(t.ctx.db, base, seal(), {
      reason: 'Sigiliu',
      visible: {
        box: { page: 1, x: 40, y: 40, width: 220, height: 70 },
        caption: 'Sigiliu',
        image: { data: png, mimeType: 'image/png' },
      },
    });
    const b = await signingProvider.sign(t.ctx.db, a.pdf, ion(), {
      reason: 'Semnat',
      timestamp: false,
      visible: {
        box: { page: 1, x: 300, y: 40, width: 220, height: 70 },
        caption: 'Director',
        image: { data: jpeg, mimeType: 'image/jpeg' },
      },
    });
    const out = await pdfsig(b.pdf);
    expect(out.match(/Signature is Valid/g)?.length).toBe(2);
    const report = await verifyPdf(t.ctx.db, b.pdf);
    expect(report.ok).toBe(true);
    expect(report.signatures.map((s) => s.timestamp.present)).toEqual([true, false]);
  }, 60_000);
});

describe('signing a PDF with object streams (pdf-lib default output)', () => {
  it('continues with cross-reference streams that pdfsig reads, visible on page 2', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    const pdf = Buffer.from(await doc.save());
    expect(pdf.toString('latin1')).toContain('/ObjStm');
    const a = await signingProvider.sign(t.ctx.db, pdf, seal(), {
      reason: 'Sigiliu',
      visible: { box: { page: 2, x: 20, y: 20, width: 160, height: 50 }, caption: 'Sigiliu' },
    });
    const b = await signingProvider.sign(t.ctx.db, a.pdf, ion(), { reason: 'Semnat' });
    if (process.env.SIGNING_TEST_DUMP)
      for (const [n, x] of [
        ['0', pdf],
        ['a', a.pdf],
        ['b', b.pdf],
      ] as const)
        fs.writeFileSync(`/tmp/a-os-${n}.pdf`, x);
    const out = await pdfsig(b.pdf);
    expect(out.match(/Signature is Valid/g)?.length).toBe(2);
    const { stdout, stderr } = await run('pdfinfo', [file('objstm.pdf', b.pdf)]);
    expect(stdout).toMatch(/Pages:\s+2/);
    expect(stderr).toBe('');
    const report = await verifyPdf(t.ctx.db, b.pdf, { issued: pdf });
    expect(report.problems ?? []).toEqual([]);
    expect(report.ok).toBe(true);
  });
});

describe('signing refuses', () => {
  it('an image that is not what it claims and a box on a page that does not exist (VALIDATION_ERROR)', async () => {
    const visible = (page: number, image?: { data: Buffer; mimeType: 'image/png' }) => ({
      reason: 'x',
      visible: { box: { page, x: 10, y: 10, width: 100, height: 40 }, caption: 'c', ...(image ? { image } : {}) },
    });
    await expect(
      signingProvider.sign(t.ctx.db, base, ion(), visible(1, { data: Buffer.from('not a png'), mimeType: 'image/png' })),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(signingProvider.sign(t.ctx.db, base, ion(), visible(7))).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('verifyPdf rejects', () => {
  it('one flipped byte', async () => {
    const tampered = Buffer.from(signed3);
    const at = signed3.indexOf('/Producer');
    tampered[at + 3] = (tampered[at + 3] as number) ^ 0x01;
    const report = await verifyPdf(t.ctx.db, tampered);
    expect(report.ok).toBe(false);
    expect(report.problem).toBe('NOT_OK');
    expect(report.signatures.every((s) => !s.digestOk)).toBe(true);
  });

  it('any single flipped byte, without throwing', async () => {
    let seed = 12;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    // Positions anywhere in the document's bytes (not inside a CMS blob, whose unsigned parts such
    // as the embedded chain are not protected by any signature), plus each signature's zero padding.
    const blobs = [...signed3.toString('latin1').matchAll(/\/ByteRange \[0 (\d+) (\d+) \d+\]/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    const inBlob = (p: number) => blobs.some(([b, c]) => p > (b as number) && p < (c as number) - 1);
    const positions: number[] = [];
    while (positions.length < 40) {
      const p = next() % signed3.length;
      if (!inBlob(p)) positions.push(p);
    }
    for (const match of signed3.toString('latin1').matchAll(/0{200}>/g)) positions.push((match.index as number) + 10);
    for (const position of positions) {
      const tampered = Buffer.from(signed3);
      tampered[position] = (tampered[position] as number) ^ 0x04;
      const report = await verifyPdf(t.ctx.db, tampered);
      expect(report.ok, `byte ${position}`).toBe(false);
    }
  }, 60_000);

  it('a page added with an incremental update after signing', async () => {
    const doc = await readPdf(signed3);
    const pagesRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
    const pages = (doc.context.lookup(pagesRef) as PDFDict).clone(doc.context);
    const page = doc.context.obj({ Type: 'Page', Parent: pagesRef, MediaBox: [0, 0, 595, 842] });
    const pageRef = doc.context.nextRef();
    (pages.get(PDFName.of('Kids')) as PDFArray).push(pageRef);
    pages.set(PDFName.of('Count'), PDFNumber.of(2));
    const extended = appendIncrement(signed3, doc, [
      { ref: pageRef, body: page },
      { ref: pagesRef, body: pages },
    ]);
    expect((await readPdf(extended)).getPageCount()).toBe(2);
    const report = await verifyPdf(t.ctx.db, extended, { issued: base });
    expect(report.ok).toBe(false);
    expect(report.problem).toBe('NOT_OK');
    expect(report.problems?.join('\n')).toMatch(/added after the last signature/);
    expect(report.problems?.join('\n')).toMatch(/adds a page|changes object/);
    // Each signature on its own still verifies: pdfsig alone would not notice.
    expect(report.signatures.every((s) => s.digestOk && s.cmsSignatureOk)).toBe(true);
  });

  it('the issued original edited before signing, and a different PDF signed by a trusted certificate', async () => {
    const edited = Buffer.from(base);
    // One hex digit of the producer string: still a well-formed PDF, not the one issued.
    const at = base.indexOf('<', base.indexOf('/Producer')) + 6;
    edited[at] = base[at] === 0x30 ? 0x31 : 0x30;
    const signedEdited = (await signingProvider.sign(t.ctx.db, edited, ion(), { reason: 'Semnat' })).pdf;
    expect((await verifyPdf(t.ctx.db, signedEdited)).ok).toBe(true);
    const report = await verifyPdf(t.ctx.db, signedEdited, { issued: base });
    expect(report.ok).toBe(false);
    expect(report.problems).toContain('the issued document is not a prefix of the upload');

    const other = (await signingProvider.sign(t.ctx.db, await pdfWith('Alt document'), ion(), { reason: 'Semnat' })).pdf;
    const otherReport = await verifyPdf(t.ctx.db, other, { issued: base });
    expect(otherReport.ok).toBe(false);
    expect(otherReport.problem).toBe('NOT_OK');
  });

  it('a signature by an expired certificate; the next signature renews it transparently', async () => {
    const who: SignerIdentity = { kind: 'user', userId: userIds[1] as number, name: 'Maria Ionescu', organisationName: null };
    const day = 86_400_000;
    const expired = await signWithValidity(
      t.ctx.db,
      base,
      who,
      { reason: 'Semnat' },
      {
        notBefore: new Date(Date.now() - 30 * day),
        notAfter: new Date(Date.now() - day),
      },
    );
    const report = await verifyPdf(t.ctx.db, expired.pdf);
    expect(report.ok).toBe(false);
    expect(report.signatures[0]?.certificateValidAtSigningTime).toBe(false);

    const renewed = await signingProvider.sign(t.ctx.db, base, who, { reason: 'Semnat' });
    expect(renewed.certificateSerial).not.toBe(expired.certificateSerial);
    expect((await verifyPdf(t.ctx.db, renewed.pdf)).ok).toBe(true);
  });

  it("accepts another CA's signature as external, but not with an expired certificate and a claimed earlier time", async () => {
    const day = 86_400_000;
    const external = (notBefore: Date, notAfter: Date): Promise<SigningMaterial> =>
      externalMaterial('Cetățean Extern', { notBefore, notAfter });
    const who: SignerIdentity = { kind: 'user', userId: 0, name: 'Cetățean Extern', organisationName: null };
    const material = await external(new Date(Date.now() - day), new Date(Date.now() + day));
    const valid = await signWith(base, who, { reason: 'Semnat offline' }, material, null);
    const report = await verifyPdf(t.ctx.db, valid.pdf, { issued: base });
    expect(report.ok).toBe(true);
    expect(report.signatures[0]?.chain).toBe('external');
    expect(report.signatures[0]?.externalRoot).toBeNull();
    const externalCa = (await external(new Date(Date.now() - day), new Date(Date.now() + day))).chain[0] as LoadedCertificate;
    const withRoots = await verifyPdf(t.ctx.db, valid.pdf, { trustedRoots: [Buffer.from(rootPem), externalCa.der] });
    // Another CA with the same name but another key is not the signer's root.
    expect(withRoots.signatures[0]?.externalRoot).toBeNull();
    const trusted = await verifyPdf(t.ctx.db, valid.pdf, {
      trustedRoots: [Buffer.from((material.chain[0] as LoadedCertificate).certificate.toString('pem'))],
    });
    expect(trusted.signatures[0]?.externalRoot).toBe('Certificări Calificate SRL');

    const expired = await external(new Date(Date.now() - 30 * day), new Date(Date.now() - day));
    const claimed = await signWith(base, who, { reason: 'Semnat offline' }, expired, null, new Date(Date.now() - 10 * day));
    const refused = await verifyPdf(t.ctx.db, claimed.pdf, { issued: base });
    expect(refused.ok).toBe(false);
    expect(refused.signatures[0]?.certificateValidAtSigningTime).toBe(false);
  });

  it('a signature by a revoked certificate', async () => {
    const who: SignerIdentity = { kind: 'user', userId: userIds[2] as number, name: 'Vasile Pop', organisationName: null };
    const signed = await signingProvider.sign(t.ctx.db, base, who, { reason: 'Semnat' });
    expect((await verifyPdf(t.ctx.db, signed.pdf)).ok).toBe(true);
    await t.ctx.db
      .update(signingCertificates)
      .set({ revokedAt: new Date() })
      .where(eq(signingCertificates.serial, signed.certificateSerial));
    const report = await verifyPdf(t.ctx.db, signed.pdf);
    expect(report.ok).toBe(false);
    expect(report.signatures[0]?.certificateRevoked).toBe(true);
    // The next signature gets a new certificate.
    const again = await signingProvider.sign(t.ctx.db, base, who, { reason: 'Semnat' });
    expect(again.certificateSerial).not.toBe(signed.certificateSerial);
  });

  it('an encrypted PDF (PDF_IS_ENCRYPTED), garbage (PDF_INVALID), an unreadable PDF, an unsigned PDF', async () => {
    const doc = await readPdf(base);
    const encryptRef = doc.context.nextRef();
    const withEncrypt = appendIncrement(base, doc, [
      {
        ref: encryptRef,
        body: `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O <${'a'.repeat(64)}> /U <${'b'.repeat(64)}> >>`,
      },
    ]);
    const lastTrailer = withEncrypt.lastIndexOf('trailer\n<<\n');
    const encrypted = Buffer.concat([
      withEncrypt.subarray(0, lastTrailer + 11),
      Buffer.from(`/Encrypt ${encryptRef.objectNumber} 0 R\n`),
      withEncrypt.subarray(lastTrailer + 11),
    ]);
    expect((await verifyPdf(t.ctx.db, encrypted)).problem).toBe('PDF_IS_ENCRYPTED');
    await expect(signingProvider.sign(t.ctx.db, encrypted, ion(), { reason: 'x' })).rejects.toMatchObject({
      code: 'PDF_IS_ENCRYPTED',
    });
    expect((await verifyPdf(t.ctx.db, Buffer.from('not a pdf at all, just words'))).problem).toBe('PDF_INVALID');
    expect((await verifyPdf(t.ctx.db, Buffer.alloc(0))).problem).toBe('PDF_INVALID');
    await expect(signingProvider.sign(t.ctx.db, Buffer.from('garbage'), ion(), { reason: 'x' })).rejects.toMatchObject({
      code: 'PDF_INVALID',
    });
    const truncated = base.subarray(0, Math.floor(base.length / 2));
    expect(['INVALID_PDF_ERROR', 'PDF_READING_ERROR']).toContain((await verifyPdf(t.ctx.db, truncated)).problem);
    expect((await verifyPdf(t.ctx.db, base)).problem).toBe('NOT_OK');
  });
});

describe('the certification authority', () => {
  it('keeps the private keys encrypted at rest', async () => {
    const rows = await t.ctx.db.select().from(signingCertificates);
    expect(rows.map((r) => r.role)).toEqual(expect.arrayContaining(['root', 'issuing', 'tsa', 'seal', 'user']));
    const material = await signingMaterial(t.ctx.db, ion());
    const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', material.signer.key).catch(() => new ArrayBuffer(0)));
    for (const row of rows) {
      expect(row.encryptedKey).toMatch(/^v1\./);
      expect(row.encryptedKey).not.toContain('PRIVATE KEY');
      expect(row.encryptedKey).not.toContain('MIG');
      const raw = Buffer.from(row.encryptedKey.split('.')[3] ?? '', 'base64url');
      if (pkcs8.length) expect(raw.includes(pkcs8.subarray(pkcs8.length - 32))).toBe(false);
    }
    // The stored key of a row is bound to its serial: moved onto another row it does not decrypt.
    const { decryptPrivateKey } = await import('./keys.js');
    const [a, b] = rows;
    expect(() => decryptPrivateKey(a?.encryptedKey as string, b?.serial as string)).toThrow();
  });

  it('issues one seal certificate when two requests ask at once', async () => {
    const [tenant] = await t.ctx.db
      .select({ id: users.organisationId })
      .from(users)
      .where(eq(users.id, userIds[3] as number));
    const orgId = tenant?.id ?? organisationId;
    await t.ctx.db.delete(signingCertificates).where(eq(signingCertificates.subjectKey, `seal:${orgId}`));
    const who: SignerIdentity = { kind: 'seal', organisationId: orgId, organisationName: 'Primăria Orașului Sovata' };
    const results = await Promise.all([1, 2, 3, 4].map(() => signingProvider.sign(t.ctx.db, base, who, { reason: 'Sigiliu' })));
    expect(new Set(results.map((r) => r.certificateSerial)).size).toBe(1);
    const rows = await t.ctx.db
      .select()
      .from(signingCertificates)
      .where(eq(signingCertificates.subjectKey, `seal:${orgId}`));
    expect(rows).toHaveLength(1);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(rows[0]?.id)));
    expect(audit.filter((a) => a.entityType === 'signing_certificate').map((a) => a.action)).toEqual([
      'signing.certificate_issued',
    ]);
  });

  it('signs many documents with one key', async () => {
    const pdfs = await Promise.all([1, 2, 3].map((i) => pdfWith(`Document ${i}`)));
    const results = await signingProvider.signMany(t.ctx.db, pdfs, seal(), (i) => ({ reason: `Sigiliu ${i + 1}` }));
    expect(results).toHaveLength(3);
    for (const result of results) expect((await verifyPdf(t.ctx.db, result.pdf)).ok).toBe(true);
  });
});

describe('public routes', () => {
  it('serves the root certificate as DER and PEM', async () => {
    const der = await t.app.inject({ method: 'GET', url: '/api/pki/root.crt' });
    expect(der.statusCode).toBe(200);
    expect(der.headers['content-type']).toBe('application/pkix-cert');
    const pem = await t.app.inject({ method: 'GET', url: '/api/pki/root.crt?format=pem' });
    expect(pem.body).toBe(await rootCertificatePem(t.ctx.db));
    const { stdout } = await run('openssl', [
      'x509',
      '-inform',
      'DER',
      '-in',
      file('root.crt', der.rawPayload),
      '-noout',
      '-subject',
    ]);
    expect(stdout).toContain('Root CA');
  });

  it('answers a timestamp query that openssl ts -verify accepts', async () => {
    const data = file('data.txt', 'Document de marcat temporal');
    const query = file('query.tsq', '');
    await run('openssl', ['ts', '-query', '-data', data, '-sha256', '-cert', '-out', query]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: fs.readFileSync(query),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/timestamp-reply');
    const reply = file('reply.tsr', response.rawPayload);
    const { stdout } = await run('openssl', [
      'ts',
      '-verify',
      '-in',
      reply,
      '-queryfile',
      query,
      '-CAfile',
      file('root.pem', await rootCertificatePem(t.ctx.db)),
    ]);
    expect(stdout).toContain('Verification: OK');
    const { stdout: dataCheck } = await run('openssl', [
      'ts',
      '-verify',
      '-in',
      reply,
      '-data',
      data,
      '-CAfile',
      file('root.pem', await rootCertificatePem(t.ctx.db)),
    ]);
    expect(dataCheck).toContain('Verification: OK');
  });

  it('are documented in the OpenAPI document, without authentication', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/tsa'].post.security).toEqual([]);
    expect(doc.paths['/api/tsa'].post.summary).toContain('RFC 3161');
    expect(doc.paths['/api/pki/root.crt'].get.security).toEqual([]);
  });

  it('rejects garbage and other content types without a server error', async () => {
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.from('nonsense'),
    });
    expect(garbage.statusCode).toBe(200);
    const { stdout } = await run('openssl', ['ts', '-reply', '-in', file('bad.tsr', garbage.rawPayload), '-text']);
    expect(stdout).toMatch(/rejected/i);
    const json = await t.app.inject({ method: 'POST', url: '/api/tsa', payload: {} });
    expect(json.statusCode).toBe(415);
  });
});
