import * as asn1js from 'asn1js';
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, type PDFObject, PDFRef, PDFString } from 'pdf-lib';
import * as pkijs from 'pkijs';
import type { ErrorCode } from '@ghiseu/domain';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db.js';
import { certificateBySerial, portalCaCertificates } from './ca.js';
import { OID, toArrayBuffer } from './cms.js';
import { readPdf } from './pdf-increment.js';
import { createHash } from 'node:crypto';
import type { PdfVerification, SignatureReport } from './types.js';

/**
 * The verifier of signed PDFs (notes/signing.md "Verifying uploads"). For every signature: the
 * ByteRange starts at 0 and leaves out exactly the hex /Contents; the digest over the ranges
 * matches the CMS messageDigest; the CMS signature verifies; the chain leads to the portal's CA
 * (else the signer is reported as external); the certificate was valid and not revoked at the
 * signing time; a timestamp, when present, matches the signature. For the whole file: the last
 * signature covers it, and the updates after the signed (or issued) revision only add
 * signatures. With `issued`, the PDF the portal issued must be an exact byte prefix and at least
 * one signature must have been added after it (an offline signature).
 *
 * `ok` accepts another CA's certificate (`chain: 'external'`, e.g. a citizen's qualified
 * certificate) when everything else holds; a caller that wants only the portal's signatures
 * checks `chain === 'yes'` on each report, and `trustedRoots` (PEM bundles or DER) names the
 * other roots a caller trusts: `externalRoot` then says which one an external chain leads to. Without a valid timestamp, another CA's certificate
 * must be valid now (the /M time is only the signer's claim). Unusable input is reported, never
 * thrown: `problem` PDF_INVALID, PDF_IS_ENCRYPTED, INVALID_PDF_ERROR, PDF_READING_ERROR, or NOT_OK
 * with `problems` (English, for logs).
 */

const HASHES: Record<string, string> = {
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
  '1.3.14.3.2.26': 'sha1',
};

interface RawSignature {
  position: number;
  range: [number, number, number, number];
  byteRangeOk: boolean;
  contents: Buffer | null;
}

const HEX = /^[0-9a-fA-F]*$/;

function findSignatures(pdf: Buffer): RawSignature[] {
  const found: RawSignature[] = [];
  let offset = 0;
  for (;;) {
    const position = pdf.indexOf('/ByteRange', offset);
    if (position === -1) break;
    const open = pdf.indexOf('[', position);
    const close = pdf.indexOf(']', open);
    offset = position + 10;
    if (open === -1 || close === -1 || open - position > 20 || close - open > 80) continue;
    const numbers = pdf
      .subarray(open + 1, close)
      .toString('latin1')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (numbers.length !== 4 || numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) continue;
    const range = numbers as [number, number, number, number];
    const [a, b, c, d] = range;
    let byteRangeOk = a === 0 && b > 0 && c > b + 1 && c + d <= pdf.length && pdf[b] === 0x3c && pdf[c - 1] === 0x3e;
    let contents: Buffer | null = null;
    if (byteRangeOk) {
      const hex = pdf.subarray(b + 1, c - 1).toString('latin1');
      if (!HEX.test(hex) || hex.length % 2 !== 0) byteRangeOk = false;
      else contents = Buffer.from(hex, 'hex');
      // The /Contents key must name exactly this string.
      const before = pdf.subarray(Math.max(0, b - 12), b).toString('latin1');
      if (!/\/Contents\s*$/.test(before)) byteRangeOk = false;
    }
    found.push({ position, range, byteRangeOk, contents });
  }
  return found;
}

/** The DER object at the start of `data` (the /Contents is padded with zeros). */
function derPrefix(data: Buffer): Buffer {
  const parsed = asn1js.fromBER(toArrayBuffer(data));
  if (parsed.offset === -1) throw new Error('not DER');
  return data.subarray(0, parsed.offset);
}

function attribute(attrs: pkijs.SignedAndUnsignedAttributes | undefined, type: string): pkijs.Attribute | undefined {
  return attrs?.attributes.find((a) => a.type === type);
}

function commonName(cert: pkijs.Certificate): string | null {
  const cn = cert.subject.typesAndValues.find((tv) => tv.type === '2.5.4.3');
  return cn ? String((cn.value.valueBlock as { value?: unknown }).value ?? '') : null;
}

