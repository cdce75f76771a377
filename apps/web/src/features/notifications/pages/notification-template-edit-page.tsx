import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_LANGUAGE_LABELS,
  NOTIFICATION_LIMITS,
  type NotificationTemplate,
  type NotificationTemplatePatch,
  type NotificationTemplatePreview,
  smsLength,
  unknownPlaceholders,
} from '@ghiseu/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Chip,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '../../../components/feedback/toast';
import { PageHeader } from '../../../components/page/page-header';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { useNotificationTemplate, usePreviewNotificationTemplate, useSaveNotificationTemplate } from '../api/notifications';

/** The rich-text editor (TipTap): its own chunk, loaded for e-mail and in-app templates only. */
const HtmlEditor = lazy(() => import('../../../components/editor/html-editor').then((m) => ({ default: m.HtmlEditor })));

type EditMode = 'visual' | 'html';

/** The length of an HTML message as the limit counts it: the text without its tags. */
export function htmlTextLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&amp;|&lt;|&gt;|&quot;|&#39;/g, ' ')
    .trim().length;
}

/**
 * /notifications-templates/:id/edit (notificationsTemplateEdit): loads the template first and goes
 * to /404 when that fails (spec §2). Title, subject (not for SMS), the message (plain text with a
 * live SMS counter for SMS; the HTML source for e-mail and in-app), the accepted placeholders to
 * insert, unknown placeholders refused before saving, the character limit, a preview with sample
 * data and the save with the server's errors in words.
 */
export function NotificationTemplateEditPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const template = useNotificationTemplate(id);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0 || template.isError) void navigate('/404', { replace: true });
  }, [id, template.isError, navigate]);

  if (!template.data)
    return (
      <Stack gap="lg">
        <Skeleton h={48} w="40%" />
        <Skeleton h={360} radius="md" />
      </Stack>
    );
  // Keyed by the stored version: a save (new updated_at) starts the form from what was stored.
  return <TemplateForm key={`${template.data.id}-${template.data.updated_at}`} template={template.data} />;
}

