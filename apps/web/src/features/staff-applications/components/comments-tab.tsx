import type { StaffApplication } from '@ghiseu/domain';
import { Button, Checkbox, Group, Paper, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { SoftBadge } from '../../../components/page/soft-badge';
import { formatDateTime } from '../../../lib/format';
import { useStaffApplicationHistory, useStaffComment } from '../api/staff-applications';
import { errorText } from '../errors';

/**
 * The comments tab as staff see it: every comment, internal notes marked (the applicant never
 * sees those), clarification answers marked; a new comment is an internal note unless unticked.
 */
export function CommentsTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  const comment = useStaffComment(application.id);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const onAdd = async () => {
    if (!text.trim()) {
      setError(t('comments.required'));
      return;
    }
    setError(null);
    try {
      await comment.mutateAsync({ text: text.trim(), is_internal: internal });
      setText('');
      showToast('success', t(internal ? 'comments.addedInternal' : 'comments.added'));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Stack gap="md">
      {application.comments.length === 0 ? (
        <EmptyState title={t('comments.empty')} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="staff-comments">
          {application.comments.map((c) => (
            <Paper component="li" key={c.id} withBorder p="sm" radius="md" data-internal={c.is_internal}>
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {c.author_name}
                  </Text>
                  {c.is_internal ? <SoftBadge color="navy.7">{t('comments.internal')}</SoftBadge> : null}
                  {c.is_clarification ? <SoftBadge color="orange.9">{t('comments.clarification')}</SoftBadge> : null}
                </Group>
                <Text size="sm" c="gray.7">
                  {formatDateTime(c.created_at)}
                </Text>
              </Group>
              <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {c.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {application.abilities.canComment ? (
        <Stack gap="sm">
          <Textarea
            label={t('comments.label')}
            autosize
            minRows={3}
            maxLength={4000}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            data-testid="staff-comment-text"
          />
          <Checkbox
            label={t('comments.internalLabel')}
            checked={internal}
            onChange={(event) => setInternal(event.currentTarget.checked)}
          />
          <Button w="fit-content" onClick={() => void onAdd()} loading={comment.isPending} data-testid="staff-comment-add">
            {t('comments.add')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The history tab: the audit trail in words (existing history endpoint), oldest first. */
export function HistoryTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  const history = useStaffApplicationHistory(application.id);
  let body: ReactNode;
  if (history.isPending) body = <PageLoader minHeight={120} />;
  else if (history.isError)
    body = (
      <ErrorState title={t('history.loadError')} message={errorText(history.error)} onRetry={() => void history.refetch()} />
    );
  else if (history.data.length === 0) body = <EmptyState title={t('history.empty')} />;
  else
    body = (
      <Timeline active={history.data.length - 1} bulletSize={16} lineWidth={2} data-testid="application-history">
        {history.data.map((entry) => (
          <Timeline.Item
            key={entry.id}
            title={entry.count > 1 ? t('history.repeated', { label: entry.label, count: entry.count }) : entry.label}
          >
            {entry.detail ? <Text size="sm">{entry.detail}</Text> : null}
            <Text size="sm" c="gray.7">
              {formatDateTime(entry.at)}
              {entry.actor_name ? ` · ${entry.actor_name}` : ` · ${t('history.system')}`}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    );
  return body;
}
