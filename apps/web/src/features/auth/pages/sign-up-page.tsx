import type { AccountType } from '@ghiseu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterResult } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { CheckEmailPanel } from '../components/check-email-panel';
import { SignUpForm } from '../components/sign-up-form';

/** /auth/signup/personal and /auth/signup/professional: the form, then 'check your e-mail'. */
function SignUpPage({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation(['auth', 'routes']);
  const [registered, setRegistered] = useState<RegisterResult | null>(null);
  if (registered) return <CheckEmailPanel email={registered.email} focusHeading />;
  return (
    <AuthCard
      title={t(accountType === 'professional' ? 'routes:signUpProfessional' : 'routes:signUpPersonal')}
      subtitle={t(accountType === 'professional' ? 'auth:signUp.professionalSubtitle' : 'auth:signUp.personalSubtitle')}
      maw={620}
    >
      <SignUpForm accountType={accountType} onRegistered={setRegistered} />
    </AuthCard>
  );
}

export function SignUpPersonalPage() {
  return <SignUpPage accountType="personal" />;
}

export function SignUpProfessionalPage() {
  return <SignUpPage accountType="professional" />;
}
