import type { Payment } from '@ghiseu/domain';
import { SoftBadge } from '../../../components/page/soft-badge';

/** Colours with text contrast of at least 4.5:1 on their light background. */
const COLORS: Record<Payment['status'], string> = { CREATED: 'orange.9', SUCCESSFUL: 'green.9', FAILED: 'red.9' };

/** A payment's status in words (the server's label). */
export function PaymentStatusBadge({ payment }: { payment: Pick<Payment, 'status' | 'status_label'> }) {
  return (
    <SoftBadge color={COLORS[payment.status] ?? 'gray.8'} data-status={payment.status}>
      {payment.status_label}
    </SoftBadge>
  );
}
