import { zodResolver } from '../../../lib/validation';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { VerificationResponse } from '@ghiseu/domain';
import { PhoneField } from '../../../components/inputs/phone-field';
import { TextField } from '../../../components/inputs/text-field';
import { useSendPhoneCode, useValidatePhoneCode } from '../api/phone-verification';
import { apiErrorText, applyServerFieldErrors, errorCode } from '../form-errors';
import { type PhoneValues, phoneSchema, type SmsCodeValues, smsCodeSchema } from '../schemas';
import { FormAlert } from './form-alert';

/** Seconds before another code may be requested (the server also limits the rate). */
export const RESEND_COOLDOWN_SECONDS = 30;

export interface SmsVerificationProps {
  /** Verification token of login or e-mail confirmation. */
  token: string;
  /** The number to prefill (the one given at sign-up); the user may change it. */
  initialPhone?: string;
  /** The phone is confirmed: what the server answered. */
  onVerified: (response: VerificationResponse) => void;
  /** The token is no longer accepted (expired, used, or the phone is already confirmed). */
  onInvalidToken: () => void;
}

/** Counts down from `seconds` to 0, one per second, each time `restart` is called. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, restart: () => setLeft(RESEND_COOLDOWN_SECONDS) };
}

/**
 * Phone confirmation of spec §4 in two steps: the mobile number (a code is sent by SMS), then the
 * 6-digit code. A wrong code says how many attempts remain; a new code can be requested after a
 * short wait, and the number can be changed.
 */
export function SmsVerification({ token, initialPhone = '', onVerified, onInvalidToken }: SmsVerificationProps) {
  const { t } = useTranslation('auth');
  const send = useSendPhoneCode();
  const validate = useValidatePhoneCode();
  const [phone, setPhone] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const countdown = useCountdown();

  const phoneForm = useForm<PhoneValues>({ resolver: zodResolver(phoneSchema), defaultValues: { phone: initialPhone } });
  const codeForm = useForm<SmsCodeValues>({ resolver: zodResolver(smsCodeSchema), defaultValues: { smsCode: '' } });

  const sendCode = async (target: string, again: boolean) => {
    setFormError(null);
    setNotice(null);
    try {
      await send.mutateAsync({ phone: target, token });
      setPhone(target);
      countdown.restart();
      if (again) {
        setNotice(t('verifySms.resent'));
        codeForm.reset({ smsCode: '' });
      }
    } catch (error) {
      if (errorCode(error) === 'INVALID_TOKEN') onInvalidToken();
      else if (!applyServerFieldErrors(error, phoneForm.setError, ['phone'])) setFormError(apiErrorText(error));
    }
  };

  const onSendPhone = phoneForm.handleSubmit((values) => sendCode(values.phone, false));

  const onValidate = codeForm.handleSubmit(async (values) => {
    if (!phone) return;
    setFormError(null);
    setNotice(null);
    try {
      onVerified(await validate.mutateAsync({ phone, smsCode: values.smsCode, token }));
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INVALID_TOKEN') return onInvalidToken();
      const remaining = (error as { data?: { remaining_attempts?: unknown } }).data?.remaining_attempts;
      const message = code === 'SMS_CODE_INVALID' && remaining === 0 ? t('verifySms.noAttemptsLeft') : apiErrorText(error);
      if (code === 'SMS_CODE_INVALID' || code === 'SMS_CODE_EXPIRED') {
        codeForm.setError('smsCode', { type: 'server', message }, { shouldFocus: true });
      } else if (!applyServerFieldErrors(error, codeForm.setError, ['smsCode'])) {
        setFormError(message);
      }
    }
  });

  if (!phone) {
    return (
      <form onSubmit={onSendPhone} noValidate aria-label={t('verifySms.formLabel')} data-testid="sms-phone-form">
        <Stack gap="md">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <PhoneField
            control={phoneForm.control}
            name="phone"
            id="verify-phone"
            label={t('verifySms.phone')}
            description={t('verifySms.phoneHint')}
            withAsterisk
            data-testid="sms-phone"
          />
          <Button type="submit" fullWidth loading={send.isPending} data-testid="sms-send">
            {t('verifySms.send')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={onValidate} noValidate aria-label={t('verifySms.formLabel')} data-testid="sms-code-form">
      <Stack gap="md">
        <Text>
          <Trans t={t} i18nKey="verifySms.sentTo" values={{ phone }} components={{ strong: <strong /> }} />
        </Text>
        {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Controller
          control={codeForm.control}
          name="smsCode"
          render={({ field, fieldState }) => (
            <TextField
              id="verify-code"
              label={t('verifySms.code')}
              description={t('verifySms.codeHint')}
              mode="digits"
              maxLength={6}
              withAsterisk
              autoComplete="one-time-code"
              data-autofocus
              autoFocus
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldState.error?.message}
              data-testid="sms-code"
            />
          )}
        />
        <Button type="submit" fullWidth loading={validate.isPending} data-testid="sms-validate">
          {t('verifySms.validate')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            px={0}
            disabled={countdown.left > 0 || send.isPending}
            onClick={() => void sendCode(phone, true)}
            data-testid="sms-resend"
          >
            {countdown.left > 0 ? t('verifySms.resendIn', { seconds: countdown.left }) : t('verifySms.resend')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setPhone(null);
              setFormError(null);
              setNotice(null);
              codeForm.reset({ smsCode: '' });
            }}
            data-testid="sms-change-phone"
          >
            {t('verifySms.changePhone')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
