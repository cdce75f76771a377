// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API first.
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { signingCertificates, type SigningCertificateRole } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { signingSettings } from './config.js';
import {
  type CryptoKey,
  type CryptoKeyPair,
  decryptPrivateKey,
  encryptPrivateKey,
  exportPrivateKey,
  generateKeyPair,
  importPrivateKey,
  SIGNING_ALGORITHM,
} from './keys.js';
import type { SignerIdentity } from './types.js';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/**
 * The built-in certification authority (DESIGN.md §6, ADR 0024): a root and an issuing CA created
 * on first use (one per installation), a timestamping unit, and end-entity certificates for
 * organisations' seals and signing people. Keys are ECDSA P-256, encrypted at rest (keys.ts).
 */

const ROOT_YEARS = 20;
const ISSUING_YEARS = 10;
const TSA_YEARS = 5;
const DAY = 86_400_000;

export type CertificateRow = typeof signingCertificates.$inferSelect;

/** A certificate with its decrypted key, ready to sign. */
export interface LoadedCertificate {
  row: CertificateRow;
  certificate: x509.X509Certificate;
  der: Buffer;
  key: CryptoKey;
}

const keyCache = new Map<string, CryptoKey>();

export function serialHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] as number) & 0x7f;
  if (bytes[0] === 0) bytes[0] = 0x01;
  return bytes.toString('hex');
}

async function currentRow(db: Db, subjectKey: string): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(signingCertificates)
    .where(and(eq(signingCertificates.subjectKey, subjectKey), isNull(signingCertificates.replacedAt)))
    .limit(1);
  return row;
}

function usable(row: CertificateRow | undefined, now = Date.now()): row is CertificateRow {
  return !!row && !row.revokedAt && row.notAfter.getTime() > now + 60_000 && row.notBefore.getTime() <= now + 60_000;
}

export async function loadCertificate(row: CertificateRow): Promise<LoadedCertificate> {
  const certificate = new x509.X509Certificate(row.certificatePem);
  let key = keyCache.get(row.serial);
  if (!key) {
    key = await importPrivateKey(decryptPrivateKey(row.encryptedKey, row.serial));
    keyCache.set(row.serial, key);
  }
  return { row, certificate, der: Buffer.from(certificate.rawData), key };
}

interface Subject {
  key: string;
  role: SigningCertificateRole;
  name: x509.JsonName;
  displayName: string;
  organisationId?: number;
  userId?: number;
}

function subjectOf(who: SignerIdentity): Subject {
  if (who.kind === 'seal') {
    return {
      key: `seal:${who.organisationId}`,
      role: 'seal',
      name: [{ CN: [who.organisationName] }, { O: [who.organisationName] }, { C: ['RO'] }],
      displayName: who.organisationName,
      organisationId: who.organisationId,
    };
  }
  const name: x509.JsonName = [{ CN: [who.name] }];
  if (who.organisationName) name.push({ O: [who.organisationName] });
  name.push({ C: ['RO'] });
  if (who.email) name.push({ E: [who.email] });
  return { key: `user:${who.userId}`, role: 'user', name, displayName: who.name, userId: who.userId };
}

const CA_NAME = 'Ghișeul Unic';

/**
 * Returns the current certificate of `subject`, issuing it (or replacing an expired or revoked one)
 * under a transaction-scoped advisory lock, so two requests issuing the same subject at once
 * get one certificate.
 */
