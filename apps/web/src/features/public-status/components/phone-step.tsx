import type { PublicCodeSent } from '@ghiseu/domain';
import { Button, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../../components/inputs/phone-field';
import { useRequestPublicCode } from '../api/request-code';
import { describePublicError } from '../errors';
import { lazyZodResolver } from '../../../lib/lazy-validation';
import type { PhoneValues } from '../schemas';
import { StepMessage } from './message';
import { StepHeading } from './step-heading';

export interface PhoneStepProps {
  applicationId: number;
  /** The phone typed before, when the visitor comes back to change it. */
  initialPhone?: string;
  /** A message carried from elsewhere (the access expired). */
  notice?: string;
  focusHeading: boolean;
  onSent: (phone: string, sent: PublicCodeSent) => void;
}

/** Step 1: the phone of the applicant or of a beneficiary; a code goes to it by SMS. */
export function PhoneStep({ applicationId, initialPhone = '', notice, focusHeading, onSent }: PhoneStepProps) {
  const { t } = useTranslation('public-status');
  const request = useRequestPublicCode();
  const [formError, setFormError] = useState<string | null>(null);
  // The checks (and zod) load when the visitor starts typing, not with the page (its first screen).
  const validation = useMemo(() => lazyZodResolver<PhoneValues>(() => import('../schemas').then((m) => m.phoneSchema)), []);
  const form = useForm<PhoneValues>({ resolver: validation.resolver, defaultValues: { phone: initialPhone } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    // The schema's output is the national form (07xxxxxxxx).
    const { phoneSchema } = await import('../schemas');
    const phone = phoneSchema.parse(values).phone;
    try {
      onSent(phone, await request.mutateAsync({ applicationId, phone }));
    } catch (error) {
      const view = describePublicError(error, t);
      if (view.target === 'phone') form.setError('phone', { type: 'server', message: view.message }, { shouldFocus: true });
      else setFormError(view.message);
    }
  });

  return (
    <section aria-labelledby="public-status-phone">
      <Stack gap="md">
        <StepHeading step={1} id="public-status-phone" title={t('phone.heading')} focus={focusHeading} />
        <Text>{t('phone.text')}</Text>
        {notice && !formError ? <StepMessage tone="info">{notice}</StepMessage> : null}
        {formError ? <StepMessage>{formError}</StepMessage> : null}
        <form
          onSubmit={onSubmit}
          onFocus={validation.preload}
          noValidate
          aria-label={t('phone.formLabel')}
          data-testid="public-phone-form"
        >
          <Stack gap="md">
            <PhoneField
              control={form.control}
              name="phone"
              id="public-status-phone-input"
              label={t('phone.label')}
              description={t('phone.hint')}
              withAsterisk
              errorProps={{ role: 'alert' }}
              data-testid="public-phone"
            />
            <Button type="submit" loading={request.isPending} data-testid="public-send-code" style={{ alignSelf: 'flex-start' }}>
              {t('phone.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </section>
  );
}
