import { isSimpleStaff } from '@ghiseu/domain';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { useUserRecord } from '../api/get-user-record';
import { AccountCard } from '../components/account-card';
import { ProfileForm } from '../components/profile-form';
import { StaffCard } from '../components/staff-card';
import { apiErrorText } from '../form-errors';
import { PROFILE_FORM_FIELDS, profileLayout } from '../profile-form-model';
import { SigningProfileSection } from '../../signing';

/** Fields of `missing_fields` that live in the account card rather than in the form. */
const ACCOUNT_FIELD_IDS: Record<string, string> = { first_name: 'profile-first-name', last_name: 'profile-last-name' };

function fieldElementId(field: string): string | null {
  if (ACCOUNT_FIELD_IDS[field]) return ACCOUNT_FIELD_IDS[field];
  return (PROFILE_FORM_FIELDS as readonly string[]).includes(field) ? `profile-${field.replaceAll('_', '-')}` : null;
}

/** Focuses a field named in the 'incomplete profile' list (the select fields focus their button). */
function focusField(id: string) {
  const element = document.getElementById(id);
  const target = element?.matches('input, button, textarea') ? element : element?.querySelector<HTMLElement>('input, button');
  target?.focus();
  target?.scrollIntoView({ block: 'center' });
}

/**
 * /profile (spec §2, §3): the account card (photo, names, e-mail, phone), what the profile still
 * lacks according to the server, the profile form, the service data of staff and, for the
 * administrator of a professional account, the way to its sub-accounts; the electronic signature
 * (can the user sign, the signing PIN).
 */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'routes']);
  const { user } = useSession();
  const { can } = usePermissions();
  const profileQuery = useProfile();
  // Only the professional account's own administrator manages sub-accounts (the server's rule;
  // the record says whether this account is one).
  const mayHaveSubAccounts = can('legalEntityAccounts') && user?.account_type === 'professional';
  const recordQuery = useUserRecord(user?.user_id ?? null, mayHaveSubAccounts);
  const record = recordQuery.data;
  const managesSubAccounts = mayHaveSubAccounts && record?.parent_user_id === null && record.secondary_role === 'administrator';

  const heading = (
    <div>
      <Title order={1}>{t('routes:profile')}</Title>
      <Text c="gray.7" mt={4}>
        {t('profile:subtitle')}
      </Text>
    </div>
  );

  if (profileQuery.isPending) {
    return (
      <Stack gap="lg">
        {heading}
        <PageLoader />
      </Stack>
    );
  }
  if (profileQuery.isError) {
    return (
      <Stack gap="lg">
        {heading}
        <ErrorState
          title={t('profile:loadError')}
          message={apiErrorText(profileQuery.error)}
          onRetry={() => void profileQuery.refetch()}
        />
      </Stack>
    );
  }

  const profile = profileQuery.data;
  const layout = profileLayout(profile);
  const missing = profile.missing_fields;

  return (
    <Stack gap="lg" maw={1200} data-testid="profile-page">
      {heading}
      {missing.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('profile:incomplete.title')}
          data-testid="profile-missing"
          styles={{ title: { color: 'var(--mantine-color-dark-9)' }, message: { color: 'var(--mantine-color-dark-9)' } }}
        >
          <Text size="sm">{t('profile:incomplete.text')}</Text>
          <List size="sm" mt={4}>
            {missing.map((field) => {
              const id = fieldElementId(field);
              const label = t(`profile:fields.${field}`, { defaultValue: field });
              return (
                <List.Item key={field} data-field={field}>
                  {id ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => focusField(id)}>
                      {label}
                    </Anchor>
                  ) : (
                    label
                  )}
                </List.Item>
              );
            })}
          </List>
        </Alert>
      ) : profile.profile_needs_update ? (
        <Alert color="navy" variant="light" data-testid="profile-needs-update">
          {t('profile:incomplete.needsUpdate')}
        </Alert>
      ) : null}
      <AccountCard profile={profile} record={record} />
      {managesSubAccounts ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-sub-accounts">
          <Group justify="space-between" align="center" gap="md">
            <div>
              <Title order={2} size="h4" id="profile-sub-accounts">
                {t('profile:subAccounts.title')}
              </Title>
              <Text size="sm" c="gray.7" mt={4}>
                {t('profile:subAccounts.text')}
              </Text>
            </div>
            <Button
              component={Link}
              to="/sub-accounts"
              variant="outline"
              leftSection={<IconUsers size={16} aria-hidden />}
              data-testid="profile-sub-accounts-link"
            >
              {t('profile:subAccounts.link')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      <ProfileForm key={profile.user_id} profile={profile} />
      {layout.staff ? <StaffCard profile={profile} /> : null}
      {/* Whether the user can sign, and the signing PIN (features/signing). */}
      <SigningProfileSection staff={user !== null && isSimpleStaff(user.user_type_name)} />
    </Stack>
  );
}
