import type { CollectorAccount } from '@ghiseu/domain';
import { Button, Checkbox, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Toggle } from '../../../components/toggle/toggle';
import { validationFieldErrors } from '../../../lib/api-errors';
import { useCreateCollectorAccount, usePatchCollectorAccount } from '../api/taxes';
import { taxErrorText } from '../errors';

export interface BankAccountModalProps {
  opened: boolean;
  onClose: () => void;
  account: CollectorAccount | null;
  organisationId: number;
  superAdmin: boolean;
}

interface Values {
  name: string;
  bank: string;
  iban: string;
  provider_username: string;
  provider_password: string;
  active: boolean;
}

const valuesOf = (account: CollectorAccount | null): Values => ({
  name: account?.name ?? '',
  bank: account?.bank ?? '',
  iban: account?.iban ?? '',
  provider_username: account?.provider_username ?? '',
  provider_password: '',
  active: (account?.status ?? 'active') === 'active',
});

/**
 * Add or edit a collector (bank) account: name, bank, IBAN, the payment provider's user and
 * password. The password is write-only: asked on creation, changed on edit only when asked.
 */
export function BankAccountModal({ opened, onClose, account, organisationId, superAdmin }: BankAccountModalProps) {
  const { t } = useTranslation('taxes');
  const create = useCreateCollectorAccount();
  const patch = usePatchCollectorAccount();
  const [values, setValues] = useState<Values>(() => valuesOf(account));
  const [changePassword, setChangePassword] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another account opens.
  useEffect(() => {
    if (opened) {
      setValues(valuesOf(account));
      setChangePassword(false);
      setErrors({});
      setFormError(null);
    }
  }, [opened, account?.id]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const askPassword = account === null || changePassword;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const missing: Record<string, string> = {};
    for (const key of ['name', 'bank', 'provider_username'] as const) if (!values[key].trim()) missing[key] = t('required');
    if (askPassword && !values.provider_password) missing.provider_password = t('required');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const body = {
      name: values.name.trim(),
      bank: values.bank.trim(),
      iban: values.iban.replace(/\s+/g, '').toUpperCase() || null,
      provider_username: values.provider_username.trim(),
      status: values.active ? 'active' : 'inactive',
    };
    try {
      if (account) {
        const changes: Record<string, unknown> = {};
        const before: Record<string, unknown> = {
          name: account.name,
          bank: account.bank,
          iban: account.iban,
          provider_username: account.provider_username,
          status: account.status,
        };
        for (const [key, value] of Object.entries(body)) if (value !== before[key]) changes[key] = value;
        if (changePassword) changes.provider_password = values.provider_password;
        if (Object.keys(changes).length === 0) {
          showToast('info', t('unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: account.id, patch: changes });
      } else {
        await create.mutateAsync({
          ...body,
          provider_password: values.provider_password,
          ...(superAdmin ? { organisation_id: organisationId } : {}),
        });
      }
      showToast('success', t(account ? 'accounts.saved' : 'accounts.created', { name: body.name }));
      onClose();
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        return;
      }
      setFormError(taxErrorText(error));
    }
  };

  const title = account ? t('accounts.editTitle') : t('accounts.createTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} data-testid="bank-account-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id="bank-account-name"
              label={t('accounts.fields.name')}
              required
              maxLength={200}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              id="bank-account-bank"
              label={t('accounts.fields.bank')}
              required
              maxLength={200}
              value={values.bank}
              onChange={(e) => set('bank', e.currentTarget.value)}
              error={errors.bank}
            />
          </SimpleGrid>
          <TextInput
            id="bank-account-iban"
            label={t('accounts.fields.iban')}
            maxLength={42}
            value={values.iban}
            onChange={(e) => set('iban', e.currentTarget.value)}
            error={errors.iban}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id="bank-account-username"
              label={t('accounts.fields.username')}
              required
              maxLength={200}
              autoComplete="off"
              value={values.provider_username}
              onChange={(e) => set('provider_username', e.currentTarget.value)}
              error={errors.provider_username}
            />
            {askPassword ? (
              <PasswordInput
                id="bank-account-password"
                label={t('accounts.fields.password')}
                description={t('accounts.hints.password')}
                required
                maxLength={200}
                autoComplete="new-password"
                value={values.provider_password}
                onChange={(e) => set('provider_password', e.currentTarget.value)}
                error={errors.provider_password}
              />
            ) : null}
          </SimpleGrid>
          {account ? (
            <Checkbox
              id="bank-account-change-password"
              label={t('accounts.changePassword')}
              checked={changePassword}
              onChange={(e) => setChangePassword(e.currentTarget.checked)}
            />
          ) : null}
          <Toggle
            id="bank-account-active"
            label={t('accounts.fields.active')}
            checked={values.active}
            onChange={(v) => set('active', v)}
          />
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