function TemplateForm({ template }: { template: NotificationTemplate }) {
  const { t } = useTranslation('notifications');
  const isSms = template.channel === 'sms';
  const [title, setTitle] = useState(template.title);
  const [subject, setSubject] = useState(template.subject ?? '');
  const [message, setMessage] = useState(template.message);
  const [limit, setLimit] = useState<number | ''>(template.character_limit ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [preview, setPreview] = useState<NotificationTemplatePreview | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const editorInsert = useRef<((text: string) => void) | null>(null);
  const [mode, setMode] = useState<EditMode>('visual');
  /** Bumped when the visual editor must start again from the HTML source. */
  const [editorVersion, setEditorVersion] = useState(0);
  const messageErrorId = useId();
  const save = useSaveNotificationTemplate(template.id);
  const previewCall = usePreviewNotificationTemplate(template.id);

  const unknown = unknownPlaceholders(`${isSms ? '' : subject} ${message}`, template.placeholders);
  const sms = isSms ? smsLength(message) : null;
  const length = sms ? sms.units : htmlTextLength(message);
  const overLimit = typeof limit === 'number' && length > limit;
  const messageError =
    submitted && !message.trim()
      ? t('editor.required')
      : unknown.length > 0
        ? t('editor.unknownPlaceholders', { names: unknown.map((name) => `{{${name}}}`).join(', ') })
        : overLimit
          ? t('editor.sms.overLimit', { limit })
          : undefined;

  /** Inserts `{{name}}` at the message's cursor (or at its end). */
  const insertPlaceholder = (name: string) => {
    const token = `{{${name}}}`;
    if (!isSms && mode === 'visual') {
      editorInsert.current?.(token);
      return;
    }
    const area = messageRef.current;
    const start = area?.selectionStart ?? message.length;
    const end = area?.selectionEnd ?? message.length;
    const next = `${message.slice(0, start)}${token}${message.slice(end)}`;
    setMessage(next);
    requestAnimationFrame(() => {
      if (!area) return;
      area.focus();
      area.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const onPreview = async () => {
    try {
      setPreview(await previewCall.mutateAsync({ subject: isSms ? null : subject, message }));
    } catch (error) {
      showToast('error', error instanceof ApiError ? apiErrorText(error) : t('editor.previewError'));
    }
  };

  const onSave = async () => {
    setSubmitted(true);
    setServerError(null);
    if (!title.trim() || !message.trim() || unknown.length > 0 || overLimit) return;
    const patch: NotificationTemplatePatch = {
      title: title.trim(),
      message,
      character_limit: limit === '' ? null : limit,
      ...(isSms ? {} : { subject: subject.trim() === '' ? null : subject }),
    };
    try {
      await save.mutateAsync(patch);
      showToast('success', t('editor.saved'));
    } catch (error) {
      setServerError(error instanceof ApiError ? apiErrorText(error) : t('editor.saveError'));
    }
  };

  const meta = t('editor.meta', {
    event: template.event_label,
    channel: NOTIFICATION_CHANNEL_LABELS[template.channel],
    language: NOTIFICATION_LANGUAGE_LABELS[template.language],
  });

  return (
    <Stack gap="lg" data-testid="notification-template-editor">
      <PageHeader
        title={template.title}
        subtitle={meta}
        above={
          <Anchor component={Link} to="/notifications-templates" size="sm">
            {t('editor.back')}
          </Anchor>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <TextInput
            label={t('editor.title')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={NOTIFICATION_LIMITS.templateTitle}
            required
            error={submitted && !title.trim() ? t('editor.required') : undefined}
          />
          {isSms ? null : (
            <TextInput
              label={template.channel === 'in_app' ? t('editor.subjectInApp') : t('editor.subject')}
              value={subject}
              onChange={(event) => setSubject(event.currentTarget.value)}
              maxLength={NOTIFICATION_LIMITS.templateSubject}
            />
          )}
          <Box>
            <Text size="sm" fw={500} id="template-placeholders-label">
              {t('editor.placeholders')}
            </Text>
            <Text size="xs" c="gray.7" mb={6}>
              {t('editor.placeholdersHint')}
            </Text>
            <Group gap={6} role="group" aria-labelledby="template-placeholders-label" data-testid="template-placeholders">
              {template.placeholders.map((name) => (
                <Button
                  key={name}
                  variant="light"
                  size="compact-xs"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insertPlaceholder(name)}
                  aria-label={t('editor.insertPlaceholder', { name })}
                  ff="monospace"
                >
                  {`{{${name}}}`}
                </Button>
              ))}
            </Group>
          </Box>
          {isSms ? (
            <Textarea
              ref={messageRef}
              label={t('editor.message')}
              description={t('editor.messageSmsHint')}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              autosize
              minRows={4}
              maxRows={24}
              required
              error={messageError}
              data-testid="template-message"
            />
          ) : (
            <Stack gap={6}>
              <SegmentedControl
                value={mode}
                onChange={(value) => {
                  if (value === 'visual') setEditorVersion((version) => version + 1);
                  setMode(value as EditMode);
                }}
                aria-label={t('editor.mode.label')}
                data={[
                  { value: 'visual', label: t('editor.mode.visual') },
                  { value: 'html', label: t('editor.mode.html') },
                ]}
                w="fit-content"
                size="xs"
              />
              {mode === 'html' ? (
                <Textarea
                  ref={messageRef}
                  label={t('editor.message')}
                  description={t('editor.messageHtmlHint')}
                  value={message}
                  onChange={(event) => setMessage(event.currentTarget.value)}
                  autosize
                  minRows={10}
                  maxRows={24}
                  required
                  styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
                  error={messageError}
                  data-testid="template-message"
                />
              ) : (
                <Input.Wrapper
                  label={t('editor.message')}
                  description={t('editor.messageHtmlHint')}
                  required
                  error={messageError}
                  errorProps={{ id: messageErrorId }}
                >
                  <Suspense fallback={<Skeleton h={260} radius="md" />}>
                    <HtmlEditor
                      key={editorVersion}
                      initialHtml={message}
                      onChange={setMessage}
                      insertRef={editorInsert}
                      label={t('editor.message')}
                      invalid={Boolean(messageError)}
                      describedBy={messageError ? messageErrorId : undefined}
                      testId="template-message-editor"
                    />
                  </Suspense>
                </Input.Wrapper>
              )}
            </Stack>
          )}
          {sms ? (
            <Stack gap={2} aria-live="polite" data-testid="sms-counter">
              <Text size="sm" c={overLimit ? 'red.9' : undefined}>
                {typeof limit === 'number'
                  ? t('editor.sms.counterLimit', {
                      units: sms.units,
                      limit,
                      segments: sms.segments,
                      encoding: t(`editor.sms.${sms.encoding}`),
                    })
                  : t('editor.sms.counter', {
                      units: sms.units,
                      segments: sms.segments,
                      encoding: t(`editor.sms.${sms.encoding}`),
                    })}
              </Text>
              {sms.encoding === 'ucs2' ? (
                <Text size="xs" c="gray.7">
                  {t('editor.sms.ucs2Note')}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c={overLimit ? 'red.9' : 'gray.7'} aria-live="polite" data-testid="length-counter">
              {typeof limit === 'number'
                ? t('editor.lengthCounterLimit', { length, limit })
                : t('editor.lengthCounter', { length })}
            </Text>
          )}
          <NumberInput
            label={t('editor.characterLimit')}
            description={t('editor.characterLimitHint')}
            value={limit}
            onChange={(value) => setLimit(typeof value === 'number' ? value : value === '' ? '' : Number(value))}
            min={1}
            max={NOTIFICATION_LIMITS.templateMessage}
            allowDecimal={false}
            allowNegative={false}
            maw={240}
          />
          {serverError ? (
            <Alert color="red" variant="light" role="alert" data-testid="template-save-error">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Text size="xs" c="gray.7">
              {t('editor.updated', { date: formatDateTime(template.updated_at) })}
            </Text>
            <Group gap="sm">
              <Button variant="outline" onClick={() => void onPreview()} loading={previewCall.isPending}>
                {t('editor.preview')}
              </Button>
              <Button onClick={() => void onSave()} loading={save.isPending} data-testid="template-save">
                {t('editor.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {preview ? <PreviewPanel preview={preview} isSms={isSms} /> : null}
    </Stack>
  );
}

function PreviewPanel({ preview, isSms }: { preview: NotificationTemplatePreview; isSms: boolean }) {
  const { t } = useTranslation('notifications');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="template-preview-title"
      data-testid="template-preview"
    >
      <Title order={2} size="h4" id="template-preview-title" mb="sm">
        {t('editor.previewTitle')}
      </Title>
      {preview.subject ? (
        <Text size="sm" mb="xs">
          <Text span fw={600}>
            {t('editor.previewSubject')}:
          </Text>{' '}
          <span data-testid="template-preview-subject">{preview.subject}</span>
        </Text>
      ) : null}
      {isSms ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview-message">
          {preview.message}
        </Text>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the preview is sanitised by the server.
        <Box fz="sm" data-testid="template-preview-message" dangerouslySetInnerHTML={{ __html: preview.message }} />
      )}
      <Group gap="md" mt="sm">
        <Text size="xs" c="gray.7">
          {t('editor.previewLength', { length: preview.length })}
        </Text>
        {preview.sms ? (
          <Text size="xs" c="gray.7">
            {t('editor.previewSms', { segments: preview.sms.segments, encoding: t(`editor.sms.${preview.sms.encoding}`) })}
          </Text>
        ) : null}
        {preview.unknown_placeholders.length > 0 ? (
          <Chip.Group>
            <Text size="xs" c="red.9">
              {t('editor.unknownPlaceholders', { names: preview.unknown_placeholders.map((n) => `{{${n}}}`).join(', ') })}
            </Text>
          </Chip.Group>
        ) : null}
      </Group>
    </Paper>
  );
}
