import { mergeAttributes, Node } from '@tiptap/core';

export interface PlaceholderNodeOptions {
  /** The Romanian label of a key (the catalogue's); the key itself when the catalogue does not know it. */
  labelOf: (key: string) => string;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    placeholder: {
      /** Inserts the placeholder `key` at the selection. */
      insertPlaceholder: (key: string) => ReturnType;
    };
  }
}

/**
 * The inline atom node `placeholder` with attrs { key } of the templates' ProseMirror JSON
 * (B's contract): replaced by the application's value when the document is generated. In the
 * editor it is a chip "{{Număr de ieșire}}", moved and deleted as one character.
 */
export const PlaceholderNode = Node.create<PlaceholderNodeOptions>({
  name: 'placeholder',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addOptions() {
    return { labelOf: (key: string) => key };
  },

  addAttributes() {
    return {
      key: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-key') ?? '',
        renderHTML: (attributes) => ({ 'data-key': attributes.key as string }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-placeholder]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const label = this.options.labelOf(String(node.attrs.key ?? ''));
    return ['span', mergeAttributes(HTMLAttributes, { 'data-placeholder': '', class: 'template-placeholder' }), `{{${label}}}`];
  },

  renderText({ node }) {
    return `{{${this.options.labelOf(String(node.attrs.key ?? ''))}}}`;
  },

  addCommands() {
    return {
      insertPlaceholder:
        (key: string) =>
        ({ chain }) =>
          chain()
            .focus()
            .insertContent([
              { type: this.name, attrs: { key } },
              { type: 'text', text: ' ' },
            ])
            .run(),
    };
  },
});
