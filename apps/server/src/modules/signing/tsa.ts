import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Db } from '../../platform/db.js';
import { type SigningMaterial, tsaMaterial } from './ca.js';
import { buildSignedData, OID, randomSerial, sha256, toArrayBuffer } from './cms.js';

/**
 * The portal's RFC 3161 timestamping unit: its certificate has the critical extended key usage
 * timeStamping and is issued by the issuing CA. Answers `POST /api/tsa` and is called in-process
 * by the signer (no HTTP round trip).
 */

/** The TSA policy: an OID under 2.25 (UUID-based, ITU-T X.667), fixed for the portal. */
export const TSA_POLICY = '2.25.189362373284620919582383719829374012417';

const ACCEPTED_HASHES = new Set<string>([OID.sha256, OID.sha384, OID.sha512]);
const HASH_LENGTHS: Record<string, number> = { [OID.sha256]: 32, [OID.sha384]: 48, [OID.sha512]: 64 };

/** A TimeStampToken (ContentInfo of SignedData over a TSTInfo) for a message imprint. */
export async function timestampToken(
  material: SigningMaterial,
  imprint: { hashAlgorithm: string; hashedMessage: Buffer },
  options: { nonce?: asn1js.Integer; certReq?: boolean; policy?: string } = {},
): Promise<pkijs.ContentInfo> {
  const genTime = new Date(Math.floor(Date.now() / 1000) * 1000);
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: options.policy ?? TSA_POLICY,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: imprint.hashAlgorithm }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint.hashedMessage) }),
    }),
    serialNumber: randomSerial(),
    genTime,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(options.nonce ? { nonce: options.nonce } : {}),
  });
  const content = Buffer.from(tstInfo.toSchema().toBER(false));
  const der = await buildSignedData({
    material,
    digest: sha256(content),
    encapsulated: { contentType: OID.tstInfo, content },
    includeCertificates: options.certReq !== false,
  });
  return pkijs.ContentInfo.fromBER(toArrayBuffer(der));
}

/** The in-process timestamp of a CMS signature value (PAdES B-T). */
export async function signatureTimestamp(material: SigningMaterial, signatureValue: Buffer): Promise<pkijs.ContentInfo> {
  return timestampToken(material, { hashAlgorithm: OID.sha256, hashedMessage: sha256(signatureValue) }, { certReq: true });
}

function rejection(failBit: number, text: string): Buffer {
  // PKIFailureInfo: badAlg(0), badRequest(2), badDataFormat(5), unacceptedPolicy(15)
  const bytes = new Uint8Array(Math.floor(failBit / 8) + 1);
  bytes[Math.floor(failBit / 8)] = 0x80 >> (failBit % 8);
  const unused = 7 - (failBit % 8);
  const status = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 2 }),
      new asn1js.Sequence({ value: [new asn1js.Utf8String({ value: text })] }),
      new asn1js.BitString({ valueHex: toArrayBuffer(bytes), unusedBits: unused }),
    ],
  });
  return Buffer.from(new asn1js.Sequence({ value: [status] }).toBER(false));
}

/** Answers a DER TimeStampReq with a DER TimeStampResp (a rejection for unusable requests). */
export async function answerTimestampQuery(db: Db, query: Buffer): Promise<Buffer> {
  let request: pkijs.TimeStampReq;
  try {
    request = pkijs.TimeStampReq.fromBER(toArrayBuffer(query));
  } catch {
    return rejection(5, 'badDataFormat');
  }
  const algorithm = request.messageImprint.hashAlgorithm.algorithmId;
  const hashed = Buffer.from(request.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (!ACCEPTED_HASHES.has(algorithm)) return rejection(0, 'badAlg');
  if (hashed.length !== HASH_LENGTHS[algorithm]) return rejection(5, 'badDataFormat');
  if (request.reqPolicy && request.reqPolicy !== TSA_POLICY) return rejection(15, 'unacceptedPolicy');
  const material = await tsaMaterial(db);
  const token = await timestampToken(
    material,
    { hashAlgorithm: algorithm, hashedMessage: hashed },
    { certReq: request.certReq ?? false, ...(request.nonce ? { nonce: request.nonce } : {}) },
  );
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: token,
  });
  return Buffer.from(response.toSchema().toBER(false));
}
