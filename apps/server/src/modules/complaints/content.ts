import sanitizeHtml from 'sanitize-html';

/**
 * The HTML of response templates and of the answers citizens read: the formatting a rich-text
 * editor produces (paragraphs, emphasis, lists, links, headings), nothing that runs or loads
 * anything. Applied when a template or an answer is saved, so the stored text is safe to render.
 */
const RESPONSE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

export function sanitizeResponseHtml(html: string): string {
  return sanitizeHtml(html, RESPONSE_HTML).trim();
}

/** True when the sanitised HTML shows no text at all (only tags or spaces). */
export function isBlankHtml(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
