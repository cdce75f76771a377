import type { StaffApplication } from '@ghiseu/domain';
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { SoftBadge } from '../../../components/page/soft-badge';
import { CommentComposer, CommentList } from '../../../components/record/comment-thread';
import { HistoryTimeline } from '../../../components/record/history-timeline';
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
      <CommentList
        comments={application.comments}
        emptyTitle={t('comments.empty')}
        testId="staff-comments"
        headerGap="xs"
        itemAttributes={(c) => ({ 'data-internal': c.is_internal })}
        author={(c) => (
          <Group gap="xs">
            <Text fw={600} size="sm">
              {c.author_name}
            </Text>
            {c.is_internal ? <SoftBadge color="navy.7">{t('comments.internal')}</SoftBadge> : null}
            {c.is_clarification ? <SoftBadge color="orange.9">{t('comments.clarification')}</SoftBadge> : null}
          </Group>
        )}
      />
      {application.abilities.canComment ? (
        <CommentComposer
          label={t('comments.label')}
          value={text}
          onChange={setText}
          error={error}
          addLabel={t('comments.add')}
          onAdd={() => void onAdd()}
          loading={comment.isPending}
          textTestId="staff-comment-text"
          addTestId="staff-comment-add"
        >
          <Checkbox
            label={t('comments.internalLabel')}
            checked={internal}
            onChange={(event) => setInternal(event.currentTarget.checked)}
          />
        </CommentComposer>
      ) : null}
    </Stack>
  );
}

/** The history tab: the audit trail in words (existing history endpoint), oldest first. */
export function HistoryTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  const history = useStaffApplicationHistory(application.id);
  return (
    <HistoryTimeline
      history={history}
      errorText={errorText}
      texts={{
        loadError: t('history.loadError'),
        empty: t('history.empty'),
        system: t('history.system'),
        repeated: (label, count) => t('history.repeated', { label, count }),
      }}
    />
  );
}
