import type { ProseMirrorNode, SigningCell } from '@ghiseu/domain';
import type { Content, ContentText, TableCell } from 'pdfmake/interfaces';
import { formatRomanianDate, type PdfDocument, renderPdf } from './pdf.js';

/**
 * The PDF of a document made from a document template (spec §7; notes/signing.md "Generating the
 * documents"): an application's output document (applications/documents) and a control's closing
 * report (controls). A pure function of its data, rendered through platform/pdf.ts (Roboto
 * embedded, no resource access); it knows no module, so both may import it.
 *
 * - header: council and organisation name (the logo when the organisation has one), address,
 *   the entry number and date, the output number and date ("Nr. … din …"), the visa codes;
 * - body: the template's ProseMirror JSON turned into pdfmake nodes, placeholders replaced by
 *   their values (pdfmake text is literal: nothing a value holds is interpreted; a missing value
 *   prints as nothing, never as its key);
 * - signatures: a fixed block at the bottom of the LAST page (absolutePosition), each layout cell
 *   an empty box for the visible signature with the caption and the expected signer under it. An
 *   unbreakable spacer of the block's height ends the body, so when the body would overlap the
 *   block the spacer (and the block after it) moves to a new page. The boxes' coordinates are
 *   known from the constants below; the last page's index comes from the footer's page count;
 * - footer: "Document generat de Ghișeul Unic", page x/y, and (when the document has one) the QR
 *   code of the public verification page, drawn as vectors by pdfmake (a PNG from qrcode carries
 *   an alpha channel, i.e. a soft mask: transparency, which PDF/A-1 forbids).
 */

export interface DocumentRenderData {
  title: string;
  councilName: string;
  organisationName: string;
  address: string | null;
  /** A PNG or JPEG data URL, or null. */
  logo: string | null;
  entryNumber: string | null;
  entryDate: Date | null;
  /** The output number, or the preview's "(se alocă la generare)". */
  outputNumber: string;
  outputDate: Date;
  visaCodes: { label: string; code: string }[];
  content: ProseMirrorNode;
  values: Readonly<Record<string, string>>;
  /** The layout rows, each cell with the name of who is expected to sign it. */
  rows: (SigningCell & { signerName: string | null })[][];
  /** The public verification page (printed with its QR code); null: a document without one. */
  verificationUrl: string | null;
  author: string;
}

export type SignatureBox = NonNullable<SigningCell['box']>;

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGINS = { left: 56, top: 48, right: 56, bottom: 96 } as const;
const CONTENT_WIDTH = PAGE.width - MARGINS.left - MARGINS.right;
/** One row of the signatures block: the box, then up to two lines of caption and the name. */
export const SIGNATURE = { rowHeight: 92, boxHeight: 50, padding: 8, gapAbove: 12 } as const;
const ACCENT = '#14213D';
const MUTED = '#4A5568';

export const PREVIEW_NUMBER = '(se alocă la generare)';

/* ───────────────────────────── ProseMirror → pdfmake ───────────────────────────── */

type Inline = ContentText | string;

function inlineRuns(nodes: readonly ProseMirrorNode[] | undefined, values: Readonly<Record<string, string>>): Inline[] {
  const runs: Inline[] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') {
      runs.push('\n');
      continue;
    }
    const text =
      node.type === 'text' ? (node.text ?? '') : node.type === 'placeholder' ? (values[String(node.attrs?.key ?? '')] ?? '') : '';
    if (text === '') continue;
    const marks = new Set((node.marks ?? []).map((m) => m.type));
    const decoration = [
      ...(marks.has('underline') ? (['underline'] as const) : []),
      ...(marks.has('strike') ? (['lineThrough'] as const) : []),
    ];
    if (marks.size === 0) {
      runs.push(text);
      continue;
    }
    runs.push({
      text,
      ...(marks.has('bold') ? { bold: true } : {}),
      ...(marks.has('italic') ? { italics: true } : {}),
      ...(decoration.length === 1 ? { decoration: decoration[0] } : decoration.length > 1 ? { decoration } : {}),
    });
  }
  return runs;
}