function serialOf(cert: pkijs.Certificate): string {
  return Buffer.from(cert.serialNumber.valueBlock.valueHexView)
    .toString('hex')
    .replace(/^00(?=[0-9a-f]{2})/, '');
}

function sameName(a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames): boolean {
  return Buffer.from(a.toSchema().toBER(false)).equals(Buffer.from(b.toSchema().toBER(false)));
}

function findSigner(signedData: pkijs.SignedData, signerInfo: pkijs.SignerInfo): pkijs.Certificate | null {
  const sid = signerInfo.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return null;
  for (const cert of signedData.certificates ?? []) {
    if (!(cert instanceof pkijs.Certificate)) continue;
    if (cert.serialNumber.isEqual(sid.serialNumber) && sameName(cert.issuer, sid.issuer)) return cert;
  }
  return null;
}

interface PortalCas {
  issuing: pkijs.Certificate[];
  roots: pkijs.Certificate[];
}

async function portalCas(db: Db): Promise<PortalCas> {
  const rows = await portalCaCertificates(db);
  const parse = (pem: string) => {
    const b64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    return pkijs.Certificate.fromBER(toArrayBuffer(Buffer.from(b64, 'base64')));
  };
  return {
    issuing: rows.filter((r) => r.role === 'issuing').map((r) => parse(r.certificatePem)),
    roots: rows.filter((r) => r.role === 'root').map((r) => parse(r.certificatePem)),
  };
}

async function verifies(cert: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  try {
    return await cert.verify(issuer);
  } catch {
    return false;
  }
}

/** 'yes' when `cert` was issued by one of the portal's issuing CAs (itself under a portal root). */
async function chainOf(cert: pkijs.Certificate, cas: PortalCas): Promise<'yes' | 'no' | 'external'> {
  const candidates = cas.issuing.filter((ca) => sameName(ca.subject, cert.issuer));
  if (candidates.length === 0) return 'external';
  for (const issuing of candidates) {
    if (!(await verifies(cert, issuing))) continue;
    for (const root of cas.roots) if (sameName(root.subject, issuing.issuer) && (await verifies(issuing, root))) return 'yes';
  }
  return 'no';
}

/** The trusted root `cert` chains to through the certificates in the CMS (at most 5 levels). */
async function externalRootOf(
  cert: pkijs.Certificate,
  pool: pkijs.Certificate[],
  roots: pkijs.Certificate[],
): Promise<pkijs.Certificate | null> {
  let current = cert;
  for (let depth = 0; depth < 5; depth++) {
    for (const root of roots) if (sameName(root.subject, current.issuer) && (await verifies(current, root))) return root;
    const next = pool.find((c) => c !== current && sameName(c.subject, current.issuer));
    if (!next || !(await verifies(current, next))) return null;
    current = next;
  }
  return null;
}

