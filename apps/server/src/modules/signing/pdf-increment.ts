import {
  decodePDFRawStream,
  PDFArray,
  type PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectCopier,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { AppError } from '../../platform/errors.js';

/**
 * Incremental updates of a PDF written by hand (pdf-lib only reads: a signed PDF is never
 * re-saved, notes/signing.md): the objects of an update, a classic cross-reference section and a
 * trailer pointing at the previous one with /Prev.
 */

export const SIGNATURE_BYTES = 12_000;
export const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 /********** /********** /**********]';

/** Loads a PDF for reading; unusable input becomes the catalogue's PDF errors. */
export async function readPdf(pdf: Buffer): Promise<PDFDocument> {
  if (pdf.length < 16 || !pdf.subarray(0, 1024).includes('%PDF-')) throw new AppError('PDF_INVALID');
  if (lastStartXref(pdf) === null) throw new AppError('INVALID_PDF_ERROR');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    throw new AppError('PDF_READING_ERROR');
  }
  if (doc.isEncrypted) throw new AppError('PDF_IS_ENCRYPTED');
  // pdf-lib forgets the numbers of object streams and cross-reference streams: new objects must
  // be numbered from the trailer's /Size, or they would shadow those streams.
  const size = lastTrailerSize(pdf);
  if (size !== null) doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, size - 1);
  return doc;
}

/** /Size of the last cross-reference section (classic trailer or stream dictionary). */
function lastTrailerSize(pdf: Buffer): number | null {
  const prev = lastStartXref(pdf);
  if (prev === null || prev >= pdf.length) return null;
  const text = pdf.subarray(prev, Math.min(pdf.length, prev + 200_000)).toString('latin1');
  const dictionary = text.startsWith('xref') ? text.slice(text.indexOf('trailer')) : text;
  const match = /\/Size\s+(\d+)/.exec(dictionary.slice(0, 4000));
  return match ? Number(match[1]) : null;
}

/** The offset after the last `startxref` keyword: the previous cross-reference section. */
export function lastStartXref(pdf: Buffer): number | null {
  const tail = pdf.subarray(Math.max(0, pdf.length - 2048)).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  return match ? Number(match[1]) : null;
}

function bytesOf(object: PDFObject): Buffer {
  const buffer = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return Buffer.from(buffer);
}

export interface UpdateObject {
  ref: PDFRef;
  /** A pdf-lib object, or raw text of the object's body (the signature dictionary). */
  body: PDFObject | string;
}

