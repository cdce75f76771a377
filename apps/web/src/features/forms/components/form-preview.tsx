import type { FormField } from '@ghiseu/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconChecklist, IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from '../../../components/form-renderer/form-renderer';
import {
  type FormErrors,
  type FormValues,
  REQUIRED_FIELDS_TEXT,
  validateAnswers,
} from '../../../components/form-renderer/form-values';
import { Notice } from '../../../components/page/notice';

/**
 * A definition rendered the way a citizen sees it (the shared renderer of the wizard),
 * interactive, with 'Verificați' showing the validation a citizen would get.
 */
export function FormPreview({ fields, testId = 'form-preview' }: { fields: readonly FormField[]; testId?: string }) {
  const { t } = useTranslation('forms');
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [checked, setChecked] = useState(false);

  if (fields.length === 0) return <Text c="gray.7">{t('preview.empty')}</Text>;

  const verify = () => {
    setErrors(validateAnswers(fields, values));
    setChecked(true);
  };
  const clear = () => {
    setValues({});
    setErrors({});
    setChecked(false);
  };
  const errorCount = Object.keys(errors).length;

  return (
    <Stack gap="md" data-testid={testId}>
      {checked ? (
        errorCount > 0 ? (
          <Notice tone="error" title={REQUIRED_FIELDS_TEXT} data-testid="preview-result">
            {t('preview.errors', { count: errorCount })}
          </Notice>
        ) : (
          <Notice tone="success" data-testid="preview-result">
            {t('preview.valid')}
          </Notice>
        )
      ) : null}
      <FormRenderer
        fields={fields}
        values={values}
        errors={errors}
        onChange={(next) => {
          setValues(next);
          if (checked) setErrors(validateAnswers(fields, next));
        }}
      />
      <Group gap="sm">
        <Button leftSection={<IconChecklist size={18} aria-hidden />} onClick={verify}>
          {t('preview.verify')}
        </Button>
        <Button variant="default" leftSection={<IconEraser size={18} aria-hidden />} onClick={clear}>
          {t('preview.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