/** PEM bundles or DER certificates. */
function parseCertificates(inputs: Buffer[]): pkijs.Certificate[] {
  const found: pkijs.Certificate[] = [];
  for (const input of inputs) {
    const text = input.toString('latin1');
    const blocks = text.includes('-----BEGIN CERTIFICATE-----')
      ? [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map((m) =>
          Buffer.from((m[1] as string).replace(/\s+/g, ''), 'base64'),
        )
      : [input];
    for (const der of blocks) {
      try {
        found.push(pkijs.Certificate.fromBER(toArrayBuffer(der)));
      } catch {
        // Not a certificate: ignored.
      }
    }
  }
  return found;
}

function validAt(cert: pkijs.Certificate, time: Date): boolean {
  return cert.notBefore.value.getTime() <= time.getTime() && time.getTime() <= cert.notAfter.value.getTime();
}

const WEB_HASHES: Record<string, string> = { sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/** The signer's signature over the DER of its signed attributes (re-tagged as a SET). */
async function signerInfoVerifies(signerInfo: pkijs.SignerInfo, cert: pkijs.Certificate): Promise<boolean> {
  try {
    const attrs = signerInfo.signedAttrs;
    if (!attrs || attrs.encodedValue.byteLength === 0) return false;
    const data = new Uint8Array(attrs.encodedValue.slice(0));
    data[0] = 0x31;
    const hash = WEB_HASHES[HASHES[signerInfo.digestAlgorithm.algorithmId] ?? ''];
    if (!hash) return false;
    return await pkijs
      .getCrypto(true)
      .verifyWithPublicKey(data, signerInfo.signature, cert.subjectPublicKeyInfo, signerInfo.signatureAlgorithm, hash);
  } catch {
    return false;
  }
}

function digestMatches(signerInfo: pkijs.SignerInfo, content: Uint8Array): boolean {
  const algorithm = HASHES[signerInfo.digestAlgorithm.algorithmId];
  const messageDigest = attribute(signerInfo.signedAttrs, OID.messageDigest)?.values[0] as asn1js.OctetString | undefined;
  if (!algorithm || !messageDigest) return false;
  return Buffer.from(messageDigest.valueBlock.valueHexView).equals(createHash(algorithm).update(content).digest());
}

async function checkTimestamp(
  signatureValue: Buffer,
  token: asn1js.AsnType,
  cas: PortalCas,
): Promise<{ valid: boolean; time: Date | null; problem?: string }> {
  try {
    const contentInfo = new pkijs.ContentInfo({ schema: token });
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    const eContent = signedData.encapContentInfo.eContent;
    if (signedData.encapContentInfo.eContentType !== OID.tstInfo || !eContent)
      return { valid: false, time: null, problem: 'timestamp: no TSTInfo' };
    const tstInfo = pkijs.TSTInfo.fromBER(toArrayBuffer(Buffer.from(eContent.getValue())));
    const algorithm = HASHES[tstInfo.messageImprint.hashAlgorithm.algorithmId];
    if (!algorithm) return { valid: false, time: null, problem: 'timestamp: unknown hash' };
    const expected = createHash(algorithm).update(signatureValue).digest();
    const imprintOk = Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).equals(expected);
    const signerInfo = signedData.signerInfos[0];
    const tsaCert = signerInfo ? findSigner(signedData, signerInfo) : null;
    const signatureOk =
      !!signerInfo &&
      !!tsaCert &&
      digestMatches(signerInfo, Buffer.from(eContent.getValue())) &&
      (await signerInfoVerifies(signerInfo, tsaCert));
    const chain = tsaCert ? await chainOf(tsaCert, cas) : 'external';
    const time = tstInfo.genTime;
    const certOk = !!tsaCert && validAt(tsaCert, time) && chain !== 'no';
    const valid = imprintOk && signatureOk && certOk;
    return {
      valid,
      time,
      ...(valid ? {} : { problem: `timestamp: imprint ${imprintOk}, signature ${signatureOk}, certificate ${certOk}` }),
    };
  } catch {
    return { valid: false, time: null, problem: 'timestamp: unreadable' };
  }
}

function signatureDictTime(pdf: Buffer, raw: RawSignature): Date | null {
  const start = Math.max(0, raw.position - 4000);
  const end = Math.min(pdf.length, raw.range[2] + 4000);
  const text = pdf.subarray(start, end).toString('latin1');
  const match = /\/M\s*\(D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Z+-])?(\d{2})?'?(\d{2})?/.exec(text);
  if (!match) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = match;
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (sign === '+' || sign === '-') time -= (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return Number.isNaN(time) ? null : new Date(time);
}

/** The /T of the field whose /V is the signature dictionary around `raw` (best effort). */
function fieldNameOf(pdf: Buffer, raw: RawSignature, names: Map<number, string>): string | null {
  const text = pdf.subarray(Math.max(0, raw.position - 4000), raw.position).toString('latin1');
  const matches = [...text.matchAll(/(\d+)\s+\d+\s+obj\b/g)];
  const last = matches[matches.length - 1];
  return last ? (names.get(Number(last[1])) ?? null) : null;
}

function signatureFieldNames(doc: PDFDocument): Map<number, string> {
  const names = new Map<number, string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const v = object.get(PDFName.of('V'));
    const t = object.get(PDFName.of('T'));
    if (v instanceof PDFRef && (t instanceof PDFHexString || t instanceof PDFString)) names.set(v.objectNumber, t.decodeText());
  }
  return names;
}

