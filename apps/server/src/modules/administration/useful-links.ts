import type { UsefulLink } from '../../db/schema/index.js';
import { isHttpsUrl } from '@ghiseu/domain';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../platform/errors.js';

/** At most this many links per organisation: the useful-links page is a short list. */
export const MAX_USEFUL_LINKS = 200;

const csvError = (line: number, reason: string) => new AppError('UTILS_LINKS_CSV_PARSE_ERROR', { line, reason });

/**
 * Parses the useful-links CSV of an organisation (spec §3: `name,link` lines). A first line
 * `name,link` (or `denumire,link`) is a header and skipped; empty lines are ignored; fields may
 * be quoted ("Legea 50/1991, republicată",https://…). A file exported by a Romanian spreadsheet
 * separates with `;`: when the first line has no comma but a semicolon, `;` is the separator.
 *
 * Every link must start with https:// (spec §5). Any fault answers UTILS_LINKS_CSV_PARSE_ERROR
 * with the 1-based `line` and a `reason` (`columns`, `name`, `link`, `syntax`, `too_many`).
 */
export function parseUsefulLinksCsv(text: string): UsefulLink[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw csvError((error as CsvError & { lines?: number }).lines ?? 0, 'syntax');
    throw error;
  }
  const links: UsefulLink[] = [];
  records.forEach(({ record, info }, index) => {
    const line = info.lines;
    if (
      index === 0 &&
      record.length === 2 &&
      /^(name|denumire|nume)$/i.test(record[0]) &&
      /^(link|url|adresa)$/i.test(record[1])
    ) {
      return;
    }
    if (record.length !== 2) throw csvError(line, 'columns');
    const [name, link] = record;
    if (name === '' || name.length > 255) throw csvError(line, 'name');
    if (link.length > 2048 || !isHttpsUrl(link)) throw csvError(line, 'link');
    links.push({ name, link });
  });
  if (links.length > MAX_USEFUL_LINKS) throw csvError(0, 'too_many');
  return links;
}
