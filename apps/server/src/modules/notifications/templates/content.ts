import { escapeHtml, smsLength } from '@ghiseu/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * The text rules of notification templates, shared by the editor (save, preview) and the
 * renderer (every message sent): which HTML survives, how a plain-text copy reads, and how long
 * a text is as its character limit counts it.
 */

/**
 * A conservative allow-list (issue 14: "HTML is sanitised"): text structure and links only. No
 * style, no script, no event handlers, no images (they would track the reader), and links only
 * to http, https or mailto. A `{{placeholder}}` in an href survives (it has no scheme).
 */
const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

const NO_HTML: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

/** The HTML of an e-mail or in-app template (or message), reduced to the allow-list. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, EMAIL_HTML).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the entities sanitize-html writes (and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text: every tag removed, entities decoded (an SMS template, a subject). */
export function stripTags(text: string): string {
  return decodeEntities(sanitizeHtml(text, NO_HTML)).trim();
}

/**
 * A readable plain-text copy of sanitised HTML (the text part of an e-mail): paragraphs apart by
 * a blank line, list items as bullets, links as "label: url" (the url alone when the label is
 * the url). The url ends its line or is followed by a space, so mail clients and tests can pick
 * it out whole.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/\r\n?/g, '\n')
    // Source line breaks are not text breaks in HTML.
    .replace(/\s*\n\s*/g, ' ')
    .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => {
      const url = decodeEntities(href).trim();
      const label = decodeEntities(inner.replace(/<[^>]*>/g, '')).trim();
      if (!url) return escapeHtml(label);
      return escapeHtml(!label || label === url ? url : `${label}: ${url}`);
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<\/li>/gi, '\n')
    .replace(/<\/(p|h2|h3|blockquote|ul|ol)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Spec: "a character limit (SMS counted as the provider counts, diacritics included)". */
export function measureTemplate(channel: 'email' | 'sms' | 'in_app', message: string): number {
  return channel === 'sms' ? smsLength(message).units : stripTags(message).length;
}
