import { createHash, randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { LoadedCertificate, SigningMaterial } from './ca.js';

/**
 * CMS SignedData built with pkijs (notes/signing.md: node-forge breaks non-ASCII names):
 * signed attributes contentType, messageDigest and signingCertificateV2, SHA-256, certificates =
 * signer + chain. Used for the PDF signatures (detached, CAdES) and the TSA's tokens (TSTInfo
 * encapsulated).
 */

pkijs.setEngine(
  'node',
  new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as pkijs.CryptoEngineParameters['crypto'] }),
);

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
} as const;

export function toArrayBuffer(data: Uint8Array): ArrayBuffer {
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

export function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

const certCache = new Map<string, pkijs.Certificate>();

export function pkijsCertificate(loaded: LoadedCertificate): pkijs.Certificate {
  let cert = certCache.get(loaded.row.serial);
  if (!cert) {
    cert = pkijs.Certificate.fromBER(toArrayBuffer(loaded.der));
    certCache.set(loaded.row.serial, cert);
  }
  return cert;
}

function signingCertificateV2(cert: pkijs.Certificate, der: Buffer): pkijs.Attribute {
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      // hashAlgorithm omitted: DEFAULT sha256
      new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(der)) }),
      new asn1js.Sequence({
        value: [
          new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: cert.issuer })] }).toSchema(),
          cert.serialNumber,
        ],
      }),
    ],
  });
  return new pkijs.Attribute({
    type: OID.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}

export interface CmsOptions {
  material: SigningMaterial;
  /** The digest of the signed content (SHA-256). */
  digest: Buffer;
  /** Encapsulated content (a TSTInfo); detached when absent. */
  encapsulated?: { contentType: string; content: Buffer };
  includeCertificates?: boolean;
  /** Adds an unsigned signature timestamp: given the signature value, returns a TimeStampToken. */
  timestamp?: (signatureValue: Buffer) => Promise<pkijs.ContentInfo>;
}

/** A CMS ContentInfo(SignedData), DER. */
export async function buildSignedData(options: CmsOptions): Promise<Buffer> {
  const { material } = options;
  const signerCert = pkijsCertificate(material.signer);
  const contentType = options.encapsulated?.contentType ?? OID.data;
  const signedData = new pkijs.SignedData({
    version: options.encapsulated ? 3 : 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: contentType,
      ...(options.encapsulated
        ? { eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(options.encapsulated.content) }) }
        : {}),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signerCert.issuer, serialNumber: signerCert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: contentType })] }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: toArrayBuffer(options.digest) })],
            }),
            signingCertificateV2(signerCert, material.signer.der),
          ],
        }),
      }),
    ],
    certificates:
      options.includeCertificates === false ? undefined : [signerCert, ...material.chain.map((c) => pkijsCertificate(c))],
  });
  await signedData.sign(material.signer.key as unknown as Parameters<pkijs.SignedData['sign']>[0], 0, 'SHA-256');
  const signerInfo = signedData.signerInfos[0] as pkijs.SignerInfo;
  if (options.timestamp) {
    const token = await options.timestamp(Buffer.from(signerInfo.signature.valueBlock.valueHexView));
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [token.toSchema()] })],
    });
  }
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER(false));
}

export function randomSerial(): asn1js.Integer {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] as number) & 0x7f) | 0x01;
  return new asn1js.Integer({ valueHex: toArrayBuffer(bytes) });
}
