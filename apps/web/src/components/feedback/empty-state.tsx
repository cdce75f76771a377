import { TEXT_COLORS } from '../colors';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Props of `EmptyState`. */
export interface EmptyStateProps {
  /** Main line (default 'Nu există înregistrări'). */
  title?: string;
  /** Optional second line, e.g. a hint to change the filters. */
  description?: ReactNode;
  /** Replaces the default inbox icon. */
  icon?: ReactNode;
  /** Optional call to action (a button). */
  action?: ReactNode;
}

/** Shown when a list or section has nothing to display. */
export function EmptyState({ title = 'Nu există înregistrări', description, icon, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="lg" data-testid="empty-state">
      <ThemeIcon variant="light" color="gray" size="xl" radius="xl" aria-hidden>
        {icon ?? <IconInbox />}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {description ? (
        <Text size="sm" c={TEXT_COLORS.muted} ta="center">
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
