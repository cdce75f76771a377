import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { LoadedCertificate, SigningMaterial } from '../src/modules/signing/ca.js';
import type { CryptoKey, CryptoKeyPair } from '../src/modules/signing/keys.js';
import { signWith } from '../src/modules/signing/signer.js';
import type { SignerIdentity } from '../src/modules/signing/index.js';

/**
 * A signer from outside the portal, for offline signing in the tests and the journeys: its own
 * certification authority ("Certificări Calificate SRL", not the portal's) and a personal
 * certificate, made in memory with @peculiar/x509. It signs with the same PAdES code a desktop
 * signing tool would produce (CAdES detached, incremental), without a timestamp.
 */
const DAY = 86_400_000;
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

function loaded(certificate: x509.X509Certificate, key: CryptoKey, serial: string): LoadedCertificate {
  // Only what the signer reads: the certificate, its DER and the key (no row in any database).
  return {
    row: { serial: `ext-${serial}-${Math.random().toString(36).slice(2)}` },
    certificate,
    der: Buffer.from(certificate.rawData),
    key,
  } as unknown as LoadedCertificate;
}

/** A certificate of `name` issued by an outside CA, valid from `notBefore` to `notAfter`. */
export async function externalMaterial(
  name: string,
  validity: { notBefore?: Date; notAfter?: Date } = {},
): Promise<SigningMaterial> {
  const caKeys = (await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '0a01',
    name: [{ CN: ['Certificări Calificate SRL'] }],
    notBefore: new Date(Date.now() - 100 * DAY),
    notAfter: new Date(Date.now() + 100 * DAY),
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
  });
  const keys = (await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '0b02',
    subject: [{ CN: [name] }],
    issuer: ca.subjectName,
    notBefore: validity.notBefore ?? new Date(Date.now() - DAY),
    notAfter: validity.notAfter ?? new Date(Date.now() + 100 * DAY),
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: ALGORITHM,
  });
  return { signer: loaded(leaf, keys.privateKey, 'leaf'), chain: [loaded(ca, caKeys.privateKey, 'ca')] };
}

/** Signs `pdf` as `name` with an outside certificate, as the applicant would at home. */
export async function signElsewhere(pdf: Buffer, name: string, material?: SigningMaterial): Promise<Buffer> {
  const who: SignerIdentity = { kind: 'user', userId: 0, name, organisationName: null };
  const result = await signWith(pdf, who, { reason: `Semnat de ${name}` }, material ?? (await externalMaterial(name)), null);
  return result.pdf;
}
