import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { googleSignIn } from '../api/google-sign-in';
import { AuthCard } from '../components/auth-card';
import { loginErrorMessage } from '../login-errors';
import { useContinueAfterLogin } from '../use-login-flow';

/**
 * /auth/google, the social sign-in callback (spec §2, §4): posts the query string the provider
 * sent back (`code=…&state=…`), then continues like the login flow: phone confirmed → home,
 * otherwise SMS verification. Any failure goes back to sign-in with a message.
 */
export function GoogleCallbackPage() {
  const { t } = useTranslation(['auth', 'routes']);
  const location = useLocation();
  const navigate = useNavigate();
  const continueAfterLogin = useContinueAfterLogin();
  // The provider's code works once: never post it twice.
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival from the provider.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = location.search.replace(/^\?/, '');
    const params = new URLSearchParams(query);
    const fail = (message: string) => navigate('/auth/signin', { replace: true, state: { error: message } });
    if (!params.get('code') || params.get('error')) {
      fail(t('auth:google.cancelled'));
      return;
    }
    googleSignIn(query)
      .then((response) => continueAfterLogin(response, ''))
      .then(
        (outcome) => {
          if (outcome.kind === 'error') fail(outcome.message);
        },
        (error: unknown) => fail(loginErrorMessage(error)),
      );
  }, []);

  return (
    <AuthCard title={t('routes:googleCallback')}>
      <PageLoader label={t('auth:google.inProgress')} minHeight={120} />
    </AuthCard>
  );
}
