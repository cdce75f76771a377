import { BULK_SIGN_MAX, type StaffWorkList } from '@ghiseu/domain';

/**
 * The six staff work lists of spec §2 and the switches each one sends to `GET /staff-applications`
 * besides the shared filters: a `view` (which statuses) or the `assigned` / `to_review` flags.
 */
export interface WorkListDefinition {
  id: StaffWorkList;
  path: string;
  /** Key of the page title in the `routes` namespace (the route's own title). */
  titleKey: string;
  /** Fixed query parameters of the list. */
  switches: Readonly<Record<string, string>>;
  /** The list's first sort. */
  initialSortKey: string;
}

export const WORK_LISTS: Readonly<Record<StaffWorkList, WorkListDefinition>> = {
  inbox: {
    id: 'inbox',
    path: '/applications-inbox',
    titleKey: 'applicationsInbox',
    switches: { view: 'inbox' },
    initialSortKey: '-application_date',
  },
  assigned: {
    id: 'assigned',
    path: '/applications-assigned',
    titleKey: 'applicationsAssigned',
    switches: { assigned: 'true' },
    // Work to do first: the nearest deadline on top.
    initialSortKey: 'response_due_date',
  },
  review: {
    id: 'review',
    path: '/applications-review',
    titleKey: 'applicationsReview',
    switches: { to_review: 'true' },
    initialSortKey: 'response_due_date',
  },
  new: {
    id: 'new',
    path: '/new-applications',
    titleKey: 'newApplications',
    switches: { view: 'new' },
    initialSortKey: '-application_date',
  },
  'in-work': {
    id: 'in-work',
    path: '/applications-in-work',
    titleKey: 'applicationsInWork',
    switches: { view: 'in-work' },
    initialSortKey: 'response_due_date',
  },
  completed: {
    id: 'completed',
    path: '/applications-completed',
    titleKey: 'applicationsCompleted',
    switches: { view: 'completed' },
    initialSortKey: '-application_date',
  },
};

/** The list call's parameters: the list's switches first, then filters, sort and page. */
export function workListParams(list: WorkListDefinition, searchParams: string): string {
  const params = new URLSearchParams(list.switches);
  for (const [key, value] of new URLSearchParams(searchParams)) params.append(key, value);
  return params.toString();
}

/**
 * How many applications one bulk "Alocați" may take at once (spec §5: a select-all with a check
 * limit shows an error above it). The spec does not give the number: ten keeps one clerk's
 * batch reviewable and the sequential calls short.
 */
export const BULK_ASSIGN_LIMIT = 10;

/**
 * How many applications one "Semnați în lot" may take (the signing contract's maximum), when
 * the list has no application to assign (otherwise the smaller assignment limit holds).
 */
export const BULK_SIGN_LIMIT = BULK_SIGN_MAX;
