import { useQuery } from '@tanstack/react-query';
import { staffCountersQueryOptions } from '../../features/staff-applications/api/counters';
import { usePermissions } from '../../lib/permissions';
import type { MenuCounterKey } from './menu';

/**
 * Values the shell shows but modules compute: the menu counters (assigned applications,
 * applications to review, internal documents, internal documents to review) and the unread
 * notifications dot. The applications counters come from `GET /staff-applications/counters`
 * for whoever reads the staff lists, asked again every 30 s, when the window regains focus and
 * after every staff action ("live", spec §2); nobody else calls it. The internal-document
 * counters wait for their module.
 */
export function useMenuCounters(): Partial<Record<MenuCounterKey, number>> {
  const { can } = usePermissions();
  const counters = useQuery({ ...staffCountersQueryOptions, enabled: can('applicationsStaffOwnRead') });
  if (!counters.data) return {};
  return { assignedApplications: counters.data.assigned, applicationsToReview: counters.data.to_review };
}

export function useHasUnreadNotifications(): boolean {
  return false;
}
