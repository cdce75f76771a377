import { zodResolver } from '../../../lib/validation';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useChangePassword } from '../api/passwords';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { NewPasswordFields } from '../components/new-password-fields';
import { apiErrorText, applyServerFieldErrors, errorCode } from '../form-errors';
import { loginErrorMessage } from '../login-errors';
import { type ChangePasswordValues, changePasswordSchema } from '../schemas';

/** Codes about the e-mail and current password, answered like a login (spec §8). */
const CREDENTIAL_CODES = new Set([
  'AUTH_FAILED',
  'AUTH_INVALID',
  'AUTH_ACCOUNT_NOT_FOUND',
  'AUTH_FAILED_ACCOUNT_LOCKED',
  'AUTH_DISABLED',
]);

/**
 * /auth/change-password?email=… (spec §2, §4): the password expired at sign-in. The user gives
 * the current password and a new one (policy checklist, confirmation), then signs in again.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'routes']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const emailFromLink = params.get('email') ?? '';
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { email: emailFromLink, oldPassword: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      navigate('/auth/signin', { replace: true, state: { notice: 'passwordChanged' } });
    } catch (error) {
      const code = errorCode(error);
      if (CREDENTIAL_CODES.has(code)) {
        setFormError(loginErrorMessage(error));
        form.resetField('oldPassword');
        form.setFocus('oldPassword');
      } else if (code === 'RESET_PASSWORD_ALREADY_USED' || code === 'REGISTRATION_INVALID_PASSWORD') {
        form.setError('password', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
      } else if (!applyServerFieldErrors(error, form.setError, ['email', 'oldPassword', 'password', 'confirmPassword'])) {
        setFormError(apiErrorText(error));
      }
    }
  });

  return (
    <AuthCard title={t('routes:changePassword')} subtitle={t('auth:changePassword.subtitle')}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={t('auth:changePassword.formLabel')} data-testid="change-password-form">
          <Stack gap="md">
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <TextInput
              id="change-email"
              label={t('auth:changePassword.email')}
              type="email"
              autoComplete="username"
              withAsterisk
              readOnly={emailFromLink !== ''}
              variant={emailFromLink !== '' ? 'filled' : undefined}
              error={errors.email?.message}
              data-testid="change-email"
              {...form.register('email')}
            />
            <PasswordInput
              id="change-old-password"
              label={t('auth:password.old')}
              autoComplete="current-password"
              withAsterisk
              error={errors.oldPassword?.message}
              visibilityToggleButtonProps={{ 'aria-label': t('auth:common.togglePassword') }}
              data-testid="change-old-password"
              {...form.register('oldPassword')}
            />
            <NewPasswordFields idPrefix="change" />
            <Button type="submit" fullWidth loading={change.isPending} data-testid="change-submit">
              {t('auth:changePassword.submit')}
            </Button>
            <Anchor component={Link} to="/auth/signin" size="sm" ta="center">
              {t('auth:common.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      </FormProvider>
    </AuthCard>
  );
}
