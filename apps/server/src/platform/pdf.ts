import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import QRCode from 'qrcode';

/**
 * The shared PDF rendering helper (DESIGN.md §2: pdfmake with an embedded TTF, qrcode).
 *
 * - Fonts: pdfmake 0.3's bundled Roboto, which has the Romanian glyphs (ă â î ș ț Ș Ț; checked with
 *   pdftotext, notes/signing.md). A standard-14 font such as Helvetica drops them, so no document
 *   may name another font family.
 * - No resource access: the font files are read once into pdfmake's virtual file system, and
 *   both access policies refuse everything, so a document definition that names a URL or a
 *   local path (an image, an attachment) fails instead of fetching or reading it. Images are
 *   given as `data:` URLs (see {@link qrCodeDataUrl}).
 *
 * pdfmake is one shared instance per process; everything here configures it the same way, so
 * modules must render through this helper and never call pdfmake directly.
 */

export type PdfDocument = TDocumentDefinitions;

/** The part of pdfmake 0.3's server API used here (the published types describe 0.2). */
interface PdfMake {
  virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean };
  setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

// pdfmake is CommonJS; the bundle keeps npm packages external, so it is required at run time.
const require = createRequire(import.meta.url);

/** The family every document uses. */
export const PDF_FONT = 'Roboto';

const ROBOTO_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

let configured: PdfMake | null = null;

function pdfMake(): PdfMake {
  if (configured) return configured;
  const instance = require('pdfmake') as PdfMake;
  for (const file of Object.values(ROBOTO_FILES)) {
    const vfsName = `fonts/${file}`;
    if (!instance.virtualfs.existsSync(vfsName)) {
      instance.virtualfs.writeFileSync(vfsName, fs.readFileSync(require.resolve(`pdfmake/fonts/Roboto/${file}`)));
    }
  }
  instance.setFonts({
    [PDF_FONT]: {
      normal: `fonts/${ROBOTO_FILES.normal}`,
      bold: `fonts/${ROBOTO_FILES.bold}`,
      italics: `fonts/${ROBOTO_FILES.italics}`,
      bolditalics: `fonts/${ROBOTO_FILES.bolditalics}`,
    },
  });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy(() => false);
  configured = instance;
  return instance;
}

/**
 * Renders a pdfmake document definition to a PDF buffer, in Roboto (the default style's font is
 * forced: any other family would lose the diacritics).
 */
export async function renderPdf(definition: PdfDocument): Promise<Buffer> {
  const withFont: TDocumentDefinitions = {
    ...definition,
    defaultStyle: { ...definition.defaultStyle, font: PDF_FONT },
  };
  return pdfMake().createPdf(withFont).getBuffer();
}

/** A QR code of `text` as a PNG data URL (error correction M, a quiet zone of 1 module). */
export function qrCodeDataUrl(text: string, options: { width?: number } = {}): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: options.width ?? 256, type: 'image/png' });
}

/** The date and time in Romania, 'dd.mm.yyyy' (and ' HH:mm' with `withTime`), for documents. */
export function formatRomanianDate(date: Date, withTime = false): string {
  const parts = new Intl.DateTimeFormat('ro-RO', {
    timeZone: 'Europe/Bucharest',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('day')}.${get('month')}.${get('year')}`;
  return withTime ? `${day} ${get('hour')}:${get('minute')}` : day;
}
