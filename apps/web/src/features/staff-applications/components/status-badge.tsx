import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '@ghiseu/domain';
import { SoftBadge } from '../../../components/page/soft-badge';

/** Colours with at least 4.5:1 text contrast, the same families as the citizen's list. */
const COLORS: Partial<Record<ApplicationStatus, string>> = {
  DRAFT: 'gray.9',
  NEW: 'blue.8',
  REGISTERED: 'blue.8',
  PENDING: 'orange.9',
  REVIEW: 'orange.9',
  APPROVED: 'teal.9',
  RESOLVED: 'green.9',
  SIGNED: 'green.9',
  SEALED: 'green.9',
  CLOSED: 'gray.9',
  REJECTED: 'red.9',
  REJECTED_IN_PROGRESS: 'red.9',
  ERROR: 'red.9',
};

/** The status of an application with its Romanian label (spec §4). */
export function StaffStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <SoftBadge color={COLORS[status] ?? 'navy.7'} data-testid="application-status" data-status={status}>
      {APPLICATION_STATUS_LABELS[status] ?? status}
    </SoftBadge>
  );
}