const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify']);
const alignmentOf = (node: ProseMirrorNode) => {
  const align = node.attrs?.textAlign;
  return typeof align === 'string' && ALIGNMENTS.has(align) ? { alignment: align as 'left' } : {};
};

const HEADING_SIZES: Record<number, number> = { 1: 16, 2: 13.5, 3: 12 };

/** A table with its spans: pdfmake wants every grid position filled ({} under a span). */
function tableNode(node: ProseMirrorNode, values: Readonly<Record<string, string>>): Content {
  const rows = (node.content ?? []).filter((r) => r.type === 'tableRow');
  const grid: (TableCell | undefined)[][] = rows.map(() => []);
  let columns = 0;
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row.content ?? []) {
      while (grid[r][c] !== undefined) c++;
      const colSpan = Math.max(1, Number(cell.attrs?.colspan ?? 1) || 1);
      const rowSpan = Math.min(rows.length - r, Math.max(1, Number(cell.attrs?.rowspan ?? 1) || 1));
      const stack = blocks(cell.content, values);
      grid[r][c] = {
        stack,
        ...(cell.type === 'tableHeader' ? { bold: true, fillColor: '#EDF2F7' } : {}),
        ...(colSpan > 1 ? { colSpan } : {}),
        ...(rowSpan > 1 ? { rowSpan } : {}),
      } as TableCell;
      for (let dr = 0; dr < rowSpan; dr++)
        for (let dc = 0; dc < colSpan; dc++) if (dr > 0 || dc > 0) grid[r + dr][c + dc] = {} as TableCell;
      c += colSpan;
    }
    columns = Math.max(columns, grid[r].length);
  });
  if (columns === 0) return { text: '' };
  const body = grid.map((row) => Array.from({ length: columns }, (_, i) => row[i] ?? ({ text: '' } as TableCell)));
  return {
    table: { headerRows: 0, widths: Array.from({ length: columns }, () => '*'), body },
    layout: {
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      hLineColor: () => '#A0AEC0',
      vLineColor: () => '#A0AEC0',
    },
    margin: [0, 2, 0, 8],
  };
}

function block(node: ProseMirrorNode, values: Readonly<Record<string, string>>): Content | null {
  switch (node.type) {
    case 'paragraph': {
      const runs = inlineRuns(node.content, values);
      return { text: runs.length > 0 ? runs : ' ', margin: [0, 0, 0, 6], ...alignmentOf(node) };
    }
    case 'heading': {
      const level = Number(node.attrs?.level ?? 1);
      return {
        text: inlineRuns(node.content, values),
        fontSize: HEADING_SIZES[level] ?? 12,
        bold: true,
        color: ACCENT,
        margin: [0, level === 1 ? 8 : 6, 0, 6],
        ...alignmentOf(node),
      };
    }
    case 'blockquote':
      return { stack: blocks(node.content, values), margin: [16, 0, 0, 6], italics: true, color: MUTED };
    case 'bulletList':
      return { ul: listItems(node, values), margin: [0, 0, 0, 6] };
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1);
      return { ol: listItems(node, values), ...(start > 1 ? { start } : {}), margin: [0, 0, 0, 6] } as Content;
    }
    case 'horizontalRule':
      return {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 0.5, lineColor: '#A0AEC0' }],
        margin: [0, 4, 0, 8],
      };
    case 'table':
      return tableNode(node, values);
    case 'text':
    case 'placeholder':
    case 'hardBreak':
      return { text: inlineRuns([node], values) };
    default:
      // Nodes the schema refuses never reach here; a future one is skipped rather than failing.
      return null;
  }
}

function listItems(node: ProseMirrorNode, values: Readonly<Record<string, string>>): Content[] {
  return (node.content ?? []).map((item) => {
    const inner = blocks(item.content, values).map((c) =>
      typeof c === 'object' && c !== null && 'margin' in c ? { ...c, margin: [0, 0, 0, 2] } : c,
    ) as Content[];
    return { stack: inner.length > 0 ? inner : [' '] };
  });
}

