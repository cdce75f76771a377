import { COMPLAINT_RESPONSE_PLACEHOLDERS, type ComplaintResponsePlaceholder } from '../contracts/complaints.js';
import { escapeHtml } from '../text.js';

/**
 * Placeholders of a response template (spec §3 Response template: "message with placeholders"):
 * `{{entry_code}}`, `{{reporter_name}}`, `{{address}}`, `{{complaint_type}}`, `{{filed_date}}`,
 * `{{organisation}}`, with optional spaces inside the braces. The web fills them in when a clerk
 * picks a template (so the clerk sees and edits the real text); the server fills in whatever is
 * still left when the answer is saved. Values are HTML-escaped: the message is HTML.
 */

export type ComplaintPlaceholderValues = Readonly<Record<ComplaintResponsePlaceholder, string>>;

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The known placeholders used in `message`, each once, in order of appearance. */
export function complaintPlaceholdersIn(message: string): ComplaintResponsePlaceholder[] {
  const found: ComplaintResponsePlaceholder[] = [];
  for (const match of message.matchAll(PLACEHOLDER)) {
    const key = match[1] as ComplaintResponsePlaceholder;
    if ((COMPLAINT_RESPONSE_PLACEHOLDERS as readonly string[]).includes(key) && !found.includes(key)) found.push(key);
  }
  return found;
}

/** Unknown `{{names}}` in `message` (a template editor warns about them; they are left as written). */
export function unknownComplaintPlaceholdersIn(message: string): string[] {
  const unknown: string[] = [];
  for (const match of message.matchAll(PLACEHOLDER)) {
    const key = match[1];
    if (!(COMPLAINT_RESPONSE_PLACEHOLDERS as readonly string[]).includes(key) && !unknown.includes(key)) unknown.push(key);
  }
  return unknown;
}

/** `message` with every known placeholder replaced by its (escaped) value; unknown ones stay. */
export function fillComplaintPlaceholders(message: string, values: ComplaintPlaceholderValues): string {
  return message.replace(PLACEHOLDER, (whole, key: string) =>
    (COMPLAINT_RESPONSE_PLACEHOLDERS as readonly string[]).includes(key)
      ? escapeHtml(values[key as ComplaintResponsePlaceholder] ?? '')
      : whole,
  );
}

/** dd.mm.yyyy of an ISO timestamp, as Romania sees the day. */
export function romanianDay(iso: string): string {
  const day = new Intl.DateTimeFormat('ro-RO', {
    timeZone: 'Europe/Bucharest',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
  return day;
}

/**
 * The placeholder values of a complaint record (the shape of `GET /complaints/:id`), so web and
 * server fill a template the same way.
 */
export function complaintPlaceholderValues(complaint: {
  entry_code: string;
  reporter: { name: string };
  address: string;
  locality?: { name: string } | null;
  uat: { name: string };
  complaint_type: { name: string };
  created_at: string;
  organisation: { name: string };
}): ComplaintPlaceholderValues {
  const place = complaint.locality?.name ?? complaint.uat.name;
  return {
    entry_code: complaint.entry_code,
    reporter_name: complaint.reporter.name,
    address: place ? `${complaint.address}, ${place}` : complaint.address,
    complaint_type: complaint.complaint_type.name,
    filed_date: romanianDay(complaint.created_at),
    organisation: complaint.organisation.name,
  };
}
