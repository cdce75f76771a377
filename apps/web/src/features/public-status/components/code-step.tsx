import { zodResolver } from '../../../lib/validation';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs/text-field';
import { useRequestPublicCode } from '../api/request-code';
import { useVerifyPublicCode } from '../api/verify-code';
import { describePublicError } from '../errors';
import { type CodeValues, codeSchema } from '../schemas';
import { StepMessage } from './message';
import { StepHeading } from './step-heading';

/** Counts down one per second from the last `restart(seconds)`. */
function useCountdown(initial: number) {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, restart: setLeft };
}

export interface CodeStepProps {
  applicationId: number;
  phone: string;
  /** Seconds before another code may be asked (from the server's answer). */
  resendAfter: number;
  focusHeading: boolean;
  onVerified: (token: string) => void;
  onChangePhone: () => void;
}

/**
 * Step 2: the 6-digit code from the SMS. A wrong code says how many attempts are left, the fifth
 * blocks the phone for 5 minutes; a new code can be asked after a short wait.
 */
export function CodeStep({ applicationId, phone, resendAfter, focusHeading, onVerified, onChangePhone }: CodeStepProps) {
  const { t } = useTranslation('public-status');
  const verify = useVerifyPublicCode();
  const resend = useRequestPublicCode();
  const countdown = useCountdown(resendAfter);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  const showError = (error: unknown) => {
    const view = describePublicError(error, t);
    if (view.target === 'code') form.setError('code', { type: 'server', message: view.message }, { shouldFocus: true });
    else setFormError(view.message);
  };

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    setNotice(null);
    try {
      onVerified((await verify.mutateAsync({ applicationId, phone, code })).token);
    } catch (error) {
      showError(error);
    }
  });

  const onResend = async () => {
    setFormError(null);
    setNotice(null);
    form.clearErrors();
    try {
      const sent = await resend.mutateAsync({ applicationId, phone });
      countdown.restart(sent.resend_after);
      form.reset({ code: '' });
      setNotice(t('code.resent'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <section aria-labelledby="public-status-code">
      <Stack gap="md">
        <StepHeading step={2} id="public-status-code" title={t('code.heading')} focus={focusHeading} />
        <Text>
          <Trans t={t} i18nKey="code.sentTo" values={{ phone }} components={{ strong: <strong /> }} />
        </Text>
        {notice ? <StepMessage tone="success">{notice}</StepMessage> : null}
        {formError ? <StepMessage>{formError}</StepMessage> : null}
        <form onSubmit={onSubmit} noValidate aria-label={t('code.formLabel')} data-testid="public-code-form">
          <Stack gap="md">
            <Controller
              control={form.control}
              name="code"
              render={({ field, fieldState }) => (
                <TextField
                  id="public-status-code-input"
                  label={t('code.label')}
                  description={t('code.hint')}
                  mode="digits"
                  maxLength={6}
                  withAsterisk
                  autoComplete="one-time-code"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={fieldState.error?.message}
                  errorProps={{ role: 'alert' }}
                  data-testid="public-code"
                />
              )}
            />
            <Button type="submit" loading={verify.isPending} data-testid="public-verify-code" style={{ alignSelf: 'flex-start' }}>
              {t('code.submit')}
            </Button>
          </Stack>
        </form>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            px={0}
            disabled={countdown.left > 0 || resend.isPending}
            onClick={() => void onResend()}
            data-testid="public-resend-code"
          >
            {countdown.left > 0 ? t('code.resendIn', { seconds: countdown.left }) : t('code.resend')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onChangePhone} data-testid="public-change-phone">
            {t('code.changePhone')}
          </Anchor>
        </Group>
      </Stack>
    </section>
  );
}
