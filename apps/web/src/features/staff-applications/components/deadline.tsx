import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/page/soft-badge';
import { formatDate } from '../../../lib/format';

export interface DeadlineFacts {
  response_due_date: string | null;
  remaining_response_days: number | null;
  clock_paused: boolean;
  overdue: boolean;
}

/** "Depășit" (overdue) and "Termen oprit" (paused during clarifications) as badges. */
export function DeadlineBadges({ facts }: { facts: DeadlineFacts }) {
  const { t } = useTranslation('staff-applications');
  return (
    <>
      {facts.overdue ? (
        <SoftBadge color="red.9" data-testid="deadline-overdue">
          {t('deadline.overdue')}
        </SoftBadge>
      ) : null}
      {facts.clock_paused ? (
        <SoftBadge color="orange.9" data-testid="deadline-paused">
          {t('deadline.paused')}
        </SoftBadge>
      ) : null}
    </>
  );
}

/** The remaining working days in words (frozen while the clock is paused). */
export function RemainingDays({ facts }: { facts: DeadlineFacts }) {
  const { t } = useTranslation('staff-applications');
  const remaining = facts.remaining_response_days;
  if (remaining === null) return null;
  const text =
    remaining < 0
      ? t('deadline.late', { count: -remaining })
      : remaining === 0
        ? t('deadline.today')
        : t('deadline.remaining', { count: remaining });
  return (
    <Text size="sm" c={remaining < 0 ? 'red.9' : 'gray.7'} data-testid="deadline-remaining">
      {text}
    </Text>
  );
}

/**
 * The deadline cell of a work list: the due date, the remaining working days and the badges. An
 * application not yet registered has no deadline: its clock starts at registration.
 */
export function DeadlineCell({ facts }: { facts: DeadlineFacts }) {
  const { t } = useTranslation('staff-applications');
  if (!facts.response_due_date) return <Text size="sm">{t('deadline.none')}</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" data-testid="deadline-date">
        {formatDate(facts.response_due_date)}
      </Text>
      <RemainingDays facts={facts} />
      {facts.overdue || facts.clock_paused ? (
        <Group gap={4}>
          <DeadlineBadges facts={facts} />
        </Group>
      ) : null}
    </Stack>
  );
}