function blocks(nodes: readonly ProseMirrorNode[] | undefined, values: Readonly<Record<string, string>>): Content[] {
  const out: Content[] = [];
  for (const node of nodes ?? []) {
    const converted = block(node, values);
    if (converted) out.push(converted);
  }
  return out;
}

/** The template's body as pdfmake content (exported for the unit tests). */
export function bodyContent(doc: ProseMirrorNode, values: Readonly<Record<string, string>>): Content[] {
  return blocks(doc.content, values);
}

/* ───────────────────────────── Signatures block ───────────────────────────── */

export function signatureBlockHeight(rowCount: number): number {
  return SIGNATURE.gapAbove + rowCount * SIGNATURE.rowHeight;
}

/** Top of the signatures block on its page (pdfmake's top-left origin). */
const blockTop = (rowCount: number) => PAGE.height - MARGINS.bottom - signatureBlockHeight(rowCount) + SIGNATURE.gapAbove;

/** Each cell's box in PDF points (origin bottom-left), on page `page` (0-based). */
export function signatureBoxes(rows: readonly (readonly SigningCell[])[], page: number): Map<number, SignatureBox> {
  const boxes = new Map<number, SignatureBox>();
  const top = blockTop(rows.length);
  rows.forEach((row, r) => {
    const cellWidth = CONTENT_WIDTH / Math.max(1, row.length);
    row.forEach((cell, c) => {
      const x = MARGINS.left + c * cellWidth + SIGNATURE.padding;
      const yTop = top + r * SIGNATURE.rowHeight;
      boxes.set(cell.index, {
        page,
        x: round(x),
        y: round(PAGE.height - yTop - SIGNATURE.boxHeight),
        width: round(cellWidth - 2 * SIGNATURE.padding),
        height: SIGNATURE.boxHeight,
      });
    });
  });
  return boxes;
}

const round = (n: number) => Math.round(n * 100) / 100;

function signatureBlock(rows: DocumentRenderData['rows']): Content[] {
  const top = blockTop(rows.length);
  return rows.map((row, r) => {
    const cellWidth = CONTENT_WIDTH / Math.max(1, row.length);
    const boxWidth = cellWidth - 2 * SIGNATURE.padding;
    return {
      absolutePosition: { x: MARGINS.left, y: top + r * SIGNATURE.rowHeight },
      columns: row.map((cell) => ({
        width: cellWidth,
        stack: [
          {
            // The empty box; only its bottom line is drawn (the signature's line).
            canvas: [
              {
                type: 'line',
                x1: 0,
                y1: SIGNATURE.boxHeight,
                x2: boxWidth,
                y2: SIGNATURE.boxHeight,
                lineWidth: 0.5,
                lineColor: '#718096',
              },
            ],
            margin: [SIGNATURE.padding, 0, SIGNATURE.padding, 2],
          },
          {
            text: cell.label,
            bold: true,
            fontSize: 9,
            alignment: 'center',
            margin: [SIGNATURE.padding, 0, SIGNATURE.padding, 0],
          },
          {
            text: cell.signerName ?? '',
            fontSize: 8,
            color: MUTED,
            alignment: 'center',
            margin: [SIGNATURE.padding, 1, SIGNATURE.padding, 0],
          },
        ],
      })),
      columnGap: 0,
    } as Content;
  });
}

/* ───────────────────────────── The document ───────────────────────────── */

