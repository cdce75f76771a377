import { type CurrentUser, hasAnyPermission, isSimpleStaff, type PermissionKey, type PermissionSet } from '@ghiseu/domain';

/**
 * What a member of staff can open today, for their home page. Only screens that exist are
 * listed (no tile leads to a placeholder); the staff work lists join when their module does.
 * Each entry is shown under the same rule as the route it opens.
 */
export interface StaffDestination {
  id:
    | 'institution'
    | 'institutions'
    | 'accounts'
    | 'responsibilities'
    | 'permissions'
    | 'applicationTypes'
    | 'forms'
    | 'documentSeries'
    | 'staffEnrollment'
    | 'profile';
  to: (user: CurrentUser) => string;
  /** Any one of them opens the route (empty: every signed-in user). */
  permissions: readonly PermissionKey[];
  when?: (user: CurrentUser) => boolean;
}

export const STAFF_DESTINATIONS: readonly StaffDestination[] = [
  {
    id: 'institution',
    to: (user) => `/institution?id=${user.organisation_id}&tab=institution-details`,
    permissions: ['organisationsOwn'],
    when: (user) => isSimpleStaff(user.user_type_name) && user.is_organisation_admin && user.organisation_id !== null,
  },
  { id: 'institutions', to: () => '/institutions', permissions: ['organisationsRead'] },
  { id: 'accounts', to: () => '/accounts', permissions: ['accountsRead'] },
  { id: 'responsibilities', to: () => '/responsibilities', permissions: ['responsibilityRead'] },
  { id: 'permissions', to: () => '/permissions', permissions: ['permissionsRead'] },
  { id: 'applicationTypes', to: () => '/application-type', permissions: ['applicationTypeRead'] },
  { id: 'forms', to: () => '/forms', permissions: ['formsRead'] },
  {
    id: 'documentSeries',
    // The super administrator starts on the series types; an organisation on its own series.
    to: (user) => (user.permissions.documentSeriesTypeRead ? '/document-series-type' : '/document-series-type?tab=series'),
    permissions: ['documentSeriesTypeRead', 'documentSeriesEdit'],
  },
  {
    id: 'staffEnrollment',
    to: () => '/staff-enrollment',
    permissions: [],
    when: (user) => isSimpleStaff(user.user_type_name),
  },
  { id: 'profile', to: () => '/profile', permissions: [] },
];

/** The destinations `user` may open, in order. */
export function staffDestinationsFor(user: CurrentUser): StaffDestination[] {
  return STAFF_DESTINATIONS.filter(
    (destination) =>
      (destination.permissions.length === 0 || hasAnyPermission(user.permissions as PermissionSet, destination.permissions)) &&
      (destination.when?.(user) ?? true),
  );
}