/** Appends an incremental update with `objects` to `pdf`. */
export function appendIncrement(pdf: Buffer, doc: PDFDocument, objects: UpdateObject[]): Buffer {
  const prev = lastStartXref(pdf);
  if (prev === null) throw new AppError('INVALID_PDF_ERROR');
  const head = pdf[pdf.length - 1] === 0x0a ? pdf : Buffer.concat([pdf, Buffer.from('\n')]);
  const parts: Buffer[] = [];
  const offsets = new Map<number, number>();
  let position = head.length;
  for (const { ref, body } of objects) {
    offsets.set(ref.objectNumber, position);
    const chunk = Buffer.concat([
      Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : bytesOf(body),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(chunk);
    position += chunk.length;
  }
  const trailer = doc.context.trailerInfo;
  const trailerEntries = [`/Root ${trailer.Root}`];
  if (trailer.Info) trailerEntries.push(`/Info ${trailer.Info}`);
  if (trailer.ID) trailerEntries.push(`/ID ${trailer.ID}`);
  trailerEntries.push(`/Prev ${prev}`);

  // A file whose last cross-reference section is a stream (PDF 1.5 object streams) is continued
  // with a stream too: poppler does not follow a classic table's /Prev to an xref stream.
  const previousIsStream = !pdf
    .subarray(prev, prev + 4)
    .toString('latin1')
    .startsWith('xref');
  if (previousIsStream) {
    const xrefRef = doc.context.nextRef();
    offsets.set(xrefRef.objectNumber, position);
    const numbers = [...offsets.keys()].sort((a, b) => a - b);
    const size = Math.max(doc.context.largestObjectNumber + 1, (numbers[numbers.length - 1] ?? 0) + 1);
    const index: number[] = [];
    const rows: Buffer[] = [];
    for (let i = 0; i < numbers.length; ) {
      let j = i;
      while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] as number) + 1) j++;
      index.push(numbers[i] as number, j - i + 1);
      for (let k = i; k <= j; k++) {
        const n = numbers[k] as number;
        const row = Buffer.alloc(7);
        row[0] = 1;
        row.writeUInt32BE(offsets.get(n) as number, 1);
        row.writeUInt16BE(objects.find((o) => o.ref.objectNumber === n)?.ref.generationNumber ?? 0, 5);
        rows.push(row);
      }
      i = j + 1;
    }
    const data = Buffer.concat(rows);
    const dict = `<<\n/Type /XRef\n/Size ${size}\n/W [1 4 2]\n/Index [${index.join(' ')}]\n/Length ${data.length}\n${trailerEntries.join('\n')}\n>>`;
    return Buffer.concat([
      head,
      ...parts,
      Buffer.from(`${xrefRef.objectNumber} 0 obj\n${dict}\nstream\n`, 'latin1'),
      data,
      Buffer.from(`\nendstream\nendobj\nstartxref\n${position}\n%%EOF\n`, 'latin1'),
    ]);
  }

  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  let xref = 'xref\n';
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] as number) + 1) j++;
    xref += `${numbers[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      const n = numbers[k] as number;
      const gen = objects.find((o) => o.ref.objectNumber === n)?.ref.generationNumber ?? 0;
      xref += `${String(offsets.get(n)).padStart(10, '0')} ${String(gen).padStart(5, '0')} n \n`;
    }
    i = j + 1;
  }
  const size = Math.max(doc.context.largestObjectNumber + 1, (numbers[numbers.length - 1] ?? 0) + 1);
  const trailerText = `trailer\n<<\n/Size ${size}\n${trailerEntries.join('\n')}\n>>\nstartxref\n${position}\n%%EOF\n`;
  return Buffer.concat([head, ...parts, Buffer.from(xref + trailerText, 'latin1')]);
}

function pdfDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
}

function hexText(text: string): string {
  return PDFHexString.fromText(text).toString();
}

export interface PlaceholderOptions {
  reason: string;
  location?: string;
  name: string;
  signingTime: Date;
  /** The page (1-based) and rectangle of a visible signature, with its appearance as a one-page PDF. */
  visible?: { page: number; rect: [number, number, number, number]; appearance: Buffer };
}

/**
 * Adds a signature field (widget on the page, field in the AcroForm) with an empty signature
 * dictionary (/ByteRange and /Contents placeholders for @signpdf/signpdf), as an incremental
 * update. A visible signature gets an appearance: the first page of `appearance` (rendered by
 * pdfmake, so with an embedded font and any image) becomes a form XObject.
 */
export async function addSignaturePlaceholder(pdf: Buffer, options: PlaceholderOptions, loaded?: PDFDocument): Promise<Buffer> {
  const doc = loaded ?? (await readPdf(pdf));
  const context = doc.context;
  const pages = doc.getPages();
  const pageIndex = options.visible ? options.visible.page - 1 : 0;
  const page = pages[pageIndex];
  if (!page) throw new AppError('VALIDATION_ERROR', { page: options.visible?.page });
  const sigRef = context.nextRef();
  const widgetRef = context.nextRef();
  const updates: UpdateObject[] = [];

  // The appearance: the rendered page's content as a form XObject, its resources copied over.
  let appearanceRef: PDFRef | null = null;
  if (options.visible) {
    const source = await PDFDocument.load(options.visible.appearance, { updateMetadata: false });
    const sourcePage = source.getPages()[0];
    if (!sourcePage) throw new AppError('ERROR_INIT_SIGNING');
    const before = context.largestObjectNumber;
    const copier = PDFObjectCopier.for(source.context, context);
    const resources = sourcePage.node.get(PDFName.of('Resources'));
    const copiedResources = resources ? copier.copy(resources) : context.obj({});
    const contents = sourcePage.node.Contents();
    const streams: PDFObject[] =
      contents instanceof PDFArray
        ? contents.asArray().map((r) => source.context.lookup(r) as PDFObject)
        : contents
          ? [contents]
          : [];
    const chunks: Buffer[] = [];
    for (const stream of streams) {
      if (stream instanceof PDFRawStream) chunks.push(Buffer.from(decodePDFRawStream(stream).decode()));
      else if (stream instanceof PDFStream) chunks.push(Buffer.from(stream.getContents()));
      chunks.push(Buffer.from('\n'));
    }
    const [, , width, height] = options.visible.rect.map((v, i, r) => (i >= 2 ? v - (r[i - 2] as number) : v)) as number[];
    const form = context.flateStream(Buffer.concat(chunks), {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, width as number, height as number],
      Resources: copiedResources,
    });
    appearanceRef = context.register(form);
    for (const [ref, object] of context.enumerateIndirectObjects()) {
      if (ref.objectNumber > before) updates.push({ ref, body: object });
    }
  }

  // The field name: one more than the signature fields already there.
  const catalog = doc.catalog;
  const acroFormEntry = catalog.get(PDFName.of('AcroForm'));
  const acroFormRef = acroFormEntry instanceof PDFRef ? acroFormEntry : null;
  const acroForm = acroFormEntry ? (context.lookup(acroFormEntry) as PDFDict | undefined) : undefined;
  const fieldsEntry = acroForm?.get(PDFName.of('Fields'));
  const fields = fieldsEntry ? (context.lookup(fieldsEntry) as PDFArray | undefined) : undefined;
  const fieldName = `Semnatura${(fields?.size() ?? 0) + 1}`;

  const signatureBody = [
    '<<',
    '/Type /Sig',
    '/Filter /Adobe.PPKLite',
    '/SubFilter /ETSI.CAdES.detached',
    BYTE_RANGE_PLACEHOLDER,
    `/Contents <${'0'.repeat(SIGNATURE_BYTES * 2)}>`,
    `/Reason ${hexText(options.reason)}`,
    `/M (${pdfDate(options.signingTime)})`,
    `/Name ${hexText(options.name)}`,
    ...(options.location ? [`/Location ${hexText(options.location)}`] : []),
    '/Prop_Build << /App << /Name /GhiseulUnic >> >>',
    '>>',
  ].join('\n');
  updates.unshift({ ref: sigRef, body: signatureBody });

  const rect = options.visible?.rect ?? [0, 0, 0, 0];
  const widget = context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    F: options.visible ? 4 : 132,
    Rect: rect,
    V: sigRef,
    P: page.ref,
  });
  widget.set(PDFName.of('T'), PDFHexString.fromText(fieldName));
  if (appearanceRef) widget.set(PDFName.of('AP'), context.obj({ N: appearanceRef }));
  updates.splice(1, 0, { ref: widgetRef, body: widget });

  // The page's annotations (an inline array or an array object).
  const annotsEntry = page.node.get(PDFName.of('Annots'));
  if (annotsEntry instanceof PDFRef) {
    const annots = (context.lookup(annotsEntry) as PDFArray).clone(context);
    annots.push(widgetRef);
    updates.push({ ref: annotsEntry, body: annots });
  } else {
    const pageDict = page.node.clone(context);
    const annots = annotsEntry instanceof PDFArray ? annotsEntry.clone(context) : context.obj([]);
    annots.push(widgetRef);
    pageDict.set(PDFName.of('Annots'), annots);
    updates.push({ ref: page.ref, body: pageDict });
  }

  // The AcroForm: signature flags 3 (signatures exist, append only) and the new field.
  const newAcroForm = acroForm ? acroForm.clone(context) : context.obj({});
  newAcroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  if (fieldsEntry instanceof PDFRef && fields) {
    const newFields = fields.clone(context);
    newFields.push(widgetRef);
    updates.push({ ref: fieldsEntry, body: newFields });
  } else {
    const newFields = fields ? fields.clone(context) : context.obj([]);
    newFields.push(widgetRef);
    newAcroForm.set(PDFName.of('Fields'), newFields);
  }
  if (acroFormRef) {
    updates.push({ ref: acroFormRef, body: newAcroForm });
  } else {
    const ref = context.nextRef();
    updates.push({ ref, body: newAcroForm });
    const newCatalog = catalog.clone(context);
    newCatalog.set(PDFName.of('AcroForm'), ref);
    updates.push({ ref: context.trailerInfo.Root as PDFRef, body: newCatalog });
  }
  return appendIncrement(pdf, doc, updates);
}
