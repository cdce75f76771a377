import { isSimpleStaff } from '@ghiseu/domain';
import { Menu, Text } from '@mantine/core';
import { IconArrowBackUp, IconId } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../../lib/session';
import { SoftBadge } from '../../../../components/page/soft-badge';

/**
 * Entries the administration feature adds to the user panel (spec §2): the organisation a
 * delegated super administrator works in, with the way back, and the staff enrollment page.
 */
export function AdministrationUserMenuItems() {
  // The shell renders this outside any Suspense boundary: wait for the texts without suspending.
  const { t, ready } = useTranslation('administration', { useSuspense: false });
  const { user, organisation, signIn } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!user || !ready) return null;
  // Loaded on click: the shell's first chunk stays free of the administration contracts.
  const returnHome = async () => {
    const { returnToOwnOrganisation } = await import('./return-to-own-organisation');
    await returnToOwnOrganisation({ signIn, queryClient, navigate });
  };
  const delegated = user.delegated_from_organisation_id !== null;
  const enrolls = isSimpleStaff(user.user_type_name);
  if (!delegated && !enrolls) return null;
  return (
    <>
      {delegated ? (
        <>
          <Menu.Label data-testid="user-menu-delegated-organisation">
            <Text size="xs" c="gray.8">
              {t('delegation.workingIn')}
            </Text>
            <Text size="sm" fw={600} c="dark.9">
              {organisation?.name ?? t('delegation.unknownOrganisation')}
            </Text>
          </Menu.Label>
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => void returnHome()}
            data-testid="user-menu-delegation-return"
          >
            {t('delegation.return')}
          </Menu.Item>
        </>
      ) : null}
      {enrolls ? (
        <Menu.Item
          component={Link}
          to="/staff-enrollment"
          leftSection={<IconId size={16} aria-hidden />}
          rightSection={
            user.enrolled ? null : (
              <SoftBadge size="xs" color="orange.9">
                {t('enrollment.notEnrolledShort')}
              </SoftBadge>
            )
          }
          data-testid="user-menu-enrollment"
        >
          {t('enrollment.menuLabel')}
        </Menu.Item>
      ) : null}
      <Menu.Divider />
    </>
  );
}

/** A small mark next to the user's name while a super administrator works in another organisation. */
export function DelegationMark() {
  const { t, ready } = useTranslation('administration', { useSuspense: false });
  const { user, organisation } = useSession();
  if (!user || !ready || user.delegated_from_organisation_id === null) return null;
  return (
    <SoftBadge color="orange.9" size="sm" maw={200} visibleFrom="sm" data-testid="delegation-mark">
      {t('delegation.mark', { name: organisation?.name ?? '' })}
    </SoftBadge>
  );
}
