import { ALLOCATION_CSV_HEADERS, LOCATION_TYPE_LABELS } from '@ghiseu/domain';
import { personName } from './presenter.js';
import type { AllocationDetailRow } from './repository.js';

/**
 * The CSV of `POST /allocations/export`, for Excel in Romanian: UTF-8 with a byte-order mark
 * (Excel reads diacritics only then), `;` between fields (the list separator of the Romanian
 * locale, where `,` is the decimal comma), dates dd.mm.yyyy, amounts with a decimal comma and no
 * thousands separator (Excel reads them as numbers), CRLF line ends. A text that starts like a
 * formula (= + - @, tab, CR) gets a leading apostrophe so Excel never runs it.
 */

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: (string | number | null)[]): string => `${values.map(cell).join(SEPARATOR)}\r\n`;

const day = (iso: string | null): string | null => {
  if (!iso) return null;
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};

const amount = (value: string | null): string | null => (value === null ? null : value.replace('.', ','));

export const csvHeader = (): string => CSV_BOM + csvLine([...ALLOCATION_CSV_HEADERS]);

export function csvRow(row: AllocationDetailRow): string {
  const x = row.allocation;
  return csvLine([
    personName(row.creatorFirst, row.creatorLast, row.creatorEmail),
    day(x.allocationDate),
    x.series,
    row.typeName,
    row.fileName,
    day(x.issueDate),
    x.location,
    row.uatName,
    amount(x.taxLei),
    x.validityMonths,
    x.executionDurationMonths,
    day(x.startDate),
    day(x.extensionDate),
    amount(x.investmentValue),
    x.locationType ? LOCATION_TYPE_LABELS[x.locationType] : null,
  ]);
}