async function checkSignature(
  db: Db,
  pdf: Buffer,
  raw: RawSignature,
  cas: PortalCas,
  names: Map<number, string>,
  trustedRoots: pkijs.Certificate[],
): Promise<SignatureReport> {
  const problems: string[] = [];
  const [a, b, c, d] = raw.range;
  const report: SignatureReport = {
    fieldName: fieldNameOf(pdf, raw, names),
    signerName: null,
    certificateSerial: null,
    chain: 'external',
    externalRoot: null,
    signingTime: null,
    timestamp: { present: false, valid: false, time: null },
    coversWholeDocument: c + d === pdf.length || (c + d <= pdf.length && /^\s*$/.test(pdf.subarray(c + d).toString('latin1'))),
    byteRangeOk: raw.byteRangeOk,
    digestOk: false,
    cmsSignatureOk: false,
    certificateValidAtSigningTime: false,
    certificateRevoked: false,
    ok: false,
    problems,
  };
  if (!raw.byteRangeOk || !raw.contents) {
    problems.push('ByteRange does not leave out exactly the signature');
    return report;
  }
  let signedData: pkijs.SignedData;
  try {
    const der = derPrefix(raw.contents);
    if (raw.contents.subarray(der.length).some((byte) => byte !== 0)) {
      problems.push('data after the signature in /Contents');
      return report;
    }
    const contentInfo = pkijs.ContentInfo.fromBER(toArrayBuffer(der));
    signedData = new pkijs.SignedData({ schema: contentInfo.content });
  } catch {
    problems.push('the signature is not a CMS SignedData');
    return report;
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) {
    problems.push('no signer');
    return report;
  }
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  report.digestOk = digestMatches(signerInfo, signed);
  if (!report.digestOk) problems.push('the document digest does not match');
  const cert = findSigner(signedData, signerInfo);
  if (!cert) {
    problems.push("the signer's certificate is missing");
    return report;
  }
  report.cmsSignatureOk = await signerInfoVerifies(signerInfo, cert);
  if (!report.cmsSignatureOk) problems.push('the CMS signature does not verify');
  report.signerName = commonName(cert);
  report.certificateSerial = serialOf(cert);
  report.chain = await chainOf(cert, cas);
  if (report.chain === 'no') problems.push("the certificate does not verify under the portal's CA");
  if (report.chain === 'external' && trustedRoots.length > 0) {
    const pool = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
    const root = await externalRootOf(cert, pool, trustedRoots);
    report.externalRoot = root ? commonName(root) : null;
  }

  const token = attribute(signerInfo.unsignedAttrs, OID.timeStampToken)?.values[0];
  let signingTime = signatureDictTime(pdf, raw);
  let timestamped = false;
  if (token) {
    const ts = await checkTimestamp(Buffer.from(signerInfo.signature.valueBlock.valueHexView), token, cas);
    report.timestamp = { present: true, valid: ts.valid, time: ts.time?.toISOString() ?? null };
    if (ts.problem) problems.push(ts.problem);
    if (ts.valid && ts.time) {
      signingTime = ts.time;
      timestamped = true;
    }
  }
  report.signingTime = signingTime?.toISOString() ?? null;
  // The time the certificate must be valid at: the timestamp's; the /M the portal wrote for its
  // own certificates (their keys never leave it); now for another CA's certificate without a
  // timestamp, whose /M is only the signer's claim.
  const at = timestamped || report.chain === 'yes' ? (signingTime ?? new Date()) : new Date();
  if (report.chain === 'yes') {
    const row = await certificateBySerial(db, report.certificateSerial);
    report.certificateRevoked = !!row?.revokedAt && row.revokedAt.getTime() <= Date.now();
    if (report.certificateRevoked) problems.push('the certificate is revoked');
  }
  report.certificateValidAtSigningTime = validAt(cert, at) && !report.certificateRevoked;
  if (!validAt(cert, at)) problems.push('the certificate was not valid at the signing time');
  report.ok =
    report.byteRangeOk &&
    report.digestOk &&
    report.cmsSignatureOk &&
    report.chain !== 'no' &&
    report.certificateValidAtSigningTime &&
    (!report.timestamp.present || report.timestamp.valid);
  return report;
}

/** The end offsets (after %%EOF and its end of line) of the revisions of a PDF. */
function revisionEnds(pdf: Buffer): number[] {
  const ends: number[] = [];
  let offset = 0;
  for (;;) {
    const at = pdf.indexOf('%%EOF', offset);
    if (at === -1) break;
    let end = at + 5;
    if (pdf[end] === 0x0d) end++;
    if (pdf[end] === 0x0a) end++;
    ends.push(end);
    offset = at + 5;
  }
  return ends;
}

