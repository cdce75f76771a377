// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API first.
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { SigningCertificateRole } from '../../db/schema/index.js';
import { writeAudit } from '../../platform/audit.js';
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
import {
  type CertificateRow,
  caCertificates,
  certificateBySerial,
  currentCertificate,
  insertCertificate,
  lockSubject,
  markReplaced,
} from './repository.js';
import type { SignerIdentity } from './types.js';

// Node's WebCrypto (its type is not the DOM's Crypto, which the e2e project compiles against).
(x509.cryptoProvider as { set(crypto: unknown): void }).set(webcrypto);

/**
 * The built-in certification authority (DESIGN.md §6, ADR 0024): a root and an issuing CA created
 * on first use (one per installation), a timestamping unit, and end-entity certificates for
 * organisations' seals and signing people. Keys are ECDSA P-256, encrypted at rest (keys.ts).
 * A certificate is replaced on next use when it expired, was revoked, names another subject
 * (a person renamed) or hangs under a replaced CA.
 */

const ROOT_DAYS = 20 * 365;
const ISSUING_DAYS = 10 * 365;
const TSA_DAYS = 5 * 365;
const DAY = 86_400_000;
const CA_NAME = 'Ghișeul Unic';
const KEY_CACHE_LIMIT = 2000;

export type { CertificateRow };

/** A certificate with its decrypted key, ready to sign. */
export interface LoadedCertificate {
  row: CertificateRow;
  certificate: x509.X509Certificate;
  der: Buffer;
  key: CryptoKey;
}

/** A signer's certificate and the chain to the root (issuing CA, root), keys decrypted. */
export interface SigningMaterial {
  signer: LoadedCertificate;
  chain: LoadedCertificate[];
}

const keyCache = new Map<string, CryptoKey>();
/** `issued-serial:issuer-serial` pairs whose signature was checked once. */
const verifiedPairs = new Set<string>();

export function serialHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] as number) & 0x7f) | 0x01;
  return bytes.toString('hex');
}

