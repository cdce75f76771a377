import { SECONDARY_ACCOUNT_ROLES, ZCreateSubAccountRequest } from '@ghiseu/domain';
import { zodResolver } from '../../../lib/validation';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showToast } from '../../../components/feedback/toast';
import { ApiError } from '../../../lib/api-client';
import { useCreateSubAccount } from '../api/sub-accounts';

type InviteValues = z.input<typeof ZCreateSubAccountRequest>;
const FIELDS = ['email', 'first_name', 'last_name', 'role'] as const;
/** Codes about the address itself, shown on the e-mail field. */
const EMAIL_CODES = new Set(['USER_ALREADY_EXISTS', 'REGISTRATION_EMAIL_DOMAIN_BLOCKED', 'REGISTRATION_EMAIL_ALREADY_EXISTS']);

const empty: InviteValues = { email: '', last_name: '', first_name: '', role: 'editor' };

export interface InviteSubAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Invites a sub-account (spec §3): e-mail, names and role (administrator or editor). The server
 * creates a pending account and e-mails a set-password link. Validated with the shared contract.
 */
export function InviteSubAccountModal({ opened, onClose }: InviteSubAccountModalProps) {
  const { t } = useTranslation('sub-accounts');
  const create = useCreateSubAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteValues>({
    resolver: zodResolver(ZCreateSubAccountRequest),
    defaultValues: empty,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset(empty);
    setFormError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync({ ...values, role: values.role });
      showToast('success', t('form.sent', { email: created.email }));
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) return setFormError(String(error));
      if (EMAIL_CODES.has(error.code)) {
        form.setError('email', { type: 'server', message: error.userMessage }, { shouldFocus: true });
        return;
      }
      const fields = Array.isArray(error.data?.fields) ? (error.data.fields as { path?: string; message?: string }[]) : [];
      let placed = 0;
      for (const { path, message } of fields) {
        const field = path?.replace(/^body\.?/, '');
        if (field && message && (FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FIELDS)[number], { type: 'server', message }, { shouldFocus: placed === 0 });
          placed++;
        }
      }
      if (placed === 0) setFormError(error.userMessage);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('form.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('form.close') }}
      data-testid="invite-modal"
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('form.title')}>
        <Stack gap="md">
          <Text size="sm">{t('form.intro')}</Text>
          {formError ? (
            <Text role="alert" c="red.9" size="sm" data-testid="invite-error">
              {formError}
            </Text>
          ) : null}
          <TextInput
            id="invite-email"
            label={t('form.email')}
            type="email"
            autoComplete="off"
            required
            data-autofocus
            error={errors.email?.message}
            data-testid="invite-email"
            {...form.register('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              id="invite-last-name"
              label={t('form.lastName')}
              required
              maxLength={255}
              error={errors.last_name?.message}
              data-testid="invite-last-name"
              {...form.register('last_name')}
            />
            <TextInput
              id="invite-first-name"
              label={t('form.firstName')}
              required
              maxLength={255}
              error={errors.first_name?.message}
              data-testid="invite-first-name"
              {...form.register('first_name')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Radio.Group label={t('form.role')} withAsterisk value={field.value} onChange={field.onChange}>
                <Stack gap="xs" mt={6}>
                  {SECONDARY_ACCOUNT_ROLES.map((role) => (
                    <Radio
                      key={role}
                      value={role}
                      label={t(`roles.${role}`)}
                      description={t(`roleHints.${role}`)}
                      data-testid={`invite-role-${role}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="invite-submit">
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
