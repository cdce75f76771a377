import { zodResolver } from '../../../lib/validation';
import { Button, Collapse, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useResendConfirmation } from '../api/resend-confirmation';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { apiErrorText } from '../form-errors';
import { type EmailValues, emailSchema } from '../schemas';

/** Why the user landed here; pages that detect a bad link say which kind it was. */
export type InvalidLinkReason = 'activation' | 'password' | 'invitation' | 'verification';

const REASONS: readonly InvalidLinkReason[] = ['activation', 'password', 'invitation', 'verification'];

function readReason(state: unknown): InvalidLinkReason | null {
  const reason = (state as { reason?: unknown } | null)?.reason;
  return REASONS.includes(reason as InvalidLinkReason) ? (reason as InvalidLinkReason) : null;
}

/**
 * /auth/invalid-link (spec §2): the activation link is invalid, expired or already used. Offers
 * sign-in and a new link: a new confirmation e-mail, or a new reset link for password links.
 */
export function InvalidLinkPage() {
  const { t } = useTranslation(['auth', 'routes']);
  const location = useLocation();
  const reason = readReason(location.state);
  const [requesting, setRequesting] = useState(false);
  const [sent, setSent] = useState(false);
  const resend = useResendConfirmation();
  const form = useForm<EmailValues>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });

  const onResend = form.handleSubmit(async ({ email }) => {
    setSent(false);
    try {
      await resend.mutateAsync(email);
      setSent(true);
    } catch {
      // Shown from the mutation's error below.
    }
  });

  const newLink =
    reason === 'password' ? (
      <Button component={Link} to="/auth/forgot-password" variant="outline" data-testid="invalid-link-request">
        {t('auth:invalidLink.forgotPassword')}
      </Button>
    ) : reason === 'invitation' || reason === 'verification' ? null : (
      <Button
        variant="outline"
        onClick={() => setRequesting((open) => !open)}
        aria-expanded={requesting}
        aria-controls="invalid-link-resend"
        data-testid="invalid-link-request"
      >
        {t('auth:invalidLink.requestNew')}
      </Button>
    );

  return (
    <AuthCard title={t('routes:invalidLink')} data-testid="invalid-link">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" color="red" aria-hidden>
          <IconLinkOff size={24} />
        </ThemeIcon>
        <Stack gap="xs">
          <Text>{reason ? t(`auth:invalidLink.texts.${reason}`) : t('auth:invalidLink.text')}</Text>
          <Text size="sm" c="gray.7">
            {reason === 'invitation' ? t('auth:invalidLink.invitationHint') : t('auth:invalidLink.hint')}
          </Text>
        </Stack>
      </Group>
      <Group gap="sm">
        <Button component={Link} to="/auth/signin" data-testid="invalid-link-signin">
          {t('auth:invalidLink.signIn')}
        </Button>
        {newLink}
      </Group>
      <Collapse expanded={requesting} id="invalid-link-resend">
        <form onSubmit={onResend} noValidate>
          <Stack gap="sm">
            {sent ? <FormAlert tone="success">{t('auth:checkEmail.resent')}</FormAlert> : null}
            {resend.isError ? <FormAlert>{apiErrorText(resend.error)}</FormAlert> : null}
            <TextInput
              id="invalid-link-email"
              label={t('auth:invalidLink.resendLabel')}
              type="email"
              autoComplete="email"
              withAsterisk
              error={form.formState.errors.email?.message}
              data-testid="invalid-link-email"
              {...form.register('email')}
            />
            <Button type="submit" w="fit-content" loading={resend.isPending} data-testid="invalid-link-resend-submit">
              {t('auth:invalidLink.resendSubmit')}
            </Button>
          </Stack>
        </form>
      </Collapse>
    </AuthCard>
  );
}
