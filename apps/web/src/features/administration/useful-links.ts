/**
 * The useful links of an organisation are edited as CSV text, one `name,link` per line
 * (spec §3). The server parses and validates the text (UTILS_LINKS_CSV_PARSE_ERROR names the
 * line); the browser only writes the stored links back as text, quoting the names that need it.
 */

export interface UsefulLink {
  name: string;
  link: string;
}

/** The header line the editor starts with; the server skips it. */
export const USEFUL_LINKS_HEADER = 'name,link';

/** RFC 4180 quoting: a field with a comma, a quote or a line break goes in quotes, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV text of a list of links, with the header line. */
export function usefulLinksToCsv(links: readonly UsefulLink[]): string {
  return [USEFUL_LINKS_HEADER, ...links.map((link) => `${csvField(link.name)},${csvField(link.link)}`)].join('\n');
}

/** The text of the 1-based `line` of `text` (as the server counts lines), or null. */
export function lineOf(text: string, line: number): string | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  return line >= 1 && line <= lines.length ? lines[line - 1] : null;
}

/** Offsets [start, end) of the 1-based `line`, to select it in the text area. */
export function lineRange(text: string, line: number): [number, number] | null {
  let start = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', start);
    if (next === -1) return null;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end === -1 ? text.length : end];
}
