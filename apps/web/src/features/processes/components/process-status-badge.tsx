import { PROCESS_STATUS_LABELS, type ProcessStatus } from '@ghiseu/domain';
import { SoftBadge } from '../../../components/page/soft-badge';

/** Colours with text contrast of at least 4.5:1 on their light background. */
const COLORS: Record<ProcessStatus, string> = {
  draft: 'orange.9',
  not_published: 'red.9',
  published: 'green.9',
  processing: 'blue.9',
};

/** A process's state in words (spec §4: draft, not published (error), published, processing). */
export function ProcessStatusBadge({ status, testId }: { status: ProcessStatus; testId?: string }) {
  return (
    <SoftBadge color={COLORS[status]} data-testid={testId} data-status={status}>
      {PROCESS_STATUS_LABELS[status]}
    </SoftBadge>
  );
}
