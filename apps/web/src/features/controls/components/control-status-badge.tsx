import type { ControlStatus } from '@ghiseu/domain';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/page/soft-badge';

/** Colours with text contrast of at least 4.5:1 on their light background. */
const COLORS: Record<ControlStatus, string> = {
  draft: 'orange.9',
  registered: 'navy.7',
  resolved: 'green.9',
  closed: 'gray.8',
  generated: 'violet.9',
  error: 'red.9',
};

/** A control's status in words (spec §4): Ciornă, Înregistrat, Soluționat, Închis (clasat), Raport generat, Eroare. */
export function ControlStatusBadge({ status }: { status: ControlStatus }) {
  const { t } = useTranslation('controls');
  return (
    <SoftBadge color={COLORS[status] ?? 'gray.8'} data-testid="control-status" data-status={status}>
      {t(`statuses.${status}`)}
    </SoftBadge>
  );
}
