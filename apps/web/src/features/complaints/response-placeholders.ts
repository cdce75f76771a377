import { escapeHtml } from '@ghiseu/domain';
import { formatDate } from '../../lib/format';

/**
 * The placeholders a response template may hold (api-complaints outline) and how the resolve
 * dialog fills them with a complaint's values before the clerk edits the answer. The server keeps
 * the answer as sanitised HTML, so the values are escaped here.
 */
export const RESPONSE_PLACEHOLDERS = [
  'entry_code',
  'reporter_name',
  'address',
  'complaint_type',
  'filed_date',
  'organisation',
] as const;
export type ResponsePlaceholder = (typeof RESPONSE_PLACEHOLDERS)[number];

/** What the placeholders are filled from (a subset of the complaint record). */
export interface PlaceholderSource {
  entry_code: string;
  reporter: { name: string };
  address: string;
  complaint_type: { name: string };
  created_at: string;
  organisation: { name: string };
}

export function placeholderValues(source: PlaceholderSource): Record<ResponsePlaceholder, string> {
  return {
    entry_code: source.entry_code,
    reporter_name: source.reporter.name,
    address: source.address,
    complaint_type: source.complaint_type.name,
    filed_date: formatDate(source.created_at),
    organisation: source.organisation.name,
  };
}

/**
 * Replaces `{{name}}` (spaces inside the braces allowed) with the escaped value; unknown
 * placeholders stay as they are, so the clerk sees what the template still expects.
 */
export function fillResponseTemplate(message: string, values: Record<ResponsePlaceholder, string>): string {
  return message.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    name in values ? escapeHtml(values[name as ResponsePlaceholder]) : whole,
  );
}

/** True when the HTML holds no visible text (an empty editor answers '' or `<p></p>`). */
export const isBlankHtml = (html: string): boolean =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim().length === 0;
