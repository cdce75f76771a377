import { formatRon, parseLei, PAYMENT_TYPE_LABELS, type PaymentType } from '@ghiseu/domain';
import type { TableCell } from 'pdfmake/interfaces';
import { formatRomanianDate, type PdfDocument } from '../../../platform/pdf.js';

/**
 * The receipt ('Chitanță de plată') of a successful payment: the organisation, the payer, the
 * application, the amount in RON, how it was paid, the transaction id and the date. A pure
 * function of its data (rendered through the platform's pdf.ts).
 */

export interface PaymentReceiptData {
  paymentId: number;
  organisationName: string;
  payerName: string | null;
  applicationNumber: string | null;
  applicationTypeName: string | null;
  /** Lei text ("123.45"). */
  amount: string;
  type: PaymentType;
  transactionId: string | null;
  description: string;
  paidAt: Date;
  generatedAt: Date;
}

export const PAYMENT_RECEIPT_TITLE = 'Chitanță de plată';

const ACCENT = '#14213D';
const MUTED = '#4A5568';

export const paymentReceiptFileName = (paymentId: number) => `chitanta-plata-${paymentId}.pdf`;

export function paymentReceiptDocument(data: PaymentReceiptData): PdfDocument {
  const facts: [string, string][] = [
    ['Instituția', data.organisationName || '–'],
    ['Plătitor', data.payerName ?? '–'],
    ['Cererea', data.applicationNumber ?? '–'],
    ['Tipul cererii', data.applicationTypeName ?? '–'],
    ['Descriere', data.description],
    ['Suma plătită', formatRon(parseLei(data.amount) ?? 0)],
    ['Modalitatea de plată', PAYMENT_TYPE_LABELS[data.type]],
    ['Identificator tranzacție', data.transactionId ?? '–'],
    ['Data plății', formatRomanianDate(data.paidAt, true)],
  ];
  return {
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 64],
    info: { title: `${PAYMENT_RECEIPT_TITLE} ${data.paymentId}`, author: data.organisationName, creator: 'Ghișeul Unic' },
    content: [
      { text: data.organisationName, style: 'organisation' },
      { text: PAYMENT_RECEIPT_TITLE, style: 'title' },
      { text: `Plata nr. ${data.paymentId} a fost înregistrată cu succes.`, margin: [0, 0, 0, 12] },
      {
        table: { widths: [170, '*'], body: facts.map(([label, value]): TableCell[] => [{ text: label, bold: true }, value]) },
        layout: 'lightHorizontalLines',
      },
      {
        text: 'Documentul confirmă încasarea sumei prin Ghișeul Unic. Păstrați-l pentru evidența dumneavoastră.',
        color: MUTED,
        margin: [0, 16, 0, 0],
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
      organisation: { fontSize: 12, bold: true, alignment: 'center', color: ACCENT },
      title: { fontSize: 18, bold: true, alignment: 'center', margin: [0, 20, 0, 12] },
    },
    defaultStyle: { fontSize: 10, lineHeight: 1.2 },
  };
}
