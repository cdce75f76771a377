import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatRomanianDate, type PdfDocument } from '../../platform/pdf.js';

/**
 * The registration receipt ('Dovadă de înregistrare') of a submitted application: what was
 * registered, when, under which number, with what attachments, the response term, and the QR
 * code of the public status page. A pure function of its data, so the layout is tested apart
 * from the database.
 */

export interface ReceiptData {
  councilName: string;
  organisationName: string;
  identificationNumber: string;
  applicationDate: Date;
  typeName: string;
  applicantName: string;
  beneficiaries: string[];
  realEstates: { cadastralNumber: string; uatName: string; countyName: string; area: string | null }[];
  attachments: { label: string; name: string }[];
  responseDueInDays: number | null;
  /** 'yyyy-mm-dd', or null when no term applies. */
  responseDueDate: string | null;
  publicUrl: string;
  /** PNG data URL of the QR code of {@link publicUrl}. */
  qrImage: string;
  generatedAt: Date;
}

export const RECEIPT_TITLE = 'Dovadă de înregistrare';
export const RECEIPT_QR_LINE = 'Scanați codul pentru a vedea stadiul cererii';

const ACCENT = '#14213D';
const MUTED = '#4A5568';

/** 'yyyy-mm-dd' → 'dd.mm.yyyy'. */
const dayMonthYear = (iso: string): string => iso.split('-').reverse().join('.');

/** '1 zi', '10 zile', '30 de zile' (Romanian: 'de' from 20 on). */
export function daysText(days: number): string {
  if (days === 1) return '1 zi';
  const rest = days % 100;
  return days === 0 || (rest >= 1 && rest <= 19) ? `${days} zile` : `${days} de zile`;
}

function responseTermText(data: ReceiptData): string {
  if (data.responseDueInDays === null) return 'Nu este stabilit';
  const until = data.responseDueDate ? ` (până la ${dayMonthYear(data.responseDueDate)})` : '';
  return `${daysText(data.responseDueInDays)} calendaristice${until}`;
}

const section = (title: string): Content => ({ text: title, style: 'section' });
const none = (text: string): Content => ({ text, italics: true, color: MUTED, margin: [0, 0, 0, 4] });

function areaText(area: string | null): string {
  if (area === null) return '–';
  return Number(area).toLocaleString('ro-RO', { maximumFractionDigits: 2 });
}

/** True when two institution names are the same but for case, accents and spacing. */
export function sameName(a: string, b: string): boolean {
  const fold = (text: string) =>
    text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLocaleLowerCase('ro-RO');
  return fold(a) === fold(b);
}

/** The pdfmake document of the receipt (A4, Roboto through the shared renderer). */
export function receiptDocument(data: ReceiptData): PdfDocument {
  const facts: [string, string][] = [
    ['Număr de înregistrare', data.identificationNumber],
    ['Data înregistrării', formatRomanianDate(data.applicationDate)],
    ['Tipul cererii', data.typeName],
    ['Instituția', data.organisationName],
    ['Solicitant', data.applicantName || '–'],
    ['Termen de răspuns', responseTermText(data)],
  ];

  const realEstateTable: Content =
    data.realEstates.length === 0
      ? none('Nu au fost indicate imobile.')
      : {
          table: {
            headerRows: 1,
            widths: ['auto', '*', 'auto', 'auto'],
            body: [
              ['Nr. cadastral', 'UAT', 'Județ', 'Suprafață (mp)'].map((h): TableCell => ({ text: h, style: 'tableHeader' })),
              ...data.realEstates.map((r): TableCell[] => [
                r.cadastralNumber,
                r.uatName,
                r.countyName,
                { text: areaText(r.area), alignment: 'right' },
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 4],
        };

  return {
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 64],
    info: {
      title: `${RECEIPT_TITLE} ${data.identificationNumber}`,
      author: data.councilName,
      subject: data.typeName,
      creator: 'Ghișeul Unic',
    },
    content: [
      { text: data.councilName, style: 'council' },
      // The county council's own applications: its name once, not twice.
      ...(sameName(data.organisationName, data.councilName)
        ? []
        : [{ text: data.organisationName, style: 'organisation' } satisfies Content]),
      { text: RECEIPT_TITLE, style: 'title' },
      {
        text: `Cererea dumneavoastră a fost înregistrată cu numărul ${data.identificationNumber} din ${formatRomanianDate(data.applicationDate)}.`,
        margin: [0, 0, 0, 12],
      },
      {
        table: {
          widths: [150, '*'],
          body: facts.map(([label, value]): TableCell[] => [{ text: label, bold: true }, value]),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 8],
      },
      section('Beneficiari'),
      data.beneficiaries.length === 0
        ? none('Nu au fost indicați beneficiari.')
        : { ul: data.beneficiaries, margin: [0, 0, 0, 4] },
      section('Imobile'),
      realEstateTable,
      section('Documente anexate'),
      data.attachments.length === 0
        ? none('Nu au fost anexate documente.')
        : { ol: data.attachments.map((a) => `${a.label}: ${a.name}`), margin: [0, 0, 0, 4] },
      {
        columns: [
          { image: data.qrImage, width: 110 },
          {
            width: '*',
            margin: [12, 16, 0, 0],
            stack: [
              { text: RECEIPT_QR_LINE, bold: true, fontSize: 12 },
              { text: data.publicUrl, color: ACCENT, margin: [0, 4, 0, 4] },
              {
                text: 'Pentru acces veți primi un cod prin SMS pe telefonul solicitantului sau al unui beneficiar al cererii.',
                color: MUTED,
                fontSize: 9,
              },
            ],
          },
        ],
        margin: [0, 20, 0, 0],
        unbreakable: true,
      },
    ],
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `Generat la ${formatRomanianDate(data.generatedAt, true)} prin Ghișeul Unic`, color: MUTED, fontSize: 8 },
        { text: `Pagina ${currentPage} din ${pageCount}`, alignment: 'right', color: MUTED, fontSize: 8 },
      ],
      margin: [48, 24, 48, 0],
    }),
    styles: {
      council: { fontSize: 12, bold: true, alignment: 'center', color: ACCENT },
      organisation: { fontSize: 10, alignment: 'center', color: MUTED, margin: [0, 2, 0, 0] },
      title: { fontSize: 18, bold: true, alignment: 'center', margin: [0, 20, 0, 12] },
      section: { fontSize: 12, bold: true, color: ACCENT, margin: [0, 10, 0, 4] },
      tableHeader: { bold: true, color: MUTED },
    },
    defaultStyle: { fontSize: 10, lineHeight: 1.2 },
  };
}
