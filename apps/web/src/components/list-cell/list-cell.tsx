import { LIMITS } from '@ghiseu/domain';
import { Group, Popover, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { countWithNoun } from '../romanian';
import { type ListCellItem, splitListCell } from './list-cell-logic';

/** Props of `ListCell`. */
export interface ListCellProps {
  /** Beneficiaries or plain strings (localities…). */
  items: readonly ListCellItem[];
  /** How many entries are shown before '+N' (default 2, spec §9). */
  visible?: number;
  /** What the entries are, plural, for screen readers: 'beneficiari', 'localități' (default 'înregistrări'). */
  noun?: string;
  /** Singular of `noun`: 'beneficiar', 'localitate' (default 'înregistrare'). */
  nounOne?: string;
}

/**
 * Table cell listing the first entries and a '+N' control that reveals the rest in a popover
 * on hover and on keyboard focus (spec §2). The control is a real button, so it is reachable
 * with Tab and also opens on click or Enter for touch and keyboard users.
 */
export function ListCell({
  items,
  visible = LIMITS.listCellVisibleEntries,
  noun = 'înregistrări',
  nounOne = 'înregistrare',
}: ListCellProps) {
  const { shown, hidden } = splitListCell(items, visible);
  const [opened, { open, close, toggle }] = useDisclosure(false);
  const listId = useId();

  if (shown.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Text size="sm" lineClamp={1} title={shown.join(', ')}>
        {shown.join(', ')}
      </Text>
      {hidden.length > 0 ? (
        <Popover opened={opened} onChange={(next) => (next ? open() : close())} position="bottom" withArrow shadow="md">
          <Popover.Target>
            <UnstyledButton
              onMouseEnter={open}
              onMouseLeave={close}
              onFocus={open}
              onBlur={close}
              onClick={toggle}
              onKeyDown={(event) => {
                if (event.key === 'Escape') close();
              }}
              aria-expanded={opened}
              aria-controls={opened ? listId : undefined}
              aria-label={`Încă ${countWithNoun(hidden.length, nounOne, noun)}`}
              fz="xs"
              fw={700}
              px={6}
              style={{ borderRadius: 10, background: 'var(--mantine-color-navy-0)', color: 'var(--mantine-color-navy-7)' }}
            >
              +{hidden.length}
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown onMouseEnter={open} onMouseLeave={close}>
            <ul id={listId} style={{ margin: 0, paddingLeft: 18 }}>
              {hidden.map((text, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat; order is the identity here
                <li key={index}>
                  <Text size="sm">{text}</Text>
                </li>
              ))}
            </ul>
          </Popover.Dropdown>
        </Popover>
      ) : null}
    </Group>
  );
}
