import type { TaxCategory } from '@ghiseu/domain';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Toggle } from '../../../components/toggle/toggle';
import { errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import { useCreateTaxCategory, usePatchTaxCategory } from '../api/taxes';
import { taxErrorText } from '../errors';

export interface TaxCategoryModalProps {
  opened: boolean;
  onClose: () => void;
  /** The category being edited; null to add one. */
  category: TaxCategory | null;
}

/** Add or edit a tax category: name (required) and whether it is active. */
export function TaxCategoryModal({ opened, onClose, category }: TaxCategoryModalProps) {
  const { t } = useTranslation('taxes');
  const create = useCreateTaxCategory();
  const patch = usePatchTaxCategory();
  const [name, setName] = useState('');
  const [active, setActive] = useState(true);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another category opens.
  useEffect(() => {
    if (opened) {
      setName(category?.name ?? '');
      setActive((category?.status ?? 'active') === 'active');
      setNameError(null);
      setFormError(null);
    }
  }, [opened, category?.id]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('required'));
      return;
    }
    setNameError(null);
    const body = { name: trimmed, status: active ? ('active' as const) : ('inactive' as const) };
    try {
      if (category) {
        const changes: Partial<typeof body> = {};
        if (body.name !== category.name) changes.name = body.name;
        if (body.status !== category.status) changes.status = body.status;
        if (Object.keys(changes).length === 0) {
          showToast('info', t('unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: category.id, patch: changes });
      } else {
        await create.mutateAsync(body);
      }
      showToast('success', t(category ? 'categories.saved' : 'categories.created', { name: body.name }));
      onClose();
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (fields.name || errorCodeOf(error) === 'CONFLICT') {
        setNameError(fields.name ?? taxErrorText(error));
        return;
      }
      setFormError(taxErrorText(error));
    }
  };

  const title = category ? t('categories.editTitle') : t('categories.createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} data-testid="tax-category-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <TextInput
            id="tax-category-name"
            label={t('categories.fields.name')}
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            data-testid="tax-category-name"
          />
          <Toggle id="tax-category-active" label={t('categories.fields.active')} checked={active} onChange={setActive} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || patch.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
