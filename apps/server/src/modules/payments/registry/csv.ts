import { PAYMENT_STATUS_LABELS, PAYMENT_TYPE_LABELS } from '@ghiseu/domain';
import type { RegistryRow } from './repository.js';

/**
 * The CSV of `GET /payments/all/export.csv`, for Excel in Romanian (as the allocations' export):
 * UTF-8 with a byte-order mark, `;` between fields, dates dd.mm.yyyy hh:mm (Romanian time),
 * amounts with a decimal comma and no thousands separator, CRLF line ends; a text that starts
 * like a formula (= + - @, tab, CR) gets a leading apostrophe so Excel never runs it.
 *
 * The personal code is written in full: the contract (ZPayment) masks it everywhere except in
 * the registry's export, which the super administrator reconciles with the bank's statements;
 * each export is audited (registry/service.ts).
 */

export const CSV_BOM = '\uFEFF';

export const PAYMENT_CSV_HEADERS = [
  'Nr.',
  'Data creării',
  'Data finalizării',
  'Număr cerere',
  'Tip cerere',
  'Descriere',
  'Tip plată',
  'Stare',
  'Sumă',
  'Monedă',
  'Nume client',
  'E-mail',
  'Cod personal',
  'ID tranzacție procesator',
  'Document plată',
  'Data plății',
  'Motiv eșec',
] as const;

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: (string | number | null)[]): string => `${values.map(cell).join(';')}\r\n`;

const roTime = new Intl.DateTimeFormat('ro-RO', {
  timeZone: 'Europe/Bucharest',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const dateTime = (value: Date | null): string | null => (value ? roTime.format(value).replace(',', '') : null);

const day = (iso: string | null): string | null => {
  if (!iso) return null;
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};

export const csvHeader = (): string => CSV_BOM + csvLine([...PAYMENT_CSV_HEADERS]);

export function csvRow(row: RegistryRow): string {
  const p = row.payment;
  return csvLine([
    p.id,
    dateTime(p.createdAt),
    dateTime(p.settledAt),
    row.applicationNumber,
    row.applicationTypeName,
    p.description,
    PAYMENT_TYPE_LABELS[p.type],
    PAYMENT_STATUS_LABELS[p.status],
    p.amount.replace('.', ','),
    p.currency,
    p.clientName,
    p.email,
    p.personalCode,
    p.providerTransactionId,
    p.documentNumber,
    day(p.paidOn),
    p.failureReason,
  ]);
}
