import { VALIDATION_MESSAGES as M, zMobilePhone, zSmsCode } from '@ghiseu/domain';
import { zodResolver } from '../../../lib/validation';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../components/feedback/toast';
import { PhoneField } from '../../../components/inputs/phone-field';
import { TextField } from '../../../components/inputs/text-field';
import { useSession } from '../../../lib/session';
import { useConfirmPhoneChange, useSendPhoneChangeCode } from '../api/phone-change';
import { apiErrorText, applyServerFieldErrors, errorCode } from '../form-errors';

const phoneSchema = z.object({ phone: zMobilePhone });
const codeSchema = z.object({ smsCode: zSmsCode });

export interface PhoneChangeModalProps {
  opened: boolean;
  /** The confirmed number shown in the profile; sending the same one is refused. */
  currentPhone: string | null;
  onClose: () => void;
}

/**
 * Changing the mobile phone (spec §3): the new number gets an SMS code and becomes the account's
 * number only once the code is confirmed, so the account never loses its confirmed phone.
 */
export function PhoneChangeModal({ opened, currentPhone, onClose }: PhoneChangeModalProps) {
  const { t } = useTranslation('profile');
  const { refreshUser } = useSession();
  const send = useSendPhoneChangeCode();
  const confirm = useConfirmPhoneChange();
  const [phone, setPhone] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const phoneForm = useForm<z.input<typeof phoneSchema>>({ resolver: zodResolver(phoneSchema), defaultValues: { phone: '' } });
  const codeForm = useForm<z.input<typeof codeSchema>>({ resolver: zodResolver(codeSchema), defaultValues: { smsCode: '' } });

  const close = () => {
    setPhone(null);
    setNotice(null);
    setFormError(null);
    phoneForm.reset({ phone: '' });
    codeForm.reset({ smsCode: '' });
    onClose();
  };

  const sendCode = async (target: string, again: boolean) => {
    setFormError(null);
    setNotice(null);
    try {
      await send.mutateAsync(target);
      setPhone(target);
      if (again) {
        setNotice(t('phone.resent'));
        codeForm.reset({ smsCode: '' });
      }
    } catch (error) {
      if (applyServerFieldErrors(error, phoneForm.setError, ['phone']) === 0) setFormError(apiErrorText(error));
    }
  };

  const onSendPhone = phoneForm.handleSubmit((values) => {
    if (values.phone === currentPhone) {
      phoneForm.setError('phone', { type: 'same', message: M.invalidValue }, { shouldFocus: true });
      return;
    }
    return sendCode(values.phone, false);
  });

  const onConfirm = codeForm.handleSubmit(async ({ smsCode }) => {
    if (!phone) return;
    setFormError(null);
    try {
      await confirm.mutateAsync({ phone, smsCode });
      await refreshUser().catch(() => null);
      showToast('success', t('phone.saved'));
      close();
    } catch (error) {
      const code = errorCode(error);
      const remaining = (error as { data?: { remaining_attempts?: unknown } }).data?.remaining_attempts;
      const message = code === 'SMS_CODE_INVALID' && remaining === 0 ? t('phone.noAttemptsLeft') : apiErrorText(error);
      if (code === 'SMS_CODE_INVALID' || code === 'SMS_CODE_EXPIRED') {
        codeForm.setError('smsCode', { type: 'server', message }, { shouldFocus: true });
      } else {
        setFormError(message);
      }
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('phone.title')}
      centered
      closeButtonProps={{ 'aria-label': t('phone.close') }}
      data-testid="phone-change-modal"
    >
      {phone === null ? (
        <form onSubmit={onSendPhone} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('phone.intro')}</Text>
            {formError ? (
              <Text role="alert" c="red.9" size="sm">
                {formError}
              </Text>
            ) : null}
            <PhoneField
              control={phoneForm.control}
              name="phone"
              id="phone-change-phone"
              label={t('phone.phone')}
              description={t('phone.phoneHint')}
              required
              data-autofocus
              data-testid="phone-change-phone"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('phone.cancel')}
              </Button>
              <Button type="submit" loading={send.isPending} data-testid="phone-change-send">
                {t('phone.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={onConfirm} noValidate>
          <Stack gap="md">
            <Text size="sm">
              <Trans t={t} i18nKey="phone.sentTo" values={{ phone }} components={{ strong: <strong /> }} />
            </Text>
            {notice ? (
              <Text role="status" size="sm" c="green.9">
                {notice}
              </Text>
            ) : null}
            {formError ? (
              <Text role="alert" c="red.9" size="sm">
                {formError}
              </Text>
            ) : null}
            <Controller
              control={codeForm.control}
              name="smsCode"
              render={({ field, fieldState }) => (
                <TextField
                  id="phone-change-code"
                  label={t('phone.code')}
                  mode="digits"
                  maxLength={6}
                  required
                  data-autofocus
                  autoComplete="one-time-code"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={fieldState.error?.message}
                  data-testid="phone-change-code"
                />
              )}
            />
            <Group justify="space-between" gap="sm">
              <Button variant="subtle" px={0} onClick={() => void sendCode(phone, true)} loading={send.isPending}>
                {t('phone.resend')}
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={close}>
                  {t('phone.cancel')}
                </Button>
                <Button type="submit" loading={confirm.isPending} data-testid="phone-change-confirm">
                  {t('phone.validate')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