async function ensure(
  db: Db,
  subject: Subject,
  issue: (serial: string, keys: CryptoKeyPair, validity: { notBefore: Date; notAfter: Date }) => Promise<x509.X509Certificate>,
  validityDays: number,
  overrides?: { notBefore: Date; notAfter: Date },
): Promise<CertificateRow> {
  const existing = await currentRow(db, subject.key);
  if (!overrides && usable(existing)) return existing;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7012, hashtext(${subject.key}))`);
    const again = await currentRow(tx, subject.key);
    if (!overrides && usable(again)) return again;
    if (again) await tx.update(signingCertificates).set({ replacedAt: new Date() }).where(eq(signingCertificates.id, again.id));
    const now = Date.now();
    const validity = overrides ?? { notBefore: new Date(now - 5 * 60_000), notAfter: new Date(now + validityDays * DAY) };
    const serial = serialHex();
    const keys = await generateKeyPair();
    const certificate = await issue(serial, keys, validity);
    const [row] = await tx
      .insert(signingCertificates)
      .values({
        role: subject.role,
        subjectKey: subject.key,
        organisationId: subject.organisationId ?? null,
        userId: subject.userId ?? null,
        subjectName: subject.displayName,
        serial,
        certificatePem: certificate.toString('pem'),
        encryptedKey: encryptPrivateKey(await exportPrivateKey(keys.privateKey), serial),
        notBefore: validity.notBefore,
        notAfter: validity.notAfter,
      })
      .returning();
    return row as CertificateRow;
  });
}

async function ensureRoot(db: Db): Promise<CertificateRow> {
  return ensure(
    db,
    { key: 'root', role: 'root', name: [{ CN: [`${CA_NAME} Root CA`] }], displayName: `${CA_NAME} Root CA` },
    async (serialNumber, keys, { notBefore, notAfter }) =>
      x509.X509CertificateGenerator.createSelfSigned({
        serialNumber,
        name: [{ CN: [`${CA_NAME} Root CA`] }, { O: [CA_NAME] }, { C: ['RO'] }],
        notBefore,
        notAfter,
        signingAlgorithm: SIGNING_ALGORITHM,
        keys,
        extensions: [
          new x509.BasicConstraintsExtension(true, 1, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
          await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
        ],
      }),
    ROOT_YEARS * 365,
  );
}

async function issuedBy(
  issuer: LoadedCertificate,
  serialNumber: string,
  subject: x509.JsonName,
  keys: CryptoKeyPair,
  validity: { notBefore: Date; notAfter: Date },
  extensions: x509.Extension[],
): Promise<x509.X509Certificate> {
  // Never valid beyond the issuer.
  const notAfter = validity.notAfter > issuer.certificate.notAfter ? issuer.certificate.notAfter : validity.notAfter;
  return x509.X509CertificateGenerator.create({
    serialNumber,
    subject,
    issuer: issuer.certificate.subjectName,
    notBefore: validity.notBefore,
    notAfter,
    signingAlgorithm: SIGNING_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: issuer.key,
    extensions: [
      ...extensions,
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuer.certificate),
    ],
  });
}

async function ensureIssuing(db: Db): Promise<{ root: LoadedCertificate; issuing: LoadedCertificate }> {
  const root = await loadCertificate(await ensureRoot(db));
  const row = await ensure(
    db,
    { key: 'issuing', role: 'issuing', name: [], displayName: `${CA_NAME} Issuing CA` },
    async (serial, keys, validity) =>
      issuedBy(root, serial, [{ CN: [`${CA_NAME} Issuing CA`] }, { O: [CA_NAME] }, { C: ['RO'] }], keys, validity, [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      ]),
    ISSUING_YEARS * 365,
  );
  let issuing = await loadCertificate(row);
  // An issuing CA from a replaced root is replaced too.
  if (
    issuing.certificate.issuer !== root.certificate.subject ||
    !(await issuing.certificate.verify({ publicKey: root.certificate.publicKey, signatureOnly: true }))
  ) {
    await db.update(signingCertificates).set({ replacedAt: new Date() }).where(eq(signingCertificates.id, row.id));
    issuing = await loadCertificate(await ensureIssuingOnly(db, root));
  }
  return { root, issuing };
}

async function ensureIssuingOnly(db: Db, root: LoadedCertificate): Promise<CertificateRow> {
  return ensure(
    db,
    { key: 'issuing', role: 'issuing', name: [], displayName: `${CA_NAME} Issuing CA` },
    async (serial, keys, validity) =>
      issuedBy(root, serial, [{ CN: [`${CA_NAME} Issuing CA`] }, { O: [CA_NAME] }, { C: ['RO'] }], keys, validity, [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      ]),
    ISSUING_YEARS * 365,
  );
}

/** A signer's certificate and the chain to the root, keys decrypted. */
export interface SigningMaterial {
  signer: LoadedCertificate;
  chain: LoadedCertificate[];
}

export async function caChain(db: Db): Promise<{ root: LoadedCertificate; issuing: LoadedCertificate }> {
  return ensureIssuing(db);
}

/** The signer's certificate for `who` (issued or renewed on first use) with its chain. */
export async function signingMaterial(
  db: Db,
  who: SignerIdentity,
  overrides?: { notBefore: Date; notAfter: Date },
): Promise<SigningMaterial> {
  const { root, issuing } = await ensureIssuing(db);
  const subject = subjectOf(who);
  let row = await ensure(
    db,
    subject,
    async (serial, keys, validity) =>
      issuedBy(issuing, serial, subject.name, keys, validity, [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      ]),
    signingSettings().validityDays,
    overrides,
  );
  let signer = await loadCertificate(row);
  if (!overrides && signer.certificate.issuer !== issuing.certificate.subject) {
    await db.update(signingCertificates).set({ replacedAt: new Date() }).where(eq(signingCertificates.id, row.id));
    row = await ensure(
      db,
      subject,
      async (serial, keys, validity) =>
        issuedBy(issuing, serial, subject.name, keys, validity, [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
        ]),
      signingSettings().validityDays,
    );
    signer = await loadCertificate(row);
  }
  return { signer, chain: [issuing, root] };
}

/** The timestamping unit's certificate (extended key usage timeStamping, critical) and chain. */
export async function tsaMaterial(db: Db): Promise<SigningMaterial> {
  const { root, issuing } = await ensureIssuing(db);
  const row = await ensure(
    db,
    { key: 'tsa', role: 'tsa', name: [], displayName: `${CA_NAME} TSA` },
    async (serial, keys, validity) =>
      issuedBy(issuing, serial, [{ CN: [`${CA_NAME} TSA`] }, { O: [CA_NAME] }, { C: ['RO'] }], keys, validity, [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
      ]),
    TSA_YEARS * 365,
  );
  return { signer: await loadCertificate(row), chain: [issuing, root] };
}

/** The portal's root certificate, PEM (created on first use). */
export async function rootCertificatePem(db: Db): Promise<string> {
  const row = await ensureRoot(db);
  return new x509.X509Certificate(row.certificatePem).toString('pem');
}

/** Every CA certificate the portal ever had (root and issuing, current and replaced), for the verifier. */
export async function portalCaCertificates(db: Db): Promise<CertificateRow[]> {
  return db.select().from(signingCertificates).where(sql`${signingCertificates.role} IN ('root', 'issuing')`);
}

export async function certificateBySerial(db: Db, serial: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(signingCertificates).where(eq(signingCertificates.serial, serial)).limit(1);
  return row;
}
