import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { type DataTableRowAction, rowFlags } from './types';

/** The actions a row shows, honouring `hideAction`, `hideActionNames` and each action's own rule. */
export function visibleRowActions<T extends object>(row: T, actions: readonly DataTableRowAction<T>[]): DataTableRowAction<T>[] {
  const flags = rowFlags(row);
  if (flags.hideAction) return [];
  const hidden = new Set(flags.hideActionNames ?? []);
  return actions.filter((action) => !hidden.has(action.name) && (action.isVisible?.(row) ?? true));
}

/** Props of `RowActionsMenu`. */
export interface RowActionsMenuProps<T extends object> {
  row: T;
  actions: readonly DataTableRowAction<T>[];
  /** Accessible description of the row, e.g. 'cererea UB-123'. */
  rowLabel: string;
}

/** Three-dots menu with the row's actions; renders nothing when the row has none. */
export function RowActionsMenu<T extends object>({ row, actions, rowLabel }: RowActionsMenuProps<T>) {
  const visible = visibleRowActions(row, actions);
  if (visible.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.8" aria-label={`Acțiuni pentru ${rowLabel}`}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {visible.map((action) => (
          <Menu.Item key={action.name} leftSection={action.icon} color={action.color} onClick={() => action.onClick(row)}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
