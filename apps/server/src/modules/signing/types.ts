import type { ErrorCode } from '@ghiseu/domain';

/** Who signs: a person (staff member or citizen) or an organisation's seal. */
export type SignerIdentity =
  | { kind: 'user'; userId: number; name: string; organisationName: string | null; email?: string | null }
  | { kind: 'seal'; organisationId: number; organisationName: string };

/** A signature box on a page, in PDF points from the page's lower-left corner; `page` counts from 1. */
export interface SignatureBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SignOptions {
  /** e.g. 'Semnat de Ion Popescu, Arhitect-șef' */
  reason: string;
  location?: string;
  visible?: { box: SignatureBox; caption: string; image?: { data: Buffer; mimeType: 'image/png' | 'image/jpeg' } };
  /** Default true: a signature timestamp from the portal's TSA (PAdES B-T). */
  timestamp?: boolean;
}

export interface SignResult {
  pdf: Buffer;
  /** Serial number (hex) of the certificate that signed. */
  certificateSerial: string;
}

export interface SigningProvider {
  /** Signs incrementally as `who`; issues or renews the certificate on first use. */
  sign(db: import('../../platform/db.js').Db, pdf: Buffer, who: SignerIdentity, options: SignOptions): Promise<SignResult>;
  /** The same signer for many PDFs (bulk): loads and decrypts the key once. */
  signMany(
    db: import('../../platform/db.js').Db,
    pdfs: Buffer[],
    who: SignerIdentity,
    options: (i: number) => SignOptions,
  ): Promise<SignResult[]>;
}

/** One signature of a PDF as the verifier saw it. */
export interface SignatureReport {
  /** Field name (/T) of the signature, when present. */
  fieldName: string | null;
  /** Common name of the signer's certificate. */
  signerName: string | null;
  /** Serial number (hex) of the signer's certificate. */
  certificateSerial: string | null;
  /** 'yes': issued by the portal's CA; 'external': another CA; 'no': claims the portal's CA but does not verify. */
  chain: 'yes' | 'no' | 'external';
  /** For an external chain: the common name of a root given in `trustedRoots` it leads to, else null. */
  externalRoot: string | null;
  /** The timestamp's time when there is one, else the /M of the signature dictionary. */
  signingTime: string | null;
  timestamp: { present: boolean; valid: boolean; time: string | null };
  /** The signature's ByteRange ends at the end of the file. */
  coversWholeDocument: boolean;
  /** ByteRange starts at 0 and leaves out exactly the hex /Contents. */
  byteRangeOk: boolean;
  digestOk: boolean;
  cmsSignatureOk: boolean;
  /** Certificate valid (and not revoked) at the signing time. */
  certificateValidAtSigningTime: boolean;
  certificateRevoked: boolean;
  ok: boolean;
  /** Human-readable reasons when not ok (English, for logs and tests). */
  problems: string[];
}

export type PdfVerification = { ok: boolean; signatures: SignatureReport[]; problem?: ErrorCode; problems?: string[] };
