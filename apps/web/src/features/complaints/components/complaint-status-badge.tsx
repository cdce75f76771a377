import { COMPLAINT_STATUS_LABELS } from '@ghiseu/domain';
import { SoftBadge } from '../../../components/page/soft-badge';
import type { ComplaintStatus } from '../api/types';

/** Colours with text contrast of at least 4.5:1 on their light background. */
const COLORS: Record<ComplaintStatus, string> = {
  NEW: 'blue.8',
  PENDING: 'orange.9',
  RESOLVED: 'green.9',
  REJECTED: 'red.9',
  DISMISSED: 'gray.8',
};

/** The status of a complaint in words (spec §4: NEW, PENDING, RESOLVED, REJECTED, DISMISSED). */
export function ComplaintStatusBadge({ status, testId }: { status: ComplaintStatus; testId?: string }) {
  return (
    <SoftBadge color={COLORS[status] ?? 'gray.8'} data-testid={testId} data-status={status}>
      {COMPLAINT_STATUS_LABELS[status] ?? status}
    </SoftBadge>
  );
}
