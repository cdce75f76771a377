import { complaintPlaceholderValues, fillComplaintPlaceholders } from '@ghiseu/domain';
import { Button, Group, Input, Modal, Select, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { foldedOptionsFilter } from '../../../components/inputs';
import { Notice } from '../../../components/page/notice';
import { apiErrorText, validationFieldErrors } from '../../../lib/api-errors';
import { useComplaintAction } from '../api/complaints';
import { useTemplatesOfCategory } from '../api/response-templates';
import type { ComplaintRecord } from '../api/types';
import { isBlankHtml } from '../html-text';

const HtmlEditor = lazy(() => import('../../../components/editor/html-editor').then((m) => ({ default: m.HtmlEditor })));

/** The three ways a clerk closes a complaint with an answer. */
export type ResponseMode = 'resolve' | 'reject' | 'dismiss';

/**
 * Resolve, reject or dismiss ('Clasare') a complaint: an optional response template of category
 * complaints (its message filled with the complaint's values, then editable), the answer the
 * citizen reads (required to resolve or reject), then a confirmation, since the complaint is
 * closed for good.
 */
export function ResponseModal({
  complaint,
  mode,
  onClose,
}: {
  complaint: ComplaintRecord;
  /** The action the dialog is open for; null keeps it closed. */
  mode: ResponseMode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('complaints');
  const opened = mode !== null;
  const templates = useTemplatesOfCategory('complaints', opened);
  const action = useComplaintAction(complaint.id);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [html, setHtml] = useState('');
  const [contentKey, setContentKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (opened) {
      setTemplateId(null);
      setHtml('');
      setContentKey((k) => k + 1);
      setError(null);
      setFormError(null);
    }
  }, [opened]);

  const pickTemplate = (value: string | null) => {
    setTemplateId(value);
    const template = templates.data?.find((item) => String(item.id) === value);
    if (!template) return;
    const filled = fillComplaintPlaceholders(template.message, complaintPlaceholderValues(complaint));
    setHtml(filled);
    setContentKey((k) => k + 1);
    setError(null);
  };

  if (!mode) return null;
  const required = mode !== 'dismiss';

  const submit = async () => {
    setFormError(null);
    const blank = isBlankHtml(html);
    if (required && blank) {
      setError(t('respond.required'));
      return;
    }
    const confirmed = await confirmDialog({
      title: t(`respond.${mode}.confirmTitle`),
      message: t(`respond.${mode}.confirmQuestion`, { code: complaint.entry_code }),
      confirmLabel: t(`respond.${mode}.confirm`),
      cancelLabel: t('actions.cancel'),
      destructive: mode !== 'resolve',
    });
    if (!confirmed) return;
    const response_template_id = templateId ? Number(templateId) : null;
    try {
      if (mode === 'dismiss')
        await action.mutateAsync({ action: 'dismiss', body: { response: blank ? null : html, response_template_id } });
      else await action.mutateAsync({ action: mode, body: { response: html, response_template_id } });
      showToast('success', t(`respond.${mode}.done`, { code: complaint.entry_code }));
      onClose();
    } catch (failure) {
      const fields = validationFieldErrors(failure);
      if (fields.response) setError(fields.response);
      else setFormError(apiErrorText(failure));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t(`respond.${mode}.title`, { code: complaint.entry_code })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md" data-testid="response-modal">
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <Text size="sm">{t(`respond.${mode}.help`)}</Text>
        <Select
          label={t('respond.template')}
          description={t('respond.templateHint')}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('respond.clearTemplate') }}
          filter={foldedOptionsFilter}
          nothingFoundMessage={t('form.nothingFound')}
          data={(templates.data ?? []).map((item) => ({ value: String(item.id), label: item.title }))}
          value={templateId}
          onChange={pickTemplate}
          placeholder={templates.isPending ? t('loading') : t('respond.noTemplate')}
          error={templates.isError ? t('form.optionsFailed') : undefined}
          data-testid="response-template"
        />
        <Input.Wrapper
          label={t('respond.response')}
          required={required}
          error={error}
          errorProps={{ id: errorId }}
          description={t('respond.responseHint')}
        >
          <Suspense fallback={<PageLoader minHeight={180} />}>
            <HtmlEditor
              key={contentKey}
              initialHtml={html}
              variant="basic"
              minHeight={180}
              onChange={(value) => {
                setHtml(value);
                if (error) setError(null);
              }}
              label={t('respond.response')}
              invalid={Boolean(error)}
              describedBy={error ? errorId : undefined}
              testId="response-editor"
            />
          </Suspense>
        </Input.Wrapper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            color={mode === 'resolve' ? undefined : 'red.9'}
            onClick={() => void submit()}
            loading={action.isPending}
            data-testid="response-submit"
          >
            {t(`respond.${mode}.submit`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
