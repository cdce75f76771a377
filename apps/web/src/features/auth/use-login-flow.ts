import type { CurrentUser, LoginRequest, LoginResponse } from '@ghiseu/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/feedback/confirm-dialog';
import { ApiError } from '../../lib/api-client';
import { isSignInPopup } from '../../lib/embedding';
import { useSession } from '../../lib/session';
import { useLogin } from './api/login';
import { loginErrorMessage, PASSWORD_EXPIRED_CODE } from './login-errors';

export type LoginOutcome =
  | { kind: 'signed-in'; user: CurrentUser }
  | { kind: 'verification' }
  | { kind: 'password-expired' }
  | { kind: 'error'; message: string };

/**
 * What follows a successful credential check (login, Google or Facebook, spec §4): e-mail not
 * confirmed → e-mail verification (keeping the verification token); phone not confirmed → SMS
 * verification; otherwise store the token, load the profile and go to /home (or close the
 * pop-up window and send its opener home; in the session modal, stay on the page).
 */
export function useContinueAfterLogin({ inModal = false }: { inModal?: boolean } = {}) {
  const navigate = useNavigate();
  const session = useSession();
  return useCallback(
    async (response: LoginResponse, email: string): Promise<LoginOutcome> => {
      const { isEmailConfirmed, isPhoneConfirmed, data } = response;
      if (!isEmailConfirmed || !isPhoneConfirmed) {
        session.setPendingLogin({ email, verificationToken: data.verificationToken, isEmailConfirmed, isPhoneConfirmed });
        if (!isEmailConfirmed) navigate('/auth/confirm-email');
        else
          navigate(`/auth/verify-sms?token=${encodeURIComponent(data.verificationToken ?? '')}`, {
            state: { phone: data.phone ?? null },
          });
        return { kind: 'verification' };
      }
      if (!data.authToken) return { kind: 'error', message: loginErrorMessage(null) };
      const user = await session.signIn(data.authToken);
      if (!inModal) {
        if (isSignInPopup() && window.opener) {
          (window.opener as Window).location.assign('/home');
          window.close();
        } else {
          navigate('/home', { replace: true });
        }
      }
      return { kind: 'signed-in', user };
    },
    [inModal, navigate, session],
  );
}

/**
 * The login flow of spec §4, shared by the sign-in page and the session-expired modal:
 * e-mail not confirmed → e-mail verification (keeping the verification token); phone not
 * confirmed → SMS verification; otherwise store the token, load the profile and (on the page)
 * go to /home, or close the pop-up window and send its opener home. An expired password asks for
 * confirmation and opens change-password with the e-mail.
 */
export function useLoginFlow({ inModal = false }: { inModal?: boolean } = {}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  const loginMutation = useLogin();

  const continueAfterLogin = useContinueAfterLogin({ inModal });

  const submit = useCallback(
    async (credentials: LoginRequest): Promise<LoginOutcome> => {
      try {
        const response = await loginMutation.mutateAsync(credentials);
        return await continueAfterLogin(response, credentials.email);
      } catch (error) {
        if (error instanceof ApiError && error.code === PASSWORD_EXPIRED_CODE) {
          const confirmed = await confirmDialog({
            title: t('passwordExpired.title'),
            message: t('passwordExpired.message'),
            confirmLabel: t('passwordExpired.confirm'),
            cancelLabel: t('passwordExpired.cancel'),
          });
          if (confirmed) {
            if (inModal) await session.signOut();
            navigate(`/auth/change-password?email=${encodeURIComponent(credentials.email)}`);
          }
          return { kind: 'password-expired' };
        }
        return { kind: 'error', message: loginErrorMessage(error) };
      }
    },
    [continueAfterLogin, inModal, loginMutation, navigate, session, t],
  );

  return { submit, isPending: loginMutation.isPending };
}
