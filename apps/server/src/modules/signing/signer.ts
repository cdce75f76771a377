import { Signer, SignPdf } from '@signpdf/signpdf';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db.js';
import { type SigningMaterial, signingMaterial, tsaMaterial } from './ca.js';
import { buildSignedData, sha256 } from './cms.js';
import { renderAppearance } from './appearance.js';
import { addSignaturePlaceholder, readPdf } from './pdf-increment.js';
import { signatureTimestamp } from './tsa.js';
import type { SignerIdentity, SigningProvider, SignOptions, SignResult } from './types.js';

/** The CMS signer handed to @signpdf/signpdf: CAdES detached, optionally with a timestamp (B-T). */
class CadesSigner extends Signer {
  constructor(
    private readonly material: SigningMaterial,
    private readonly tsa: SigningMaterial | null,
  ) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const tsa = this.tsa;
    return buildSignedData({
      material: this.material,
      digest: sha256(pdfBuffer),
      ...(tsa ? { timestamp: (value: Buffer) => signatureTimestamp(tsa, value) } : {}),
    });
  }
}

function nameOf(who: SignerIdentity): string {
  return who.kind === 'seal' ? who.organisationName : who.name;
}

/** Signs `pdf` with the given certificate (exported for tests: other CAs, claimed signing times). */
export async function signWith(
  pdf: Buffer,
  who: SignerIdentity,
  options: SignOptions,
  material: SigningMaterial,
  tsa: SigningMaterial | null,
  signingTime = new Date(),
): Promise<SignResult> {
  const doc = await readPdf(pdf);
  const name = nameOf(who);
  const appearance = options.visible
    ? await renderAppearance(options.visible, name, signingTime).catch(() => {
        throw new AppError('VALIDATION_ERROR', { field: 'image' }, 'signing: the appearance could not be rendered');
      })
    : null;
  const visible =
    options.visible && appearance
      ? {
          page: options.visible.box.page,
          rect: [
            options.visible.box.x,
            options.visible.box.y,
            options.visible.box.x + options.visible.box.width,
            options.visible.box.y + options.visible.box.height,
          ] as [number, number, number, number],
          appearance,
        }
      : undefined;
  const prepared = await addSignaturePlaceholder(
    pdf,
    {
      reason: options.reason,
      ...(options.location ? { location: options.location } : {}),
      name,
      signingTime,
      ...(visible ? { visible } : {}),
    },
    doc,
  ).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw new AppError('PDF_READING_ERROR', undefined, `signing: no placeholder: ${(error as Error).message}`);
  });
  const signed = await new SignPdf().sign(prepared, new CadesSigner(material, tsa)).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw new AppError('ERROR_INIT_SIGNING', undefined, `signing: ${(error as Error).message}`);
  });
  return { pdf: signed, certificateSerial: material.signer.row.serial };
}

async function materials(db: Db, who: SignerIdentity, timestamp: boolean) {
  try {
    const material = await signingMaterial(db, who);
    return { material, tsa: timestamp ? await tsaMaterial(db) : null };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ERROR_INIT_SIGNING', undefined, `signing: ${(error as Error).message}`);
  }
}

/**
 * The built-in CA as a signing provider: PAdES (ETSI.CAdES.detached) incremental signatures,
 * B-T with the portal's TSA unless `timestamp: false`.
 */
export const signingProvider: SigningProvider = {
  async sign(db, pdf, who, options) {
    const timestamp = options.timestamp !== false;
    const { material, tsa } = await materials(db, who, timestamp);
    return signWith(pdf, who, options, material, tsa);
  },
  async signMany(db, pdfs, who, options) {
    const { material, tsa: tsaAll } = await materials(db, who, true);
    const results: SignResult[] = [];
    for (const [i, pdf] of pdfs.entries()) {
      const opts = options(i);
      results.push(await signWith(pdf, who, opts, material, opts.timestamp === false ? null : tsaAll));
    }
    return results;
  },
};

/** For tests: signs with an explicit certificate validity (an expired certificate). */
export async function signWithValidity(
  db: Db,
  pdf: Buffer,
  who: SignerIdentity,
  options: SignOptions,
  validity: { notBefore: Date; notAfter: Date },
): Promise<SignResult> {
  const material = await signingMaterial(db, who, validity);
  return signWith(pdf, who, options, material, null);
}