function header(data: DocumentRenderData): Content[] {
  const identity: Content[] = [
    { text: data.councilName, fontSize: 9, color: MUTED },
    { text: data.organisationName, fontSize: 12, bold: true, color: ACCENT },
    ...(data.address ? [{ text: data.address, fontSize: 8.5, color: MUTED }] : []),
  ];
  const numbers: Content[] = [
    {
      text: [
        { text: 'Nr. ', color: MUTED },
        { text: data.outputNumber, bold: true },
        ` din ${formatRomanianDate(data.outputDate)}`,
      ],
      fontSize: 10,
      alignment: 'right',
    },
    ...(data.entryNumber
      ? [
          {
            text: `Nr. înregistrare: ${data.entryNumber}${data.entryDate ? ` din ${formatRomanianDate(data.entryDate)}` : ''}`,
            fontSize: 8.5,
            color: MUTED,
            alignment: 'right' as const,
          },
        ]
      : []),
    ...data.visaCodes.map((v) => ({ text: `${v.label}: ${v.code}`, fontSize: 8.5, color: MUTED, alignment: 'right' as const })),
  ];
  return [
    {
      columns: [
        ...(data.logo ? [{ image: data.logo, fit: [48, 48] as [number, number], width: 56 }] : []),
        { stack: identity, width: '*' },
        { stack: numbers, width: 200 },
      ],
      columnGap: 8,
    },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 1, lineColor: ACCENT }],
      margin: [0, 8, 0, 16],
    },
  ];
}

/**
 * The pdfmake definition, and a probe that learns the page count while pdfmake lays it out
 * (the footer is asked once per page with the total).
 */
export function documentDefinition(data: DocumentRenderData): { definition: PdfDocument; pageCount: () => number } {
  let pages = 1;
  const rowCount = data.rows.length;
  const definition: PdfDocument = {
    pageSize: 'A4',
    pageMargins: [MARGINS.left, MARGINS.top, MARGINS.right, MARGINS.bottom],
    info: {
      title: data.title,
      author: data.author,
      subject: `${data.title} nr. ${data.outputNumber}`,
      creator: 'Ghișeul Unic',
      producer: 'Ghișeul Unic',
    },
    content: [
      ...header(data),
      ...bodyContent(data.content, data.values),
      // Reserves the bottom of the last page for the signatures (moves to a new page if needed).
      ...(rowCount > 0
        ? [
            {
              canvas: [
                { type: 'line', x1: 0, y1: 0, x2: 0, y2: signatureBlockHeight(rowCount), lineWidth: 0.1, lineColor: '#FFFFFF' },
              ],
            } as Content,
            ...signatureBlock(data.rows),
          ]
        : []),
    ],
    footer: (currentPage: number, pageCount: number) => {
      pages = pageCount;
      return {
        margin: [MARGINS.left, 10, MARGINS.right, 0],
        columns: [
          // A vector QR (pdfmake's own): no raster image, no soft mask (PDF/A-friendly).
          ...(data.verificationUrl ? [{ qr: data.verificationUrl, fit: 76, eccLevel: 'M', width: 80 } as Content] : []),
          {
            stack: [
              { text: 'Document generat de Ghișeul Unic', fontSize: 8, color: MUTED },
              ...(data.verificationUrl
                ? ([
                    { text: 'Verificați autenticitatea la:', fontSize: 7.5, color: MUTED, margin: [0, 2, 0, 0] },
                    { text: data.verificationUrl, fontSize: 7.5, color: ACCENT },
                  ] as Content[])
                : []),
            ],
            margin: [data.verificationUrl ? 8 : 0, 8, 0, 0],
            width: '*',
          } as Content,
          {
            text: `Pagina ${currentPage} din ${pageCount}`,
            fontSize: 8,
            color: MUTED,
            alignment: 'right',
            width: 90,
            margin: [0, 8, 0, 0],
          },
        ],
      };
    },
    defaultStyle: { fontSize: 10.5, lineHeight: 1.15 },
  };
  return { definition, pageCount: () => pages };
}

/** Renders the PDF and answers where each signature box landed. */
export async function renderOutputDocument(
  data: DocumentRenderData,
): Promise<{ pdf: Buffer; pageCount: number; boxes: Map<number, SignatureBox> }> {
  const { definition, pageCount } = documentDefinition(data);
  const pdf = await renderPdf(definition);
  const pages = pageCount();
  return { pdf, pageCount: pages, boxes: signatureBoxes(data.rows, pages - 1) };
}
