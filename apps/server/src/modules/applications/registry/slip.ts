import type { Content } from 'pdfmake/interfaces';
import { formatRomanianDate, type PdfDocument } from '../../../platform/pdf.js';

/**
 * The registration slip ('Fișă de înregistrare') of a document put in the general registry: the
 * entry number in large print, when and by whom it was registered, for whom, what it is and the
 * external reference, with the QR code of the public status page. A pure function of its data.
 */

export interface SlipData {
  councilName: string;
  organisationName: string;
  identificationNumber: string;
  registeredAt: Date;
  kind: 'application' | 'document';
  typeName: string;
  beneficiaryName: string;
  subject: string | null;
  externalNumber: string | null;
  /** 'yyyy-mm-dd' */
  externalDate: string | null;
  connected: string[];
  documentName: string | null;
  registeredBy: string;
  version: number;
  generatedAt: Date;
  publicUrl: string;
  qrImage: string;
}

export const SLIP_TITLE = 'Fișă de înregistrare';
const ACCENT = '#14213D';
const MUTED = '#4A5568';

const dayMonthYear = (iso: string): string => iso.split('-').reverse().join('.');

export function slipDocument(data: SlipData): PdfDocument {
  const external = data.externalNumber
    ? `${data.externalNumber}${data.externalDate ? ` din ${dayMonthYear(data.externalDate)}` : ''}`
    : data.externalDate
      ? `din ${dayMonthYear(data.externalDate)}`
      : '–';
  const facts: [string, string][] = [
    ['Număr de înregistrare', data.identificationNumber],
    ['Data înregistrării', formatRomanianDate(data.registeredAt, true)],
    ['Tip', data.kind === 'document' ? `Document intrat (${data.typeName})` : `Cerere: ${data.typeName}`],
    ['Beneficiar / emitent', data.beneficiaryName || '–'],
    ['Obiect', data.subject || '–'],
    ['Număr și dată externe', external],
    ['Documente conexe', data.connected.length > 0 ? data.connected.join(', ') : '–'],
    ['Document scanat', data.documentName ?? '–'],
    ['Înregistrat de', data.registeredBy || '–'],
  ];
  const content: Content[] = [
    { text: data.councilName, style: 'council' },
    { text: data.organisationName, style: 'organisation' },
    { text: SLIP_TITLE, style: 'title' },
    { text: data.identificationNumber, style: 'number' },
    {
      table: {
        widths: [150, '*'],
        body: facts.map(([label, value]) => [
          { text: label, color: MUTED },
          { text: value, bold: label === 'Număr de înregistrare' },
        ]),
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 16],
    },
    {
      columns: [
        { image: data.qrImage, width: 96 },
        {
          stack: [
            { text: 'Stadiul se poate urmări la adresa:', color: MUTED },
            { text: data.publicUrl, color: ACCENT },
          ],
          margin: [12, 24, 0, 0],
        },
      ],
    },
    {
      text: `Versiunea ${data.version}, generată la ${formatRomanianDate(data.generatedAt, true)}.`,
      color: MUTED,
      fontSize: 8,
      margin: [0, 24, 0, 0],
    },
  ];
  return {
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    info: { title: `${SLIP_TITLE} ${data.identificationNumber}`, author: data.councilName, creator: 'Ghișeul Unic' },
    content,
    styles: {
      council: { fontSize: 10, color: MUTED },
      organisation: { fontSize: 12, bold: true, color: ACCENT, margin: [0, 2, 0, 12] },
      title: { fontSize: 18, bold: true, color: ACCENT, margin: [0, 0, 0, 4] },
      number: { fontSize: 24, bold: true, margin: [0, 0, 0, 16] },
    },
    defaultStyle: { fontSize: 10 },
  };
}
