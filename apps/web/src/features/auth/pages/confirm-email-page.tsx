import { Button, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useSession } from '../../../lib/session';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthCard } from '../components/auth-card';
import { CheckEmailPanel } from '../components/check-email-panel';
import { apiErrorText, errorCode } from '../form-errors';

/**
 * /auth/confirm-email (spec §2, §4). With the `confirmationKey` of the e-mailed link: confirms
 * the address, then continues with SMS verification (`/auth/verify-sms?token=…`) while the phone
 * is unconfirmed, or sends the user to sign in with a success message. Without a key: 'check your
 * e-mail', with a button that sends a new link.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const key = params.get('confirmationKey');
  const { pendingLogin, user } = useSession();
  if (!key) return <CheckEmailPanel email={pendingLogin?.email || user?.email || null} />;
  return <ConfirmWithKey confirmationKey={key} />;
}

function ConfirmWithKey({ confirmationKey }: { confirmationKey: string }) {
  const { t } = useTranslation(['auth', 'routes']);
  const navigate = useNavigate();
  const { pendingLogin, setPendingLogin } = useSession();
  const confirm = useConfirmEmail();
  // A key works once: never send it twice (strict-mode double effects, re-renders).
  const sent = useRef<string | null>(null);

  const run = () =>
    confirm.mutate(confirmationKey, {
      onSuccess: ({ isPhoneConfirmed, data }) => {
        if (!isPhoneConfirmed && data.verificationToken) {
          if (pendingLogin)
            setPendingLogin({ ...pendingLogin, isEmailConfirmed: true, verificationToken: data.verificationToken });
          // The phone given at sign-up prefills the SMS step.
          navigate(`/auth/verify-sms?token=${encodeURIComponent(data.verificationToken)}`, {
            replace: true,
            state: { phone: data.phone ?? null },
          });
        } else {
          setPendingLogin(null);
          navigate('/auth/signin', { replace: true, state: { notice: 'emailConfirmed' } });
        }
      },
      onError: (error) => {
        if (errorCode(error) === 'INVALID_TOKEN') {
          navigate('/auth/invalid-link', { replace: true, state: { reason: 'activation' } });
        }
      },
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per key.
  useEffect(() => {
    if (sent.current === confirmationKey) return;
    sent.current = confirmationKey;
    run();
  }, [confirmationKey]);

  if (confirm.isError && errorCode(confirm.error) !== 'INVALID_TOKEN') {
    return (
      <AuthCard title={t('routes:confirmEmail')}>
        <ErrorState title={t('auth:checkEmail.confirmFailed')} message={apiErrorText(confirm.error)} onRetry={run} />
        <Group justify="center">
          <Button component={Link} to="/auth/signin" variant="subtle">
            {t('auth:common.backToSignIn')}
          </Button>
        </Group>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('routes:confirmEmail')}>
      <PageLoader label={t('auth:checkEmail.confirming')} minHeight={120} />
    </AuthCard>
  );
}
