import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button of a rich-text editor's toolbar (the document-template and notification-template
 * editors): an icon with its name as tooltip and accessible label, pressed state for a toggle,
 * and no focus stolen from the text (mouse down is cancelled, so the selection stays).
 */
export function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'brand' : 'gray.8'}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        size="lg"
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
