import { ActionIcon, Box, Button, Divider, Group, Popover, Stack, TextInput } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconLinkOff,
  IconList,
  IconListNumbers,
  IconPilcrow,
  IconUnderline,
} from '@tabler/icons-react';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './html-message-editor.module.css';
import { ToolButton } from '../../../components/editor/tool-button';

/**
 * The rich-text editor of an e-mail or in-app template message (TipTap, loaded on its own chunk).
 * It edits HTML with exactly what the server keeps when it sanitises a template: paragraphs,
 * headings 2–3, bold, italic, underline, links, lists and quotes. Placeholders are plain text
 * `{{name}}`, inserted at the selection through `insertRef`.
 */
export interface HtmlMessageEditorProps {
  /** The HTML the editor starts from (read when the editor is created). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Receives the function that inserts a text at the editor's selection. */
  insertRef: { current: ((text: string) => void) | null };
  /** Accessible name of the editing area. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
}

export function HtmlMessageEditor({ initialHtml, onChange, insertRef, label, invalid, describedBy }: HtmlMessageEditorProps) {
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { rel: null, target: null } },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: classes.content ?? '',
        'data-testid': 'template-message-editor',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => changed.current(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
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
  const { t } = useTranslation('notifications');
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            paragraph: e.isActive('paragraph'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            blockquote: e.isActive('blockquote'),
            link: e.isActive('link'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
  if (!editor || !state) return null;
  const run = (fn: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    void fn(editor.chain().focus()).run();
  const applyLink = () => {
    const value = href.trim();
    if (value) editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    setLinkOpen(false);
  };
  const size = 18;
  return (
    <Group gap={4} p={6} wrap="wrap" role="toolbar" aria-label={t('editor.toolbar.label')} className={classes.toolbar}>
      <ToolButton label={t('editor.toolbar.bold')} active={state.bold} onClick={run((c) => c.toggleBold())}>
        <IconBold size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.toolbar.italic')} active={state.italic} onClick={run((c) => c.toggleItalic())}>
        <IconItalic size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.toolbar.underline')} active={state.underline} onClick={run((c) => c.toggleUnderline())}>
        <IconUnderline size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label={t('editor.toolbar.paragraph')} active={state.paragraph} onClick={run((c) => c.setParagraph())}>
        <IconPilcrow size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.toolbar.heading2')} active={state.h2} onClick={run((c) => c.toggleHeading({ level: 2 }))}>
        <IconH2 size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.toolbar.heading3')} active={state.h3} onClick={run((c) => c.toggleHeading({ level: 3 }))}>
        <IconH3 size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label={t('editor.toolbar.bulletList')} active={state.bulletList} onClick={run((c) => c.toggleBulletList())}>
        <IconList size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.toolbar.orderedList')} active={state.orderedList} onClick={run((c) => c.toggleOrderedList())}>
        <IconListNumbers size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.toolbar.blockquote')} active={state.blockquote} onClick={run((c) => c.toggleBlockquote())}>
        <IconBlockquote size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <Popover opened={linkOpen} onChange={setLinkOpen} trapFocus withinPortal position="bottom-start" shadow="md">
        <Popover.Target>
          <ActionIcon
            variant={state.link ? 'filled' : 'subtle'}
            color={state.link ? 'brand' : 'gray.8'}
            aria-label={t('editor.toolbar.link')}
            aria-pressed={state.link}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
              setLinkOpen((open) => !open);
            }}
            size="lg"
          >
            <IconLink size={size} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <TextInput
              label={t('editor.toolbar.linkAddress')}
              value={href}
              onChange={(event) => setHref(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyLink();
                }
              }}
            />
            <Button size="compact-sm" onClick={applyLink}>
              {t('editor.toolbar.linkApply')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <ToolButton label={t('editor.toolbar.unlink')} disabled={!state.link} onClick={run((c) => c.unsetLink())}>
        <IconLinkOff size={size} aria-hidden />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label={t('editor.toolbar.undo')} disabled={!state.canUndo} onClick={run((c) => c.undo())}>
        <IconArrowBackUp size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.toolbar.redo')} disabled={!state.canRedo} onClick={run((c) => c.redo())}>
        <IconArrowForwardUp size={size} aria-hidden />
      </ToolButton>
    </Group>
  );
}
