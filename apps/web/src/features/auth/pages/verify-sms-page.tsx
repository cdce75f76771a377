import type { VerificationResponse } from '@ghiseu/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../components/feedback/toast';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { SmsVerification } from '../components/sms-verification';
import { apiErrorText } from '../form-errors';

/**
 * /auth/verify-sms?token=… (spec §2, §4): confirms the mobile phone with an SMS code. The token
 * comes from the link of the e-mail confirmation or from a sign-in waiting for verification. When
 * the phone is confirmed the session token is stored like the login flow does and the user goes
 * home.
 */
export function VerifySmsPage() {
  const { t } = useTranslation(['auth', 'routes']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const token = params.get('token') || session.pendingLogin?.verificationToken || null;
  // The phone given at sign-up, handed over by the e-mail confirmation or the sign-in.
  const state: unknown = useLocation().state;
  const phone = state && typeof state === 'object' && 'phone' in state && typeof state.phone === 'string' ? state.phone : '';

  if (!token) return <Navigate to="/auth/invalid-link" replace state={{ reason: 'verification' }} />;

  const onVerified = async ({ isEmailConfirmed, data }: VerificationResponse) => {
    if (data.authToken) {
      try {
        await session.signIn(data.authToken);
        navigate('/home', { replace: true });
      } catch (error) {
        showToast('error', apiErrorText(error));
        navigate('/auth/signin', { replace: true, state: { notice: 'phoneConfirmed' } });
      }
      return;
    }
    if (!isEmailConfirmed) {
      session.setPendingLogin({
        email: session.pendingLogin?.email ?? '',
        verificationToken: data.verificationToken,
        isEmailConfirmed: false,
        isPhoneConfirmed: true,
      });
      navigate('/auth/confirm-email', { replace: true });
      return;
    }
    navigate('/auth/signin', { replace: true, state: { notice: 'phoneConfirmed' } });
  };

  return (
    <AuthCard title={t('routes:verifySms')} subtitle={t('auth:verifySms.subtitle')}>
      <SmsVerification
        token={token}
        initialPhone={phone}
        onVerified={(response) => void onVerified(response)}
        onInvalidToken={() => navigate('/auth/invalid-link', { replace: true, state: { reason: 'verification' } })}
      />
    </AuthCard>
  );
}
