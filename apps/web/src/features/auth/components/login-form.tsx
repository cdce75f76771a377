import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../../components/feedback/toast';
import { handleApiError } from '../../../lib/api-client';
import { isEmbedded } from '../../../lib/embedding';
import { lazyZodResolver } from '../../../lib/lazy-validation';
import type { CurrentUser } from '@ghiseu/domain';
import { useAuthProviders } from '../api/get-auth-providers';
import { getGoogleUrl } from '../api/get-google-url';
import type { LoginValues } from '../login-schema';
import { useLoginFlow } from '../use-login-flow';

export interface LoginFormProps {
  /** Inside the session-expired modal: no registration, no forgot-password link, stay on the page. */
  inModal?: boolean;
  /** Called after a successful sign-in (the modal closes itself). */
  onSignedIn?: (user: CurrentUser) => void;
  /** Focus the e-mail field when the form appears. */
  autoFocus?: boolean;
  /** The address to start with (the session-expired modal knows who was signed in); the password then has the focus. */
  defaultEmail?: string;
}

/** Login form of spec §2/§4: e-mail and password with the validation texts of spec §5. */
export function LoginForm({ inModal = false, onSignedIn, autoFocus = false, defaultEmail = '' }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { submit, isPending } = useLoginFlow({ inModal });
  const [formError, setFormError] = useState<string | null>(null);
  const providers = useAuthProviders();
  // Hidden when embedded in a host app (spec §2) and for providers the server has not configured.
  const showGoogle = useMemo(() => !isEmbedded(), []) && providers.google;
  const idPrefix = inModal ? 'session-login' : 'signin';

  // The checks (and zod) load when the form is first focused or checked, not with the page.
  const validation = useMemo(
    () => lazyZodResolver<LoginValues>(() => import('../login-schema').then((m) => m.loginSchema(t))),
    [t],
  );

  const form = useForm<LoginValues>({
    resolver: validation.resolver,
    defaultValues: { email: defaultEmail, password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const outcome = await submit(values);
    if (outcome.kind === 'error') {
      setFormError(outcome.message);
      showToast('error', outcome.message);
      form.resetField('password');
    } else if (outcome.kind === 'signed-in') {
      onSignedIn?.(outcome.user);
    }
  });

  const onGoogle = () => {
    getGoogleUrl().then((url) => window.location.assign(url), handleApiError);
  };

  return (
    <form
      onSubmit={onSubmit}
      onFocus={validation.preload}
      noValidate
      aria-label={t('signIn.formLabel')}
      data-testid={`${idPrefix}-form`}
    >
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="login-error">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          id={`${idPrefix}-email`}
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          withAsterisk
          data-autofocus={(autoFocus && !defaultEmail) || undefined}
          autoFocus={autoFocus && !inModal && !defaultEmail}
          error={errors.email?.message}
          data-testid="login-email"
          {...form.register('email')}
        />
        <PasswordInput
          id={`${idPrefix}-password`}
          label={t('signIn.password')}
          autoComplete="current-password"
          withAsterisk
          error={errors.password?.message}
          visibilityToggleButtonProps={{ 'aria-label': t('signIn.togglePassword') }}
          data-autofocus={(autoFocus && defaultEmail !== '') || undefined}
          data-testid="login-password"
          {...form.register('password')}
        />
        {!inModal ? (
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/forgot-password" size="sm" data-testid="forgot-password-link">
              {t('signIn.forgotPassword')}
            </Anchor>
          </Group>
        ) : null}
        <Button type="submit" fullWidth loading={isPending} data-testid="login-submit">
          {t('signIn.submit')}
        </Button>
        {showGoogle ? (
          <>
            <Divider label={t('signIn.or')} labelPosition="center" styles={{ label: { color: 'var(--mantine-color-gray-7)' } }} />
            <Button
              variant="default"
              fullWidth
              leftSection={<IconBrandGoogle size={18} aria-hidden />}
              onClick={onGoogle}
              data-testid="login-google"
            >
              {t('signIn.google')}
            </Button>
          </>
        ) : null}
        {!inModal ? (
          <Stack gap={4} align="center" mt="sm">
            <span>{t('signIn.noAccount')}</span>
            <Button component={Link} to="/auth/signup" variant="outline" fullWidth data-testid="create-account">
              {t('signIn.createAccount')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
}
