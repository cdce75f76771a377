import { useTranslation } from 'react-i18next';
import { SoftBadge } from './soft-badge';

/** Colours with text contrast of at least 4.5:1 on their light background. */
const COLORS: Record<string, string> = {
  active: 'green.9',
  inactive: 'gray.8',
  pending: 'orange.9',
  approved: 'green.9',
  rejected: 'red.9',
  draft: 'orange.9',
  published: 'green.9',
};

/** A record's status in words (account, organisation, form, application type…). */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <SoftBadge color={COLORS[status] ?? 'gray.8'} data-testid={testId} data-status={status}>
      {t(`statuses.${status}`, { defaultValue: status })}
    </SoftBadge>
  );
}
