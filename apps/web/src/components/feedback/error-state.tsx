import { TEXT_COLORS } from '../colors';
import { DEFAULT_ERROR_MESSAGE } from '@ghiseu/domain';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

/** Props of `ErrorState`. */
export interface ErrorStateProps {
  /** Title line (default 'Datele nu au putut fi încărcate'). */
  title?: string;
  /** Explanation (default: the portal's generic error message). */
  message?: string;
  /** When given, a 'Reîncercați' button calls it. */
  onRetry?: () => void;
  /** Label of the retry button (default 'Reîncercați'). */
  retryLabel?: string;
}

/** Shown in place of content that failed to load; announced to screen readers as an alert. */
export function ErrorState({
  title = 'Datele nu au putut fi încărcate',
  message = DEFAULT_ERROR_MESSAGE,
  onRetry,
  retryLabel = 'Reîncercați',
}: ErrorStateProps) {
  return (
    <Stack align="center" gap="xs" py="lg" role="alert">
      <ThemeIcon variant="light" color="red.8" size="xl" radius="xl" aria-hidden>
        <IconAlertTriangle />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c={TEXT_COLORS.muted} ta="center">
        {message}
      </Text>
      {onRetry ? (
        <Button variant="outline" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </Stack>
  );
}
