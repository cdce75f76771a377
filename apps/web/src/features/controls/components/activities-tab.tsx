import { CONTROL_ACTIVITY_LABELS, CONTROL_LIMITS } from '@ghiseu/domain';
import { Button, Group, Paper, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { formatDateTime } from '../../../lib/format';
import { useControlActivities } from '../api/controls';
import { controlErrorText } from '../errors';

/** "Activități": every change of the control, newest first, 50 a page. */
export function ActivitiesTab({ controlId }: { controlId: number }) {
  const { t } = useTranslation('controls');
  const [page, setPage] = useState(1);
  const query = useControlActivities(controlId, page);

  if (query.isPending) return <PageLoader label={t('activities.loading')} minHeight={120} />;
  if (query.isError)
    return (
      <ErrorState
        title={t('activities.loadError')}
        message={controlErrorText(query.error)}
        onRetry={() => void query.refetch()}
        retryLabel={t('actions.retry')}
      />
    );
  const rows = query.data.data;
  const total = query.data.pagination?.total;
  const hasMore =
    total !== undefined ? page * CONTROL_LIMITS.activitiesPage < total : rows.length === CONTROL_LIMITS.activitiesPage;
  if (rows.length === 0 && page === 1) return <EmptyState title={t('activities.empty')} />;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Timeline bulletSize={16} lineWidth={2} data-testid="control-activities" aria-label={t('activities.label')}>
        {rows.map((entry) => (
          <Timeline.Item key={entry.id} title={CONTROL_ACTIVITY_LABELS[entry.action] ?? entry.action}>
            {entry.details ? <Text size="sm">{entry.details}</Text> : null}
            <Text size="sm" c="gray.7">
              {formatDateTime(entry.created_at)} · {entry.actor?.name ?? t('activities.system')}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {page > 1 || hasMore ? (
        <Group justify="space-between" mt="md">
          <Button variant="default" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            {t('activities.newer')}
          </Button>
          <Button variant="default" disabled={!hasMore} onClick={() => setPage((p) => p + 1)}>
            {t('activities.older')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
