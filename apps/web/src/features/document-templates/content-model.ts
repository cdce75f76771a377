import type { TemplateContent } from '@ghiseu/domain';

/**
 * The template's body as the editor and the server exchange it: a ProseMirror JSON document
 * (`ZTemplateContent` of the documents contract validates the node set). The domain's
 * `documentHasText` and `placeholderKeysOf` read it; these are the editor page's own helpers.
 */
export type { TemplateContent };

export const emptyContent = (): TemplateContent => ({ type: 'doc', content: [{ type: 'paragraph' }] });

/** Same stored document (the unsaved-changes state). */
export const sameContent = (a: TemplateContent, b: TemplateContent) => JSON.stringify(a) === JSON.stringify(b);
