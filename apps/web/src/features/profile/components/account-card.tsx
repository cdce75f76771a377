import { type Profile, USER_TYPE_LABELS, type UserRecord, zPersonName } from '@ghiseu/domain';
import { zodResolver } from '../../../lib/validation';
import { Avatar, Badge, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhone, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../components/feedback/toast';
import { useSession } from '../../../lib/session';
import { usePatchCurrentUser } from '../api/patch-user';
import { uploadPhoto, usePhotoUrl } from '../api/photo';
import { apiErrorText, applyServerFieldErrors } from '../form-errors';
import { PhoneChangeModal } from './phone-change-modal';

const PHOTO_TYPES = ['image/png', 'image/jpeg'];
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const nameSchema = z.object({ last_name: zPersonName, first_name: zPersonName });
type NameValues = z.input<typeof nameSchema>;

/** One line of the account details: a term and its value. */
function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="gray.7" component="dt">
        {term}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

export interface AccountCardProps {
  profile: Profile;
  /** The account record (secondary role of a professional account), when known. */
  record?: UserRecord;
}

/**
 * 'Contul meu': photo and names (`PATCH /users`, merge patch), e-mail, mobile phone with its
 * change through a new SMS confirmation, and the type of the account.
 */
export function AccountCard({ profile, record }: AccountCardProps) {
  const { t } = useTranslation('profile');
  const { user, refreshUser } = useSession();
  const patch = usePatchCurrentUser();
  const [phoneOpened, setPhoneOpened] = useState(false);
  const [uploading, setUploading] = useState(false);
  const photoUrl = usePhotoUrl(user?.photo ?? null);
  const form = useForm<NameValues>({
    resolver: zodResolver(nameSchema),
    defaultValues: { last_name: profile.last_name ?? '', first_name: profile.first_name ?? '' },
    mode: 'onTouched',
  });
  const initials = [profile.first_name, profile.last_name].map((part) => part?.trim()[0] ?? '').join('') || profile.email[0];

  const onSaveName = form.handleSubmit(async (values) => {
    try {
      await patch.mutateAsync(values);
      await refreshUser().catch(() => null);
      form.reset(values);
      showToast('success', t('account.nameSaved'));
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['first_name', 'last_name']) === 0)
        showToast('error', apiErrorText(error));
    }
  });

  const onPhoto = async (file: File | null) => {
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) return showToast('error', t('account.photoTypeError'));
    if (file.size > PHOTO_MAX_BYTES) return showToast('error', t('account.photoSizeError'));
    setUploading(true);
    try {
      const id = await uploadPhoto(file);
      await patch.mutateAsync({ photo_file_id: id });
      await refreshUser().catch(() => null);
      showToast('success', t('account.photoSaved'));
    } catch (error) {
      showToast('error', apiErrorText(error));
    } finally {
      setUploading(false);
    }
  };

  const onRemovePhoto = async () => {
    try {
      await patch.mutateAsync({ photo_file_id: null });
      await refreshUser().catch(() => null);
      showToast('success', t('account.photoRemoved'));
    } catch (error) {
      showToast('error', apiErrorText(error));
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-account"
      data-testid="account-card"
    >
      <Stack gap="lg">
        <Title order={2} size="h4" id="profile-account">
          {t('account.title')}
        </Title>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="xs" align="center" w={160}>
            <Avatar src={photoUrl} size={96} radius={96} color="navy" alt={t('account.photo')}>
              {initials.toUpperCase()}
            </Avatar>
            {user?.photo ? null : (
              <Text size="xs" c="gray.7" ta="center">
                {t('account.noPhoto')}
              </Text>
            )}
            <FileButton onChange={(file) => void onPhoto(file)} accept={PHOTO_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="outline"
                  leftSection={<IconPhoto size={14} aria-hidden />}
                  loading={uploading}
                >
                  {t('account.changePhoto')}
                </Button>
              )}
            </FileButton>
            {user?.photo ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                c="red.9"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={onRemovePhoto}
              >
                {t('account.removePhoto')}
              </Button>
            ) : null}
            <Text size="xs" c="gray.7" ta="center">
              {t('account.photoHint')}
            </Text>
          </Stack>
          <Stack gap="md" style={{ flex: 1, minWidth: 260 }}>
            <form onSubmit={onSaveName} noValidate aria-labelledby="profile-name-title">
              <Stack gap="sm">
                <Text fw={600} id="profile-name-title">
                  {t('account.nameTitle')}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    id="profile-last-name"
                    label={t('fields.last_name')}
                    required
                    autoComplete="family-name"
                    maxLength={255}
                    error={form.formState.errors.last_name?.message}
                    data-testid="profile-last-name"
                    {...form.register('last_name')}
                  />
                  <TextInput
                    id="profile-first-name"
                    label={t('fields.first_name')}
                    required
                    autoComplete="given-name"
                    maxLength={255}
                    error={form.formState.errors.first_name?.message}
                    data-testid="profile-first-name"
                    {...form.register('first_name')}
                  />
                </SimpleGrid>
                <Button
                  type="submit"
                  variant="outline"
                  w="fit-content"
                  disabled={!form.formState.isDirty}
                  loading={patch.isPending && !uploading}
                  data-testid="profile-save-name"
                >
                  {t('account.saveName')}
                </Button>
              </Stack>
            </form>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
              <Detail term={t('account.email')}>{profile.email}</Detail>
              <div>
                <Text size="sm" c="gray.7" component="dt">
                  {t('account.phone')}
                </Text>
                <Group component="dd" m={0} gap="xs" wrap="wrap">
                  <Text fw={500} data-testid="profile-phone">
                    {profile.phone ?? t('account.noPhone')}
                  </Text>
                  {profile.phone ? (
                    <Badge variant="filled" color={profile.is_phone_confirmed ? 'teal.9' : 'red.9'}>
                      {profile.is_phone_confirmed ? t('account.phoneConfirmed') : t('account.phoneNotConfirmed')}
                    </Badge>
                  ) : null}
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconPhone size={14} aria-hidden />}
                    onClick={() => setPhoneOpened(true)}
                    data-testid="profile-change-phone"
                  >
                    {t('account.changePhone')}
                  </Button>
                </Group>
              </div>
              <Detail term={t('account.userType')}>
                {`${USER_TYPE_LABELS[profile.user_type_name]} · ${t(`account.accountTypes.${profile.account_type}`)}`}
              </Detail>
              {record?.secondary_role && profile.account_type === 'professional' ? (
                <Detail term={t('account.role')}>{t(`account.roles.${record.secondary_role}`)}</Detail>
              ) : null}
            </SimpleGrid>
          </Stack>
        </Group>
      </Stack>
      <PhoneChangeModal opened={phoneOpened} currentPhone={profile.phone} onClose={() => setPhoneOpened(false)} />
    </Paper>
  );
}
