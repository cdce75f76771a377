import { Box, Button, Divider, Group, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBold,
  IconBraces,
  IconColumnInsertRight,
  IconH1,
  IconH2,
  IconH3,
  IconItalic,
  IconList,
  IconListNumbers,
  IconPilcrow,
  IconRowInsertBottom,
  IconTable,
  IconTableOff,
  IconUnderline,
} from '@tabler/icons-react';
import { TableKit } from '@tiptap/extension-table';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateContent } from '../../content-model';
import { PlaceholderNode } from './placeholder-node';
import classes from './template-editor.module.css';
import { ToolButton } from '../../../../components/editor/tool-button';

/**
 * The rich-text editor of a document template (TipTap over ProseMirror), loaded on its own chunk
 * by the template page. It edits the ProseMirror JSON of B's contract: StarterKit's nodes without
 * code, code blocks and links, headings 1–3, tables, and the inline atom `placeholder` inserted
 * from the placeholder picker (`onInsertPlaceholder` opens it; `insertRef` receives the insert
 * function). The toolbar is a WAI-ARIA toolbar of buttons with Romanian names.
 */
export interface TemplateEditorProps {
  /** The stored document (read once, when the editor is created). */
  initialContent: TemplateContent;
  onChange: (content: TemplateContent) => void;
  /** The editor's own JSON of `initialContent` (attributes filled in): the page's "unchanged" state. */
  onReady?: (content: TemplateContent) => void;
  /** The label of a placeholder key (the catalogue's). */
  labelOf: (key: string) => string;
  /** Opens the placeholder picker. */
  onInsertPlaceholder: () => void;
  /** Receives the function that inserts a placeholder at the editor's selection. */
  insertRef: { current: ((key: string) => void) | null };
  readOnly?: boolean;
  /** The accessible name of the editing area. */
  label: string;
  /** Changes when the catalogue's labels change: the chips are drawn again. */
  labelsVersion?: string;
}

export function TemplateEditor({
  initialContent,
  onChange,
  onReady,
  labelOf,
  onInsertPlaceholder,
  insertRef,
  readOnly = false,
  label,
  labelsVersion,
}: TemplateEditorProps) {
  // The node reads the labels through a ref: the editor is created once.
  const labels = useRef(labelOf);
  labels.current = labelOf;
  const changed = useRef(onChange);
  changed.current = onChange;
  const ready = useRef(onReady);
  ready.current = onReady;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ code: false, codeBlock: false, link: false, heading: { levels: [1, 2, 3] } }),
      TableKit.configure({ table: { resizable: false } }),
      PlaceholderNode.configure({ labelOf: (key) => labels.current(key) }),
    ],
    content: initialContent,
    editable: !readOnly,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: classes.content ?? '',
        'data-testid': 'template-content',
      },
    },
    onCreate: ({ editor: current }) => ready.current?.(current.getJSON() as TemplateContent),
    onUpdate: ({ editor: current }) => changed.current(current.getJSON() as TemplateContent),
  });

  useEffect(() => {
    insertRef.current = (key: string) => {
      editor?.chain().focus().insertPlaceholder(key).run();
    };
    return () => {
      insertRef.current = null;
    };
  }, [editor, insertRef]);

  // The catalogue arrives after the editor (or grows with a type's form fields): write the chips'
  // labels again. A chip is a leaf without content, so ProseMirror ignores this change of its text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: labelsVersion is the trigger.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    for (const chip of editor.view.dom.querySelectorAll<HTMLElement>('[data-placeholder]')) {
      const text = `{{${labels.current(chip.dataset.key ?? '')}}}`;
      if (chip.textContent !== text) chip.textContent = text;
    }
  }, [editor, labelsVersion]);

  return (
    <Box className={classes.frame}>
      {readOnly ? null : <Toolbar editor={editor} onInsertPlaceholder={onInsertPlaceholder} />}
      <EditorContent editor={editor} />
    </Box>
  );
}

function Toolbar({ editor, onInsertPlaceholder }: { editor: Editor | null; onInsertPlaceholder: () => void }) {
  const { t } = useTranslation('document-templates');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            h1: e.isActive('heading', { level: 1 }),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            paragraph: e.isActive('paragraph'),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            inTable: e.isActive('table'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
  if (!editor || !state) return null;
  const run = (fn: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    void fn(editor.chain().focus()).run();
  const size = 18;
  return (
    <Group gap={4} p={6} wrap="wrap" role="toolbar" aria-label={t('editor.toolbar')} className={classes.toolbar}>
      <ToolButton label={t('toolbar.bold')} active={state.bold} onClick={run((c) => c.toggleBold())}>
        <IconBold size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.italic')} active={state.italic} onClick={run((c) => c.toggleItalic())}>
        <IconItalic size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.underline')} active={state.underline} onClick={run((c) => c.toggleUnderline())}>
        <IconUnderline size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label={t('toolbar.paragraph')} active={state.paragraph} onClick={run((c) => c.setParagraph())}>
        <IconPilcrow size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.heading1')} active={state.h1} onClick={run((c) => c.toggleHeading({ level: 1 }))}>
        <IconH1 size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.heading2')} active={state.h2} onClick={run((c) => c.toggleHeading({ level: 2 }))}>
        <IconH2 size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.heading3')} active={state.h3} onClick={run((c) => c.toggleHeading({ level: 3 }))}>
        <IconH3 size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label={t('toolbar.bulletList')} active={state.bulletList} onClick={run((c) => c.toggleBulletList())}>
        <IconList size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.orderedList')} active={state.orderedList} onClick={run((c) => c.toggleOrderedList())}>
        <IconListNumbers size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton
        label={t('toolbar.table')}
        disabled={state.inTable}
        onClick={run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))}
      >
        <IconTable size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.addRow')} disabled={!state.inTable} onClick={run((c) => c.addRowAfter())}>
        <IconRowInsertBottom size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.addColumn')} disabled={!state.inTable} onClick={run((c) => c.addColumnAfter())}>
        <IconColumnInsertRight size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.deleteTable')} disabled={!state.inTable} onClick={run((c) => c.deleteTable())}>
        <IconTableOff size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label={t('toolbar.undo')} disabled={!state.canUndo} onClick={run((c) => c.undo())}>
        <IconArrowBackUp size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.redo')} disabled={!state.canRedo} onClick={run((c) => c.redo())}>
        <IconArrowForwardUp size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconBraces size={16} aria-hidden />}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onInsertPlaceholder}
        data-testid="template-insert-placeholder"
      >
        {t('toolbar.placeholder')}
      </Button>
      <Text size="xs" c="gray.7" ml="auto" visibleFrom="md">
        {t('editor.placeholderHint')}
      </Text>
    </Group>
  );
}
