/**
 * Template placeholders: `{{name}}` (letters, digits, underscore; spaces inside the braces are
 * allowed). One syntax for e-mail, SMS and in-app templates.
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The placeholder names a text uses, each once, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/** The placeholders of `text` that are not in `accepted` (the template refuses them). */
export function unknownPlaceholders(text: string, accepted: readonly string[]): string[] {
  const known = new Set(accepted);
  return placeholdersIn(text).filter((name) => !known.has(name));
}

/**
 * Fills the placeholders from `values`; `encode` is applied to every value (HTML-escape for an
 * HTML template). A placeholder without a value becomes empty.
 */
export function fillPlaceholders(
  text: string,
  values: Record<string, string | number | null | undefined>,
  encode: (value: string) => string = (v) => v,
): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : encode(String(value));
  });
}

/** Sample values for previews (spec: preview with sample data). */
export const SAMPLE_PLACEHOLDER_VALUES: Record<string, string> = {
  recipient_name: 'Ioana Popescu',
  portal_url: 'https://ghiseu.example.ro',
  portal_name: 'Ghișeul Unic',
  application_number: 'CU-1234/2026',
  application_type: 'Certificat de urbanism',
  application_url: 'https://ghiseu.example.ro/application/1234',
  organisation_name: 'Primăria Municipiului Târgu Mureș',
  status: 'Înregistrată',
  applicant_name: 'Ioana Popescu',
  assignee_name: 'Mihai Ionescu',
  clarification_message: 'Vă rugăm să completați planul de situație.',
  signer_name: 'Mihai Ionescu',
  document_number: 'CU-567/2026',
  amount: '150,00 lei',
  link: 'https://ghiseu.example.ro/link',
  invited_by: 'Primăria Municipiului Târgu Mureș',
  code: '123456',
  minutes: '10',
  signup_url: 'https://ghiseu.example.ro/auth/signup',
  status_url: 'https://ghiseu.example.ro/qr/1234',
  subject: 'Program de lucru cu publicul',
  message: 'Vă informăm că programul de lucru se modifică.',
  sender_name: 'Mihai Ionescu',
  period: '17–23 noiembrie 2026',
  count: '3',
  items: '• Cererea CU-1234/2026 a fost înregistrată.',
  complaint_number: 'SES-TGM/42/2026',
  complaint_type: 'Iluminat public',
  complaint_url: 'https://ghiseu.example.ro/complain/42',
  solver_name: 'Mihai Ionescu',
  comment_author: 'Mihai Ionescu',
};
