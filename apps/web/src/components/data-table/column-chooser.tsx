import { TEXT_COLORS } from '../colors';
import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useId, useState } from 'react';

/** A column as the chooser lists it. */
export interface ChooserColumn {
  id: string;
  header: string;
  hideable: boolean;
}

/** Props of `ColumnChooser`. */
export interface ColumnChooserProps {
  /** Every data column, in display order. */
  columns: readonly ChooserColumn[];
  /** Visibility currently applied to the table. */
  visibility: Readonly<Record<string, boolean>>;
  /** Apply the edited choice (the table remembers it for the user). */
  onApply: (visibility: Record<string, boolean>) => void;
  /** Go back to the default columns (and forget the user's choice). */
  onReset: () => void;
}

/**
 * 'Coloane' button with a panel of checkboxes. Edits are a draft until 'Aplicați', so closing the
 * panel ('Închideți', Escape, click outside) leaves the table as it was (spec §2: apply, reset, close).
 */
export function ColumnChooser({ columns, visibility, onApply, onReset }: ColumnChooserProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Record<string, boolean>>({});
  const titleId = useId();

  const open = () => {
    setDraft({ ...visibility });
    setOpened(true);
  };
  const isVisible = (id: string) => draft[id] !== false;
  // At least one column must stay, otherwise the table would have no content to show.
  const noneVisible = columns.every((column) => !isVisible(column.id));

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={260} trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconColumns size={16} aria-hidden />}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => (opened ? setOpened(false) : open())}
        >
          Coloane
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId}>
        <Stack gap="sm">
          <Text id={titleId} fw={600} size="sm">
            Coloane afișate
          </Text>
          <Stack gap={6}>
            {columns.map((column) => (
              <Checkbox
                key={column.id}
                label={column.header}
                checked={isVisible(column.id)}
                disabled={!column.hideable}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setDraft((current) => ({ ...current, [column.id]: checked }));
                }}
              />
            ))}
          </Stack>
          {noneVisible ? (
            <Text size="xs" c={TEXT_COLORS.error} role="alert">
              Alegeți cel puțin o coloană.
            </Text>
          ) : null}
          <Group gap="xs" justify="flex-end">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                onReset();
                setOpened(false);
              }}
            >
              Resetați
            </Button>
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              Închideți
            </Button>
            <Button
              size="xs"
              disabled={noneVisible}
              onClick={() => {
                onApply(draft);
                setOpened(false);
              }}
            >
              Aplicați
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
