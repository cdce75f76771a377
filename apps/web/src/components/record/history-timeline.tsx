import type { ApplicationHistoryEntry } from '@ghiseu/domain';
import { Text, Timeline } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../feedback/empty-state';
import { ErrorState } from '../feedback/error-state';
import { PageLoader } from '../feedback/page-loader';

/**
 * The history of an application in words, oldest first (the history endpoint), with its loading,
 * error and empty states; repeated entries collapse to one with a count.
 */
export function HistoryTimeline({
  history,
  errorText,
  texts,
}: {
  history: UseQueryResult<ApplicationHistoryEntry[]>;
  errorText: (error: unknown) => string;
  texts: { loadError: string; empty: string; system: string; repeated: (label: string, count: number) => string };
}): ReactNode {
  if (history.isPending) return <PageLoader minHeight={120} />;
  if (history.isError)
    return <ErrorState title={texts.loadError} message={errorText(history.error)} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0) return <EmptyState title={texts.empty} />;
  return (
    <Timeline active={history.data.length - 1} bulletSize={16} lineWidth={2} data-testid="application-history">
      {history.data.map((entry) => (
        <Timeline.Item key={entry.id} title={entry.count > 1 ? texts.repeated(entry.label, entry.count) : entry.label}>
          {entry.detail ? <Text size="sm">{entry.detail}</Text> : null}
          <Text size="sm" c="gray.7">
            {formatDateTime(entry.at)}
            {entry.actor_name ? ` · ${entry.actor_name}` : ` · ${texts.system}`}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
