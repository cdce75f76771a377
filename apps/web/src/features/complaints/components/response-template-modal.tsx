import {
  COMPLAINT_LIMITS,
  COMPLAINT_RESPONSE_PLACEHOLDER_LABELS,
  COMPLAINT_RESPONSE_PLACEHOLDERS,
  RESPONSE_TEMPLATE_CATEGORIES,
  RESPONSE_TEMPLATE_CATEGORY_LABELS,
  type ResponseTemplateCategory,
  unknownComplaintPlaceholdersIn,
} from '@ghiseu/domain';
import {
  Button,
  Code,
  Group,
  Input,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { apiErrorText, errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import { useCreateResponseTemplate, usePatchResponseTemplate } from '../api/response-templates';
import type { ResponseTemplateRecord } from '../api/types';
import { isBlankHtml } from '../html-text';

const HtmlEditor = lazy(() => import('../../../components/editor/html-editor').then((m) => ({ default: m.HtmlEditor })));

type Field = 'title' | 'category' | 'message';

/**
 * Add or edit a response template (spec §3: title, category complaints|applications|notices,
 * message): the message in the rich-text editor, with the placeholders a click inserts at the
 * cursor. A title already used (DUPLICATE_RESPONSE_TEMPLATE_NAME) shows under the title.
 */
export function ResponseTemplateModal({
  opened,
  onClose,
  record,
}: {
  opened: boolean;
  onClose: () => void;
  record: ResponseTemplateRecord | null;
}) {
  const { t } = useTranslation('complaints');
  const create = useCreateResponseTemplate();
  const patch = usePatchResponseTemplate();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<ResponseTemplateCategory>('complaints');
  const [message, setMessage] = useState('');
  const [contentKey, setContentKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const insertRef = useRef<((text: string) => void) | null>(null);
  const messageErrorId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another record opens.
  useEffect(() => {
    if (opened) {
      setTitle(record?.title ?? '');
      setCategory(record?.category ?? 'complaints');
      setMessage(record?.message ?? '');
      setContentKey((k) => k + 1);
      setErrors({});
      setFormError(null);
    }
  }, [opened, record?.id]);

  const unknown = unknownComplaintPlaceholdersIn(message);

  const submit = async () => {
    setFormError(null);
    const missing: Partial<Record<Field, string>> = {};
    if (!title.trim()) missing.title = t('templates.required.title');
    if (isBlankHtml(message)) missing.message = t('templates.required.message');
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const body = { title: title.trim(), category, message };
    try {
      const saved = record ? await patch.mutateAsync({ id: record.id, body }) : await create.mutateAsync(body);
      showToast('success', t(record ? 'templates.saved' : 'templates.created', { title: saved.title }));
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === 'DUPLICATE_RESPONSE_TEMPLATE_NAME') {
        setErrors({ title: apiErrorText(error) });
        return;
      }
      const fields = validationFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(apiErrorText(error));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={record ? t('templates.editTitle', { title: record.title }) : t('templates.createTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md" data-testid="response-template-modal">
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('templates.fields.title')}
            required
            maxLength={COMPLAINT_LIMITS.templateTitle}
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setErrors((current) => ({ ...current, title: undefined }));
            }}
            error={errors.title}
            data-testid="response-template-title"
          />
          <Select
            label={t('templates.fields.category')}
            required
            allowDeselect={false}
            data={RESPONSE_TEMPLATE_CATEGORIES.map((value) => ({ value, label: RESPONSE_TEMPLATE_CATEGORY_LABELS[value] }))}
            value={category}
            onChange={(v) => v && setCategory(v as ResponseTemplateCategory)}
            error={errors.category}
            data-testid="response-template-category"
          />
        </SimpleGrid>
        <Input.Wrapper label={t('templates.fields.message')} required error={errors.message} errorProps={{ id: messageErrorId }}>
          <Suspense fallback={<PageLoader minHeight={180} />}>
            <HtmlEditor
              key={contentKey}
              initialHtml={message}
              variant="basic"
              minHeight={180}
              onChange={(value) => {
                setMessage(value);
                setErrors((current) => ({ ...current, message: undefined }));
              }}
              insertRef={insertRef}
              label={t('templates.fields.message')}
              invalid={Boolean(errors.message)}
              describedBy={errors.message ? messageErrorId : undefined}
              testId="response-template-message"
            />
          </Suspense>
        </Input.Wrapper>
        {unknown.length > 0 ? (
          <Notice tone="warning" data-testid="response-template-unknown">
            {t('templates.unknownPlaceholders', { names: unknown.map((name) => `{{${name}}}`).join(', ') })}
          </Notice>
        ) : null}
        <Stack gap={6} component="section" aria-labelledby="placeholders-title">
          <Title order={3} size="h6" id="placeholders-title">
            {t('templates.placeholders')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('templates.placeholdersHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
            {COMPLAINT_RESPONSE_PLACEHOLDERS.map((name) => (
              <UnstyledButton
                key={name}
                onClick={() => insertRef.current?.(`{{${name}}}`)}
                aria-label={t('templates.insert', { label: COMPLAINT_RESPONSE_PLACEHOLDER_LABELS[name] })}
                data-testid={`placeholder-${name}`}
              >
                <Group gap={8} wrap="nowrap">
                  <Code style={{ overflow: 'visible', whiteSpace: 'nowrap', flexShrink: 0 }}>{`{{${name}}}`}</Code>
                  <Text size="sm">{COMPLAINT_RESPONSE_PLACEHOLDER_LABELS[name]}</Text>
                </Group>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={create.isPending || patch.isPending}
            data-testid="response-template-save"
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
