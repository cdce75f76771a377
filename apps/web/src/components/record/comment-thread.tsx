import { Button, Group, type MantineSpacing, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../feedback/empty-state';

/** What a comment thread shows of each comment (the applicant's and the staff view alike). */
export interface ThreadComment {
  id: number;
  author_name: string;
  created_at: string;
  text: string;
}

/**
 * The comments of an application, oldest first: author (with whatever marks the view adds), date
 * and text; the empty state when there are none.
 */
export function CommentList<C extends ThreadComment>({
  comments,
  emptyTitle,
  testId,
  headerGap,
  author,
  itemAttributes,
}: {
  comments: readonly C[];
  emptyTitle: string;
  testId?: string;
  /** The gap between author and date (Mantine's default when left out). */
  headerGap?: MantineSpacing;
  /** The author part of a comment's header: the name and any marks. */
  author: (comment: C) => ReactNode;
  /** Extra attributes of a comment's item (e.g. `data-internal`). */
  itemAttributes?: (comment: C) => Record<`data-${string}`, unknown>;
}) {
  if (comments.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {comments.map((comment) => (
        <Paper component="li" key={comment.id} withBorder p="sm" radius="md" {...itemAttributes?.(comment)}>
          <Group justify="space-between" gap={headerGap}>
            {author(comment)}
            <Text size="sm" c="gray.7">
              {formatDateTime(comment.created_at)}
            </Text>
          </Group>
          <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {comment.text}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The add-comment box: the text (at most 4000 characters, its error under it), any extra
 * controls (e.g. the internal-note checkbox) and the add button.
 */
export function CommentComposer({
  label,
  value,
  onChange,
  error,
  addLabel,
  onAdd,
  loading,
  textTestId,
  addTestId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  addLabel: string;
  onAdd: () => void;
  loading: boolean;
  textTestId?: string;
  addTestId?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Textarea
        label={label}
        autosize
        minRows={3}
        maxLength={4000}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        data-testid={textTestId}
      />
      {children}
      <Button w="fit-content" onClick={onAdd} loading={loading} data-testid={addTestId}>
        {addLabel}
      </Button>
    </Stack>
  );
}
