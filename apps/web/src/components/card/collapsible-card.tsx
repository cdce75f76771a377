import { Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

/** Duration of the expand / collapse animation (spec §9: card toggle 400 ms). */
export const CARD_TOGGLE_MS = 400;

/** Props of `CollapsibleCard`. */
export interface CollapsibleCardProps {
  /** Title, always visible; clicking it toggles the card. */
  title: ReactNode;
  /** Content shown when expanded. */
  children: ReactNode;
  /** Expanded state (controlled). */
  expanded?: boolean;
  /** Initial state when uncontrolled (default true). */
  defaultExpanded?: boolean;
  /** Called with the new state. */
  onExpandedChange?: (expanded: boolean) => void;
  /** Controls placed at the right of the header (they do not toggle the card). */
  actions?: ReactNode;
  /** Heading level of the title for the page outline (default 3). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * Card with a header button that expands and collapses its body (spec §4: collapsed or
 * expanded) in 400 ms. Follows the disclosure pattern: the button carries `aria-expanded` and
 * `aria-controls`, and sits inside a heading so the card appears in the page outline.
 */
export function CollapsibleCard({
  title,
  children,
  expanded,
  defaultExpanded = true,
  onExpandedChange,
  actions,
  headingLevel = 3,
}: CollapsibleCardProps) {
  const [isExpanded, setExpanded] = useUncontrolled({
    value: expanded,
    defaultValue: defaultExpanded,
    finalValue: true,
    onChange: onExpandedChange,
  });
  const bodyId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <Paper withBorder radius="md" data-state={isExpanded ? 'expanded' : 'collapsed'}>
      <Group justify="space-between" wrap="nowrap" px="md" py="sm">
        <Heading style={{ margin: 0, flex: 1 }}>
          <UnstyledButton
            aria-expanded={isExpanded}
            aria-controls={bodyId}
            onClick={() => setExpanded(!isExpanded)}
            w="100%"
            style={{ display: 'flex', alignItems: 'center', gap: 8 }}
          >
            <IconChevronDown
              size={18}
              aria-hidden
              style={{
                transform: isExpanded ? 'rotate(0deg)' : 'rotate(-90deg)',
                transition: `transform ${CARD_TOGGLE_MS}ms ease`,
              }}
            />
            <Text component="span" fw={700} size="md">
              {title}
            </Text>
          </UnstyledButton>
        </Heading>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      <Collapse
        expanded={isExpanded}
        transitionDuration={CARD_TOGGLE_MS}
        id={bodyId}
        role="region"
        aria-label={typeof title === 'string' ? title : undefined}
      >
        <div style={{ padding: '0 var(--mantine-spacing-md) var(--mantine-spacing-md)' }}>{children}</div>
      </Collapse>
    </Paper>
  );
}
