import { zodResolver } from '../../../lib/validation';
import { Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResendConfirmation } from '../api/resend-confirmation';
import { apiErrorText } from '../form-errors';
import { type EmailValues, emailSchema } from '../schemas';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';

export interface CheckEmailPanelProps {
  /** The address the confirmation went to; without it the user types it to resend. */
  email: string | null;
  /** Focus the heading on appearance (the panel replaced a form on the same page). */
  focusHeading?: boolean;
}

/**
 * 'Check your e-mail' (spec §2 /auth/confirm-email without a key, and after sign-up): where the
 * link went, how long it lasts, and a button that sends a new one (`GET /auth/resend`).
 */
export function CheckEmailPanel({ email, focusHeading = false }: CheckEmailPanelProps) {
  const { t } = useTranslation('auth');
  const resend = useResendConfirmation();
  const [resent, setResent] = useState(false);
  const form = useForm<EmailValues>({ resolver: zodResolver(emailSchema), defaultValues: { email: email ?? '' } });

  const onResend = form.handleSubmit(async (values) => {
    setResent(false);
    try {
      await resend.mutateAsync(values.email);
      setResent(true);
    } catch {
      // Shown from the mutation's error below.
    }
  });

  return (
    <AuthCard title={t('checkEmail.title')} focusHeading={focusHeading} data-testid="check-email">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <IconMailForward size={24} />
        </ThemeIcon>
        <Stack gap="xs">
          <Text>
            {email ? (
              <Trans t={t} i18nKey="checkEmail.text" values={{ email }} components={{ strong: <strong /> }} />
            ) : (
              t('checkEmail.textNoEmail')
            )}
          </Text>
          <Text size="sm" c="gray.7">
            {t('checkEmail.validity')}
          </Text>
        </Stack>
      </Group>
      {resent ? <FormAlert tone="success">{t('checkEmail.resent')}</FormAlert> : null}
      {resend.isError ? <FormAlert>{apiErrorText(resend.error)}</FormAlert> : null}
      <form onSubmit={onResend} noValidate>
        <Stack gap="sm">
          {email ? null : (
            <TextInput
              id="resend-email"
              label={t('checkEmail.resendEmail')}
              type="email"
              autoComplete="email"
              withAsterisk
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
          )}
          <Group gap="sm">
            <Button type="submit" variant="outline" loading={resend.isPending} data-testid="resend-confirmation">
              {t('checkEmail.resend')}
            </Button>
            <Button component={Link} to="/auth/signin" variant="subtle">
              {t('common.backToSignIn')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
