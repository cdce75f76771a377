import { isSimpleStaff } from '@ghiseu/domain';
import { Badge, Menu, Text } from '@mantine/core';
import { IconArrowBackUp, IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../../lib/session';
import { useOrganisationSwitch } from './use-organisation-switch';

/**
 * Entries the administration feature adds to the user panel (spec §2): the organisation a
 * delegated super administrator works in, with the way back, and the staff enrolment page.
 */
export function AdministrationUserMenuItems() {
  // The shell renders this outside any Suspense boundary: wait for the texts without suspending.
  const { t, ready } = useTranslation('administration', { useSuspense: false });
  const { user, organisation } = useSession();
  const { returnHome } = useOrganisationSwitch();
  if (!user || !ready) return null;
  const delegated = user.delegated_from_organisation_id !== null;
  const enrols = isSimpleStaff(user.user_type_name);
  if (!delegated && !enrols) return null;
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
      {enrols ? (
        <Menu.Item
          component={Link}
          to="/staff-enrollment"
          leftSection={<IconId size={16} aria-hidden />}
          rightSection={
            user.enrolled ? null : (
              <Badge size="xs" variant="light" color="orange.9">
                {t('enrollment.notEnrolledShort')}
              </Badge>
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
    <Badge variant="light" color="orange.9" size="sm" maw={200} visibleFrom="sm" data-testid="delegation-mark">
      {t('delegation.mark', { name: organisation?.name ?? '' })}
    </Badge>
  );
}
