import type { AccountType } from '@ghiseu/domain';
import { zodResolver } from '../../../lib/validation';
import { Anchor, Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PhoneField } from '../../../components/inputs/phone-field';
import { type RegisterResult, useRegister } from '../api/register';
import { apiErrorText, applyServerFieldErrors, errorCode } from '../form-errors';
import {
  APPLICANT_TYPES_ORDER,
  needsCompany,
  PROFESSIONAL_KINDS,
  type SignUpValues,
  signUpDefaults,
  signUpSchema,
  toRegisterBody,
} from '../schemas';
import { FormAlert } from './form-alert';
import { NewPasswordFields } from './new-password-fields';

const FIELDS = [
  'user_type_name',
  'company_name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'terms_accepted',
] as const;

export interface SignUpFormProps {
  accountType: AccountType;
  /** Called with the created account; the page then tells the user to check the e-mail. */
  onRegistered: (result: RegisterResult) => void;
}

/**
 * The registration form of spec §2/§5 (personal or professional): account type, names,
 * e-mail, mobile phone, password with its live checklist and confirmation, terms. Server codes
 * land on their fields: an address already used or on a blocked domain on the e-mail, a password
 * the policy refuses on the password.
 */
/** The terms' link inside the acceptance label; it opens in a new tab, and says so to screen readers. */
function TermsLink({ children, newTab }: { children?: ReactNode; newTab: string }) {
  return (
    <Anchor href="/terms" target="_blank" rel="noopener" inherit underline="always" data-testid="signup-terms-link">
      {children}
      <VisuallyHidden> {newTab}</VisuallyHidden>
    </Anchor>
  );
}

export function SignUpForm({ accountType, onRegistered }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const registerMutation = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const form = useForm<SignUpValues, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: signUpDefaults(accountType),
    mode: 'onTouched',
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [userType, professionalKind] = useWatch({ control, name: ['user_type_name', 'professional_kind'] });
  const company = needsCompany({ account_type: accountType, user_type_name: userType });
  const professional = accountType === 'professional';

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setEmailTaken(false);
    try {
      onRegistered(await registerMutation.mutateAsync(toRegisterBody(values)));
    } catch (error) {
      const code = errorCode(error);
      if (code === 'REGISTRATION_EMAIL_ALREADY_EXISTS' || code === 'REGISTRATION_EMAIL_DOMAIN_BLOCKED') {
        setEmailTaken(code === 'REGISTRATION_EMAIL_ALREADY_EXISTS');
        form.setError('email', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
      } else if (code === 'REGISTRATION_INVALID_PASSWORD') {
        form.setError('password', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
      } else if (!applyServerFieldErrors(error, form.setError, FIELDS)) {
        setFormError(apiErrorText(error));
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={t('signUp.formLabel')} data-testid="signup-form">
        <Stack gap="md">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          {professional ? (
            <Controller
              control={control}
              name="professional_kind"
              render={({ field }) => (
                <Radio.Group label={t('signUp.professionalKind')} withAsterisk value={field.value} onChange={field.onChange}>
                  <Group gap="lg" mt={6}>
                    {PROFESSIONAL_KINDS.map((kind) => (
                      <Radio key={kind} value={kind} label={t(`signUp.professionalKinds.${kind}`)} data-testid={`kind-${kind}`} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
          ) : (
            <Controller
              control={control}
              name="user_type_name"
              render={({ field }) => (
                <Radio.Group label={t('signUp.userType')} withAsterisk value={field.value} onChange={field.onChange}>
                  <Group gap="lg" mt={6}>
                    {APPLICANT_TYPES_ORDER.map((type) => (
                      <Radio key={type} value={type} label={t(`signUp.userTypes.${type}`)} data-testid={`type-${type}`} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
          )}
          {company ? (
            <TextInput
              id="signup-company"
              label={professional && professionalKind === 'design_office' ? t('signUp.officeName') : t('signUp.companyName')}
              withAsterisk
              autoComplete="organization"
              maxLength={255}
              error={errors.company_name?.message}
              data-testid="signup-company"
              {...register('company_name')}
            />
          ) : null}
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                id="signup-last-name"
                label={t('signUp.lastName')}
                withAsterisk
                autoComplete="family-name"
                maxLength={255}
                error={errors.last_name?.message}
                data-testid="signup-last-name"
                {...register('last_name')}
              />
              <TextInput
                id="signup-first-name"
                label={t('signUp.firstName')}
                withAsterisk
                autoComplete="given-name"
                maxLength={255}
                error={errors.first_name?.message}
                data-testid="signup-first-name"
                {...register('first_name')}
              />
            </SimpleGrid>
            {company ? (
              <Text size="xs" c="gray.7">
                {t('signUp.representativeHint')}
              </Text>
            ) : null}
          </Stack>
          <TextInput
            id="signup-email"
            label={t('signUp.email')}
            description={t('signUp.emailHint')}
            type="email"
            withAsterisk
            autoComplete="email"
            maxLength={254}
            error={errors.email?.message}
            data-testid="signup-email"
            {...register('email')}
          />
          {emailTaken ? (
            <Text size="sm" mt={-8}>
              {t('signUp.emailTaken')}{' '}
              <Anchor component={Link} to="/auth/signin" underline="always">
                {t('common.signIn')}
              </Anchor>
              {' · '}
              <Anchor component={Link} to="/auth/forgot-password" underline="always">
                {t('signUp.forgotPassword')}
              </Anchor>
            </Text>
          ) : null}
          <PhoneField
            control={control}
            name="phone"
            id="signup-phone"
            label={t('signUp.phone')}
            description={t('signUp.phoneHint')}
            withAsterisk
            data-testid="signup-phone"
          />
          <NewPasswordFields idPrefix="signup" label={t('password.password')} />
          <Checkbox
            id="signup-terms"
            label={
              <Trans
                t={t}
                i18nKey="signUp.terms"
                // A new tab, so that what the user typed here stays.
                components={{ terms: <TermsLink newTab={t('signUp.termsNewTab')} /> }}
              />
            }
            error={errors.terms_accepted?.message}
            data-testid="signup-terms"
            {...register('terms_accepted')}
          />
          <Button type="submit" fullWidth loading={registerMutation.isPending} data-testid="signup-submit">
            {t('signUp.submit')}
          </Button>
          <Group gap="xs" justify="center">
            <Text size="sm">{t(`signUp.otherType.${accountType}`)}</Text>
            <Anchor component={Link} to={`/auth/signup/${professional ? 'personal' : 'professional'}`} size="sm">
              {t(`signUp.choice.${professional ? 'personal' : 'professional'}.action`)}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
