import { zodResolver } from '../../../lib/validation';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecoverPassword } from '../api/passwords';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { apiErrorText, applyServerFieldErrors } from '../form-errors';
import { type EmailValues, emailSchema } from '../schemas';

/**
 * /auth/forgot-password (spec §2): asks for a reset link. The answer is always the same neutral
 * confirmation, so the page never tells whether an address has an account.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'routes']);
  const recover = useRecoverPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EmailValues>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' }, mode: 'onTouched' });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await recover.mutateAsync(email);
      setSentTo(email);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['email'])) setFormError(apiErrorText(error));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title={t('auth:forgotPassword.doneTitle')} focusHeading data-testid="forgot-password-done">
        <Text>
          <Trans t={t} i18nKey="auth:forgotPassword.done" values={{ email: sentTo }} components={{ strong: <strong /> }} />
        </Text>
        <Text size="sm" c="gray.7">
          {t('auth:forgotPassword.doneValidity')}
        </Text>
        <Button component={Link} to="/auth/signin" variant="outline" w="fit-content">
          {t('auth:common.backToSignIn')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('routes:forgotPassword')} subtitle={t('auth:forgotPassword.subtitle')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('auth:forgotPassword.formLabel')} data-testid="forgot-password-form">
        <Stack gap="md">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <TextInput
            id="forgot-email"
            label={t('auth:forgotPassword.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            error={form.formState.errors.email?.message}
            data-testid="forgot-email"
            {...form.register('email')}
          />
          <Button type="submit" fullWidth loading={recover.isPending} data-testid="forgot-submit">
            {t('auth:forgotPassword.submit')}
          </Button>
          <Anchor component={Link} to="/auth/signin" size="sm" ta="center">
            {t('auth:common.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
