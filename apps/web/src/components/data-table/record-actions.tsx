import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { DataTableRowAction } from './types';

/** What a record says the caller may do with it (`abilities` of the API). */
export interface RecordAbilities {
  canEdit: boolean;
  canDelete: boolean;
}

export interface RecordActionsOptions<T> {
  editLabel: string;
  deleteLabel: string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  /** The user's own right to change the list (a permission); rows add their abilities. */
  allowed?: boolean;
}

/**
 * The 'Modificați' and 'Ștergeți' row actions of a configuration list, each shown when the user may
 * change the list and the record's abilities allow it (a record without abilities allows both).
 */
export function recordActions<T extends { abilities?: RecordAbilities }>({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  allowed = true,
}: RecordActionsOptions<T>): DataTableRowAction<T>[] {
  return [
    {
      name: 'edit',
      label: editLabel,
      icon: <IconPencil size={16} aria-hidden />,
      isVisible: (row) => allowed && (row.abilities?.canEdit ?? true),
      onClick: onEdit,
    },
    {
      name: 'delete',
      label: deleteLabel,
      icon: <IconTrash size={16} aria-hidden />,
      color: 'red.9',
      isVisible: (row) => allowed && (row.abilities?.canDelete ?? true),
      onClick: onDelete,
    },
  ];
}
