import { escapeHtml } from '@ghiseu/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * The circular's message HTML reduced to an allow-list (issue 14: "HTML is sanitised"): text
 * structure and links only, like the templates' — no style, script, event handler or image, links
 * only to http, https or mailto, opening in a new tab without the portal as opener.
 */
const CIRCULAR_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 'a', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeCircularHtml(html: string): string {
  return sanitizeHtml(html, CIRCULAR_HTML).trim();
}

/** The text of some HTML (no tags), to tell an empty message from one with words. */
export function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();
}

/** The list of attachment links appended to the message (names escaped, URLs built by the portal). */
export function attachmentsHtml(files: { name: string; url: string }[]): string {
  if (files.length === 0) return '';
  const items = files
    .map((f) => `<li><a href="${escapeHtml(f.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(f.name)}</a></li>`)
    .join('');
  return `<p><strong>Fișiere atașate:</strong></p><ul>${items}</ul>`;
}
