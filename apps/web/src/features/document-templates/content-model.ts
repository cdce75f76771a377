/**
 * The template's body as the editor and the server exchange it: a ProseMirror JSON document
 * (B's contract validates the exact node set). Helpers for the editor page: an empty document,
 * "has text" (the server refuses to generate from an empty one), the placeholder keys used.
 */
export interface ContentNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: ContentNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

export interface TemplateContent extends ContentNode {
  type: 'doc';
}

export const emptyContent = (): TemplateContent => ({ type: 'doc', content: [{ type: 'paragraph' }] });

function walk(node: ContentNode, visit: (node: ContentNode) => void) {
  visit(node);
  for (const child of node.content ?? []) walk(child, visit);
}

/** The placeholder keys of the document, in order of appearance, without repeats. */
export function placeholderKeysOf(content: ContentNode): string[] {
  const keys: string[] = [];
  walk(content, (node) => {
    const key = node.type === 'placeholder' ? node.attrs?.key : undefined;
    if (typeof key === 'string' && key && !keys.includes(key)) keys.push(key);
  });
  return keys;
}

/** True when the document has some text or at least one placeholder. */
export function hasText(content: ContentNode): boolean {
  let found = false;
  walk(content, (node) => {
    if (node.type === 'placeholder' || (node.type === 'text' && (node.text ?? '').trim() !== '')) found = true;
  });
  return found;
}

/** Same stored document (the unsaved-changes state). */
export const sameContent = (a: ContentNode, b: ContentNode) => JSON.stringify(a) === JSON.stringify(b);
