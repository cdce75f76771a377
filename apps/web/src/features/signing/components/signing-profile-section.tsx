import { Button, Group, List, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorState } from '../../../components/feedback/error-state';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Fact } from '../../../components/record/fact';
import { useSigningPin, useSigningProfile } from '../api/signing';
import { signingErrorText } from '../outcomes';
import { SIGNING_CODE_PATTERN } from './signing-dialog';

/** Problems fixed by an enrollment (staff), not by the profile form. */
const ENROLLMENT_PROBLEMS = new Set(['INVALID_CERTSIGN_ENROLLMENT', 'ENROLLMENT_NEED_TO_REENROLL']);

/**
 * The profile's "Semnătură electronică" section (spec §6 "Staff need enrollment and a valid profile
 * to sign; otherwise an alert sends them to the profile"): whether the user can sign now, the
 * enrollment (staff), what is wrong with the profile for signing, where the confirmation code
 * goes, and the signing PIN (set or changed with the account password, or removed: signings are
 * then confirmed by SMS again).
 */
export function SigningProfileSection({ staff }: { staff: boolean }) {
  const { t } = useTranslation('signing');
  const profile = useSigningProfile();
  const { set, remove } = useSigningPin();
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; pin?: string; repeat?: string; form?: string }>({});

  const heading = (
    <Title order={2} size="h4" id="profile-signing">
      {t('profile.title')}
    </Title>
  );
  if (profile.isPending)
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-signing" aria-busy>
        {heading}
        <Text size="sm" mt="sm">
          {t('profile.loading')}
        </Text>
      </Paper>
    );
  if (profile.isError)
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-signing">
        {heading}
        <ErrorState
          title={t('profile.loadError')}
          message={signingErrorText(profile.error)}
          onRetry={() => void profile.refetch()}
        />
      </Paper>
    );
  const data = profile.data;
  const needsEnrollment = staff && data.problems.some((problem) => ENROLLMENT_PROBLEMS.has(problem.code));

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = t('profile.required');
    if (!SIGNING_CODE_PATTERN.test(pin)) next.pin = t('dialog.codeFormat');
    else if (repeat !== pin) next.repeat = t('profile.pinMismatch');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await set.mutateAsync({ password, pin });
      showToast('success', t('profile.pinSaved'));
      setEditing(false);
      setPassword('');
      setPin('');
      setRepeat('');
    } catch (error) {
      setErrors({ form: signingErrorText(error) });
    }
  };

  const onRemove = async () => {
    const yes = await confirmDialog({
      title: t('profile.removeTitle'),
      message: t('profile.removeQuestion'),
      confirmLabel: t('profile.removeYes'),
      cancelLabel: t('dialog.cancel'),
      destructive: true,
    });
    if (!yes) return;
    try {
      await remove.mutateAsync();
      showToast('success', t('profile.pinRemoved'));
    } catch (error) {
      showToast('error', signingErrorText(error));
    }
  };

  const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-signing"
      data-testid="profile-signing"
    >
      <Stack gap="md">
        {heading}
        <Notice tone={data.can_sign ? 'success' : 'warning'} data-testid="profile-signing-state">
          {data.can_sign ? t('profile.canSign') : t('profile.cannotSign')}
        </Notice>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" m={0}>
          {staff ? (
            <Fact label={t('profile.enrollment')} testId="profile-signing-enrolled">
              {data.enrolled ? t('profile.enrolled') : t('profile.notEnrolled')}
            </Fact>
          ) : null}
          <Fact label={t('profile.profileValid')} testId="profile-signing-valid">
            {data.profile_valid ? t('profile.valid') : t('profile.invalid')}
          </Fact>
          <Fact label={t('profile.confirmation')} testId="profile-signing-confirmation">
            {data.has_pin
              ? t('profile.byPin')
              : data.phone_masked
                ? t('profile.bySms', { phone: data.phone_masked })
                : t('profile.noPhone')}
          </Fact>
        </SimpleGrid>
        {data.problems.length > 0 ? (
          <div>
            <Text size="sm" fw={600}>
              {t('profile.problems')}
            </Text>
            <List size="sm" data-testid="profile-signing-problems">
              {data.problems.map((problem) => (
                <List.Item key={problem.code}>{problem.message}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
        <Group gap="xs">
          {needsEnrollment ? (
            <Button component={Link} to="/staff-enrollment" variant="outline" data-testid="profile-signing-enroll">
              {t('enrollment.toEnrollment')}
            </Button>
          ) : null}
          {!editing ? (
            <Button
              variant="light"
              leftSection={<IconKey size={16} aria-hidden />}
              onClick={() => setEditing(true)}
              data-testid="profile-pin-edit"
            >
              {data.has_pin ? t('profile.changePin') : t('profile.setPin')}
            </Button>
          ) : null}
          {data.has_pin ? (
            <Button
              variant="subtle"
              color="red.9"
              loading={remove.isPending}
              onClick={() => void onRemove()}
              data-testid="profile-pin-remove"
            >
              {t('profile.removePin')}
            </Button>
          ) : null}
        </Group>
        {editing ? (
          <form onSubmit={(event) => void onSave(event)} noValidate data-testid="profile-pin-form">
            <Stack gap="sm" maw={420}>
              <Text size="sm">{t('profile.pinHint')}</Text>
              <PasswordInput
                label={t('profile.pin')}
                value={pin}
                onChange={(event) => setPin(digits(event.currentTarget.value))}
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                required
                error={errors.pin}
              />
              <PasswordInput
                label={t('profile.pinRepeat')}
                value={repeat}
                onChange={(event) => setRepeat(digits(event.currentTarget.value))}
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                required
                error={errors.repeat}
              />
              <PasswordInput
                label={t('profile.password')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                autoComplete="current-password"
                required
                error={errors.password}
              />
              {errors.form ? (
                <Notice tone="error" data-testid="profile-pin-error">
                  {errors.form}
                </Notice>
              ) : null}
              <Group gap="xs">
                <Button type="submit" loading={set.isPending} data-testid="profile-pin-save">
                  {t('profile.savePin')}
                </Button>
                <Button variant="default" onClick={() => setEditing(false)}>
                  {t('dialog.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