function typeOf(object: PDFObject | undefined): string | null {
  if (!(object instanceof PDFDict)) return null;
  const type = object.get(PDFName.of('Type'));
  return type instanceof PDFName ? type.decodeText() : null;
}

function resolve(doc: PDFDocument, object: PDFObject | undefined): PDFObject | undefined {
  return object instanceof PDFRef ? doc.context.lookup(object) : object;
}

function isSignatureWidget(doc: PDFDocument, ref: PDFObject): boolean {
  const annot = resolve(doc, ref);
  if (!(annot instanceof PDFDict)) return false;
  const subtype = annot.get(PDFName.of('Subtype'));
  const ft =
    annot.get(PDFName.of('FT')) ??
    resolve(doc, annot.get(PDFName.of('Parent')))
      ?.toString()
      .match(/\/FT \/Sig/)?.[0];
  return (
    subtype instanceof PDFName &&
    subtype.decodeText() === 'Widget' &&
    (ft instanceof PDFName ? ft.decodeText() === 'Sig' : typeof ft === 'string')
  );
}

function sameExcept(before: PDFDict, after: PDFDict, allowed: string[]): boolean {
  const keys = new Set([...before.keys(), ...after.keys()].map((k) => k.decodeText()));
  for (const key of keys) {
    if (allowed.includes(key)) continue;
    const x = before.get(PDFName.of(key));
    const y = after.get(PDFName.of(key));
    if (String(x) !== String(y)) return false;
  }
  return true;
}

function arrayOnlyAddsWidgets(doc: PDFDocument, before: PDFArray, after: PDFArray): boolean {
  const old = before.asArray().map(String);
  const next = after.asArray();
  if (next.length < old.length) return false;
  for (let i = 0; i < old.length; i++) if (String(next[i]) !== old[i]) return false;
  return next.slice(old.length).every((item) => isSignatureWidget(doc, item));
}

/** Problems of one incremental update that should only add a signature. */
async function checkIncrement(
  pdf: Buffer,
  from: number,
  to: number,
  read: (end: number) => Promise<PDFDocument>,
): Promise<string[]> {
  const text = pdf.subarray(from, to).toString('latin1');
  if (/\/Type\s*\/ObjStm/.test(text)) return [`update at ${from}: compressed objects are not accepted after signing`];
  const before = await read(from);
  const after = await read(to);
  const problems: string[] = [];
  const defined = new Set<string>();
  for (const match of text.matchAll(/(?:^|[\s>])(\d+)\s+(\d+)\s+obj\b/g)) defined.add(`${match[1]} ${match[2]}`);
  for (const id of defined) {
    const [n, g] = id.split(' ').map(Number) as [number, number];
    const ref = PDFRef.of(n, g);
    const old = before.context.lookup(ref);
    const next = after.context.lookup(ref);
    if (!old) {
      const type = typeOf(next);
      if (type === 'Page' || type === 'Pages') problems.push(`update at ${from}: adds a page (object ${n})`);
      continue;
    }
    const oldType = typeOf(old);
    if (oldType === 'Catalog' && next instanceof PDFDict) {
      if (!sameExcept(old as PDFDict, next, ['AcroForm', 'DSS', 'Perms', 'Extensions']))
        problems.push(`update at ${from}: changes the catalog`);
    } else if (oldType === 'Page' && next instanceof PDFDict && typeOf(next) === 'Page') {
      const oldAnnots = resolve(before, (old as PDFDict).get(PDFName.of('Annots')));
      const newAnnots = resolve(after, next.get(PDFName.of('Annots')));
      const annotsOk =
        newAnnots instanceof PDFArray &&
        arrayOnlyAddsWidgets(after, oldAnnots instanceof PDFArray ? oldAnnots : after.context.obj([]), newAnnots);
      if (!sameExcept(old as PDFDict, next, ['Annots']) || !annotsOk)
        problems.push(`update at ${from}: changes page object ${n}`);
    } else if (old instanceof PDFArray && next instanceof PDFArray) {
      if (!arrayOnlyAddsWidgets(after, old, next)) problems.push(`update at ${from}: changes array object ${n}`);
    } else if (old instanceof PDFDict && old.has(PDFName.of('Fields')) && next instanceof PDFDict) {
      // The AcroForm: new fields are checked through the pages' widgets.
      const oldFields = resolve(before, old.get(PDFName.of('Fields')));
      const newFields = resolve(after, next.get(PDFName.of('Fields')));
      if (oldFields instanceof PDFArray && newFields instanceof PDFArray && !arrayOnlyAddsWidgets(after, oldFields, newFields)) {
        problems.push(`update at ${from}: changes the form fields`);
      }
    } else if (old instanceof PDFDict && isSignatureWidget(before, old)) {
      // Filling an empty signature field.
    } else {
      problems.push(`update at ${from}: changes object ${n}`);
    }
  }
  return problems;
}