export async function loadCertificate(row: CertificateRow): Promise<LoadedCertificate> {
  const certificate = new x509.X509Certificate(row.certificatePem);
  let key = keyCache.get(row.serial);
  if (!key) {
    key = await importPrivateKey(decryptPrivateKey(row.encryptedKey, row.serial));
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.delete(keyCache.keys().next().value as string);
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
  days: number;
  extensions: () => x509.Extension[];
}

const endEntity = () => [
  new x509.BasicConstraintsExtension(false, undefined, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
];
const authority = (pathLength: number) => () => [
  new x509.BasicConstraintsExtension(true, pathLength, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
];
const portalName = (cn: string): x509.JsonName => [{ CN: [cn] }, { O: [CA_NAME] }, { C: ['RO'] }];

const ROOT: Subject = {
  key: 'root',
  role: 'root',
  name: portalName(`${CA_NAME} Root CA`),
  displayName: `${CA_NAME} Root CA`,
  days: ROOT_DAYS,
  extensions: authority(1),
};
const ISSUING: Subject = {
  key: 'issuing',
  role: 'issuing',
  name: portalName(`${CA_NAME} Issuing CA`),
  displayName: `${CA_NAME} Issuing CA`,
  days: ISSUING_DAYS,
  extensions: authority(0),
};
const TSA: Subject = {
  key: 'tsa',
  role: 'tsa',
  name: portalName(`${CA_NAME} TSA`),
  displayName: `${CA_NAME} TSA`,
  days: TSA_DAYS,
  extensions: () => [...endEntity(), new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true)],
};

function subjectOf(who: SignerIdentity): Subject {
  const days = signingSettings().validityDays;
  if (who.kind === 'seal') {
    return {
      key: `seal:${who.organisationId}`,
      role: 'seal',
      name: [{ CN: [who.organisationName] }, { O: [who.organisationName] }, { C: ['RO'] }],
      displayName: who.organisationName,
      organisationId: who.organisationId,
      days,
      extensions: endEntity,
    };
  }
  const name: x509.JsonName = [{ CN: [who.name] }];
  if (who.organisationName) name.push({ O: [who.organisationName] });
  name.push({ C: ['RO'] });
  if (who.email) name.push({ E: [who.email] });
  return {
    key: `user:${who.userId}`,
    role: 'user',
    name,
    displayName: who.name,
    userId: who.userId,
    days,
    extensions: endEntity,
  };
}

async function issuedBy(row: CertificateRow, issuer: LoadedCertificate | null): Promise<boolean> {
  if (!issuer) return true;
  const pair = `${row.serial}:${issuer.row.serial}`;
  if (verifiedPairs.has(pair)) return true;
  const certificate = new x509.X509Certificate(row.certificatePem);
  const ok =
    certificate.issuer === issuer.certificate.subject &&
    (await certificate.verify({ publicKey: issuer.certificate.publicKey, signatureOnly: true }));
  if (ok) verifiedPairs.add(pair);
  return ok;
}

function stillUsable(row: CertificateRow | undefined, subject: Subject): row is CertificateRow {
  const now = Date.now();
  if (!row || row.revokedAt || row.notAfter.getTime() <= now + 60_000 || row.notBefore.getTime() > now + 60_000) return false;
  return new x509.X509Certificate(row.certificatePem).subject === new x509.Name(subject.name).toString();
}

/**
 * The current certificate of `subject`, issued by `issuer` (self-signed when null). Issuing (or
 * replacing an unusable certificate) runs under a transaction-scoped advisory lock, so two
 * requests issuing the same subject at once get one certificate.
 */
async function ensure(
  db: Db,
  subject: Subject,
  issuer: LoadedCertificate | null,
  overrides?: { notBefore: Date; notAfter: Date },
): Promise<CertificateRow> {
  const existing = await currentCertificate(db, subject.key);
  if (!overrides && stillUsable(existing, subject) && (await issuedBy(existing, issuer))) return existing;
  return db.transaction(async (tx) => {
    await lockSubject(tx, subject.key);
    const again = await currentCertificate(tx, subject.key);
    if (!overrides && stillUsable(again, subject) && (await issuedBy(again, issuer))) return again;
    if (again) await markReplaced(tx, again.id);
    const now = Date.now();
    const validity = overrides ?? { notBefore: new Date(now - 5 * 60_000), notAfter: new Date(now + subject.days * DAY) };
    const serialNumber = serialHex();
    const keys: CryptoKeyPair = await generateKeyPair();
    const common = { serialNumber, notBefore: validity.notBefore, signingAlgorithm: SIGNING_ALGORITHM };
    const certificate = issuer
      ? await x509.X509CertificateGenerator.create({
          ...common,
          subject: subject.name,
          issuer: issuer.certificate.subjectName,
          // Never valid beyond the issuer.
          notAfter: validity.notAfter > issuer.certificate.notAfter ? issuer.certificate.notAfter : validity.notAfter,
          publicKey: keys.publicKey,
          signingKey: issuer.key,
          extensions: [
            ...subject.extensions(),
            await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
            await x509.AuthorityKeyIdentifierExtension.create(issuer.certificate),
          ],
        })
      : await x509.X509CertificateGenerator.createSelfSigned({
          ...common,
          name: subject.name,
          notAfter: validity.notAfter,
          keys,
          extensions: [...subject.extensions(), await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)],
        });
    const row = await insertCertificate(tx, {
      role: subject.role,
      subjectKey: subject.key,
      organisationId: subject.organisationId ?? null,
      userId: subject.userId ?? null,
      subjectName: subject.displayName,
      serial: serialNumber,
      certificatePem: certificate.toString('pem'),
      encryptedKey: encryptPrivateKey(await exportPrivateKey(keys.privateKey), serialNumber),
      notBefore: certificate.notBefore,
      notAfter: certificate.notAfter,
    });
    await writeAudit(tx, {
      action: again ? 'signing.certificate_renewed' : 'signing.certificate_issued',
      entityType: 'signing_certificate',
      entityId: row.id,
      organisationId: subject.organisationId ?? null,
      after: { role: row.role, subject: row.subjectName, serial: row.serial, not_after: row.notAfter.toISOString() },
      ...(again ? { before: { serial: again.serial } } : {}),
    });
    return row;
  });
}

/** The root and the issuing CA, created on first use. */
export async function caChain(db: Db): Promise<{ root: LoadedCertificate; issuing: LoadedCertificate }> {
  const root = await loadCertificate(await ensure(db, ROOT, null));
  const issuing = await loadCertificate(await ensure(db, ISSUING, root));
  return { root, issuing };
}

/** The signer's certificate for `who` (issued or renewed on first use) with its chain. */
export async function signingMaterial(
  db: Db,
  who: SignerIdentity,
  overrides?: { notBefore: Date; notAfter: Date },
): Promise<SigningMaterial> {
  const { root, issuing } = await caChain(db);
  const signer = await loadCertificate(await ensure(db, subjectOf(who), issuing, overrides));
  return { signer, chain: [issuing, root] };
}

/** The timestamping unit's certificate (extended key usage timeStamping, critical) and chain. */
export async function tsaMaterial(db: Db): Promise<SigningMaterial> {
  const { root, issuing } = await caChain(db);
  const signer = await loadCertificate(await ensure(db, TSA, issuing));
  return { signer, chain: [issuing, root] };
}

/** The portal's root certificate, PEM (created on first use). */
export async function rootCertificatePem(db: Db): Promise<string> {
  const row = await ensure(db, ROOT, null);
  return new x509.X509Certificate(row.certificatePem).toString('pem');
}

export { caCertificates as portalCaCertificates, certificateBySerial };
