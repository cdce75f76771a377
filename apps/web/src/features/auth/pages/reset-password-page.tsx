import { zodResolver } from '../../../lib/validation';
import { Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/passwords';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { NewPasswordFields } from '../components/new-password-fields';
import { apiErrorText, applyServerFieldErrors, errorCode } from '../form-errors';
import { type NewPasswordValues, newPasswordSchema } from '../schemas';

type Mode = 'reset' | 'set';

/**
 * /auth/reset-password and /auth/set-password (spec §2): a new password with the
 * `confirmationKey` of the e-mailed link (the route guard requires the key). An expired or used
 * link goes to the invalid-link page; a password equal to the old one is refused on the field.
 */
function PasswordLinkPage({ mode }: { mode: Mode }) {
  const { t } = useTranslation(['auth', 'routes']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const confirmationKey = params.get('confirmationKey') ?? '';
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ confirmationKey, ...values });
      navigate('/auth/signin', { replace: true, state: { notice: mode === 'reset' ? 'passwordReset' : 'passwordSet' } });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'AUTH_INVALID_CONFIRMATION_VALIDATIONS') {
        navigate('/auth/invalid-link', { replace: true, state: { reason: mode === 'reset' ? 'password' : 'invitation' } });
      } else if (code === 'RESET_PASSWORD_ALREADY_USED' || code === 'REGISTRATION_INVALID_PASSWORD') {
        form.setError('password', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
      } else if (!applyServerFieldErrors(error, form.setError, ['password', 'confirmPassword'])) {
        setFormError(apiErrorText(error));
      }
    }
  });

  return (
    <AuthCard
      title={t(mode === 'reset' ? 'routes:resetPassword' : 'routes:setPassword')}
      subtitle={t(mode === 'reset' ? 'auth:resetPassword.subtitle' : 'auth:resetPassword.setSubtitle')}
    >
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={t('auth:resetPassword.formLabel')} data-testid="reset-password-form">
          <Stack gap="md">
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <NewPasswordFields idPrefix={`${mode}-password`} />
            <Button type="submit" fullWidth loading={reset.isPending} data-testid="reset-submit">
              {t('auth:resetPassword.submit')}
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

export function ResetPasswordPage() {
  return <PasswordLinkPage mode="reset" />;
}

export function SetPasswordPage() {
  return <PasswordLinkPage mode="set" />;
}