const UNREADABLE: SignatureReport = {
  fieldName: null,
  signerName: null,
  certificateSerial: null,
  chain: 'external',
  externalRoot: null,
  signingTime: null,
  timestamp: { present: false, valid: false, time: null },
  coversWholeDocument: false,
  byteRangeOk: false,
  digestOk: false,
  cmsSignatureOk: false,
  certificateValidAtSigningTime: false,
  certificateRevoked: false,
  ok: false,
  problems: [],
};

function failure(problem: ErrorCode, signatures: SignatureReport[] = [], problems: string[] = []): PdfVerification {
  return { ok: false, signatures, problem, problems };
}

export async function verifyPdf(
  db: Db,
  pdf: Buffer,
  options: { issued?: Buffer; trustedRoots?: Buffer[] } = {},
): Promise<PdfVerification> {
  let doc: PDFDocument;
  try {
    doc = await readPdf(pdf);
  } catch (error) {
    if (error instanceof AppError) return failure(error.code);
    return failure('PDF_READING_ERROR');
  }
  const cas = await portalCas(db);
  const raws = findSignatures(pdf);
  const signatures: SignatureReport[] = [];
  const names = signatureFieldNames(doc);
  const trustedRoots = parseCertificates(options.trustedRoots ?? []);
  for (const raw of raws) {
    try {
      signatures.push(await checkSignature(db, pdf, raw, cas, names, trustedRoots));
    } catch {
      signatures.push({ ...UNREADABLE, problems: ['the signature cannot be read'] });
    }
  }
  const problems: string[] = [];
  if (signatures.length === 0) problems.push('no signature');
  for (const [i, s] of signatures.entries()) if (!s.ok) problems.push(`signature ${i + 1}: ${s.problems.join('; ')}`);
  const last = signatures.reduce<{ end: number; report: SignatureReport } | null>((best, s, i) => {
    const raw = raws[i] as RawSignature;
    const end = raw.range[2] + raw.range[3];
    return !best || end > best.end ? { end, report: s } : best;
  }, null);
  if (last && !last.report.coversWholeDocument) problems.push('content was added after the last signature');

  // The updates after the issued document (or the first signed revision) may only add signatures.
  let start: number | null = null;
  if (options.issued) {
    if (pdf.length < options.issued.length || !pdf.subarray(0, options.issued.length).equals(options.issued)) {
      problems.push('the issued document is not a prefix of the upload');
    } else {
      start = options.issued.length;
      const issuedLength = options.issued.length;
      if (!raws.some((r) => r.range[2] + r.range[3] > issuedLength))
        problems.push('no signature was added to the issued document');
    }
  } else if (raws.length > 0) {
    start = Math.min(...raws.map((r) => r.range[2] + r.range[3]));
  }
  if (start !== null) {
    const ends = revisionEnds(pdf).filter((e) => e > start + 1);
    const revisions = new Map<number, Promise<PDFDocument>>();
    const read = (end: number) => {
      let revision = revisions.get(end);
      if (!revision) {
        revision = readPdf(pdf.subarray(0, end));
        revisions.set(end, revision);
      }
      return revision;
    };
    let from = start;
    for (const end of ends) {
      try {
        problems.push(...(await checkIncrement(pdf, from, end, read)));
      } catch {
        problems.push(`update at ${from} cannot be read`);
      }
      from = end;
    }
  }
  const ok = problems.length === 0;
  return ok ? { ok, signatures } : { ok, signatures, problem: 'NOT_OK', problems };
}
