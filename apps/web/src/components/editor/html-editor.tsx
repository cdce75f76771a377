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
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './html-editor.module.css';
import { ToolButton } from './tool-button';

/**
 * The rich-text editor of a message (TipTap; import it lazily, it is its own chunk): notification
 * templates, response templates and a complaint's answer. It edits exactly the HTML the server keeps
 * when it sanitises: paragraphs, bold, italic, underline and lists, plus headings 2–3, quotes and
 * links in the `full` variant. Placeholders are plain text `{{name}}`, inserted at the selection
 * through `insertRef`. To replace the whole text, remount the editor with a new React `key`.
 */
export interface HtmlEditorProps {
  /** The HTML the editor starts from (read when the editor is created). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Receives the function that inserts a text at the editor's selection. */
  insertRef?: { current: ((text: string) => void) | null };
  /** Accessible name of the editing area. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
  /** `basic`: text marks and lists; `full` (default): headings, quotes and links too. */
  variant?: 'basic' | 'full';
  /** The editing area's minimum height in pixels (default 220). */
  minHeight?: number;
}

export function HtmlEditor({
  initialHtml,
  onChange,
  insertRef,
  label,
  invalid,
  describedBy,
  testId,
  variant = 'full',
  minHeight,
}: HtmlEditorProps) {
  const changed = useRef(onChange);
  changed.current = onChange;
  const full = variant === 'full';
  const attributes = {
    'aria-label': label,
    'aria-multiline': 'true',
    role: 'textbox',
    class: classes.content ?? '',
    ...(testId ? { 'data-testid': testId } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        heading: full ? { levels: [2, 3] } : false,
        blockquote: full ? {} : false,
        link: full
          ? { openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { rel: null, target: null } }
          : false,
      }),
    ],
    content: initialHtml,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => changed.current(current.isEmpty ? '' : current.getHTML()),
  });

  // The attributes follow the validation state without recreating the editor.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    if (!editor?.isInitialized || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  useEffect(() => {
    if (!insertRef) return;
    insertRef.current = (text: string) => {
      editor?.chain().focus().insertContent(text).run();
    };
    return () => {
      insertRef.current = null;
    };
  }, [editor, insertRef]);

  const style = minHeight ? ({ '--html-editor-min-height': `${minHeight}px` } as CSSProperties) : undefined;
  return (
    <Box className={classes.frame} data-invalid={invalid || undefined} style={style}>
      <Toolbar editor={editor} full={full} />
      <EditorContent editor={editor} />
    </Box>
  );
}

function Toolbar({ editor, full }: { editor: Editor | null; full: boolean }) {
  const { t } = useTranslation('editor');
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
  const size = 18;
  return (
    <Group gap={4} p={6} wrap="wrap" role="toolbar" aria-label={t('toolbar.label')} className={classes.toolbar}>
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
      {full && (
        <>
          <ToolButton label={t('toolbar.paragraph')} active={state.paragraph} onClick={run((c) => c.setParagraph())}>
            <IconPilcrow size={size} aria-hidden />
          </ToolButton>
          <ToolButton label={t('toolbar.heading2')} active={state.h2} onClick={run((c) => c.toggleHeading({ level: 2 }))}>
            <IconH2 size={size} aria-hidden />
          </ToolButton>
          <ToolButton label={t('toolbar.heading3')} active={state.h3} onClick={run((c) => c.toggleHeading({ level: 3 }))}>
            <IconH3 size={size} aria-hidden />
          </ToolButton>
          <Divider orientation="vertical" />
        </>
      )}
      <ToolButton label={t('toolbar.bulletList')} active={state.bulletList} onClick={run((c) => c.toggleBulletList())}>
        <IconList size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.orderedList')} active={state.orderedList} onClick={run((c) => c.toggleOrderedList())}>
        <IconListNumbers size={size} aria-hidden />
      </ToolButton>
      {full && (
        <ToolButton label={t('toolbar.blockquote')} active={state.blockquote} onClick={run((c) => c.toggleBlockquote())}>
          <IconBlockquote size={size} aria-hidden />
        </ToolButton>
      )}
      <Divider orientation="vertical" />
      {full && (
        <>
          <LinkButton editor={editor} active={state.link} />
          <ToolButton label={t('toolbar.unlink')} disabled={!state.link} onClick={run((c) => c.unsetLink())}>
            <IconLinkOff size={size} aria-hidden />
          </ToolButton>
          <Divider orientation="vertical" />
        </>
      )}
      <ToolButton label={t('toolbar.undo')} disabled={!state.canUndo} onClick={run((c) => c.undo())}>
        <IconArrowBackUp size={size} aria-hidden />
      </ToolButton>
      <ToolButton label={t('toolbar.redo')} disabled={!state.canRedo} onClick={run((c) => c.redo())}>
        <IconArrowForwardUp size={size} aria-hidden />
      </ToolButton>
    </Group>
  );
}

/** The link button and its address popover. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const value = href.trim();
    if (value) editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    setOpen(false);
  };
  return (
    <Popover opened={open} onChange={setOpen} trapFocus withinPortal position="bottom-start" shadow="md">
      <Popover.Target>
        <ActionIcon
          variant={active ? 'filled' : 'subtle'}
          color={active ? 'brand' : 'gray.8'}
          aria-label={t('toolbar.link')}
          aria-pressed={active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
            setOpen((was) => !was);
          }}
          size="lg"
        >
          <IconLink size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label={t('toolbar.linkAddress')}
            value={href}
            onChange={(event) => setHref(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
          <Button size="compact-sm" onClick={apply}>
            {t('toolbar.linkApply')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
