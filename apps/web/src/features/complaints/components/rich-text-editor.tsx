import { Box, Divider, Group } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBold,
  IconItalic,
  IconList,
  IconListNumbers,
  IconUnderline,
} from '@tabler/icons-react';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../components/editor/tool-button';
import classes from './rich-text-editor.module.css';

/**
 * The small rich-text editor of a response template's message and of a complaint's answer
 * (TipTap, loaded on its own chunk): paragraphs, bold, italic, underline and lists, which the
 * server keeps when it sanitises the HTML. Placeholders are plain text `{{name}}`, inserted at
 * the selection through `insertRef`. A parent replaces the text (a template picked in the
 * resolve dialog) by giving the editor a new React `key`.
 */
export interface RichTextEditorProps {
  /** The HTML the editor starts from (to replace the text, remount the editor with a new `key`). */
  html: string;
  onChange: (html: string) => void;
  /** Receives the function that inserts a text at the selection. */
  insertRef?: { current: ((text: string) => void) | null };
  /** Accessible name of the editing area. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}

export function RichTextEditor({ html, onChange, insertRef, label, invalid, describedBy, testId }: RichTextEditorProps) {
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        heading: false,
        blockquote: false,
        link: false,
      }),
    ],
    content: html,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: classes.content ?? '',
        ...(testId ? { 'data-testid': testId } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => changed.current(current.isEmpty ? '' : current.getHTML()),
  });

  // Attributes follow the validation state without recreating the editor.
  useEffect(() => {
    if (!editor?.isInitialized || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          'aria-label': label,
          'aria-multiline': 'true',
          role: 'textbox',
          class: classes.content ?? '',
          ...(testId ? { 'data-testid': testId } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
    });
  }, [editor, label, invalid, describedBy, testId]);

  useEffect(() => {
    if (!insertRef) return;
    insertRef.current = (text: string) => {
      editor?.chain().focus().insertContent(text).run();
    };
    return () => {
      insertRef.current = null;
    };
  }, [editor, insertRef]);

  return (
    <Box className={classes.frame} data-invalid={invalid || undefined}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </Box>
  );
}

function Toolbar({ editor }: { editor: Editor | null }) {
  const { t } = useTranslation('complaints');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
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
      <ToolButton label={t('editor.bold')} active={state.bold} onClick={run((c) => c.toggleBold())}>
        <IconBold size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.italic')} active={state.italic} onClick={run((c) => c.toggleItalic())}>
        <IconItalic size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.underline')} active={state.underline} onClick={run((c) => c.toggleUnderline())}>
        <IconUnderline size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label={t('editor.bulletList')} active={state.bulletList} onClick={run((c) => c.toggleBulletList())}>
        <IconList size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.orderedList')} active={state.orderedList} onClick={run((c) => c.toggleOrderedList())}>
        <IconListNumbers size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label={t('editor.undo')} disabled={!state.canUndo} onClick={run((c) => c.undo())}>
        <IconArrowBackUp size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.redo')} disabled={!state.canRedo} onClick={run((c) => c.redo())}>
        <IconArrowForwardUp size={size} aria-hidden />
      </ToolButton>
    </Group>
  );
}
