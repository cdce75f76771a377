import { useState } from 'react';
import { useSettings } from '../../lib/settings';
import { confirmAndRun } from '../feedback/confirm-dialog';
import type { FilterDefinition } from '../filter-bar/types';
import { type ListQueryController, useListQuery } from '../filter-bar/use-list-query';

/** How a list page deletes one of its records: the question, the call and the answers. */
export interface RecordDeletion<T> {
  /** The dialog's title and question and the success toast, for this record. */
  texts: (row: T) => { title: string; message: string; success: string };
  confirmLabel: string;
  cancelLabel: string;
  /** The delete call (a mutation's `mutateAsync`). */
  run: (row: T) => Promise<unknown>;
  /** Shows a refused or failed delete (the feature's error handler). */
  onError: (error: unknown) => void;
}

export interface RecordListPageOptions<T> {
  /** The list's first sort (`field` or `-field`). */
  initialSortKey: string;
  /** The filter bar's definitions. */
  definitions?: readonly FilterDefinition[];
  deletion: RecordDeletion<T>;
}

export interface RecordListPage<T> {
  /** Filters, sort and pagination, with the search params of the list query (`list.searchParams`). */
  list: ListQueryController;
  /** The record the add/edit modal shows (null: a new one). */
  editing: T | null;
  opened: boolean;
  /** Opens the modal on a record, or on a new one with null. */
  open: (row: T | null) => void;
  close: () => void;
  /** Asks, deletes and says how it went; true when the record was deleted. */
  confirmDelete: (row: T) => Promise<boolean>;
}

/**
 * The state every record list page of the administration screens has: the list query (page size
 * from the settings), the add/edit modal and the confirmed delete. The page keeps its columns,
 * its list hook (fed `list.searchParams`) and its modal.
 */
export function useRecordListPage<T>({ initialSortKey, definitions, deletion }: RecordListPageOptions<T>): RecordListPage<T> {
  const settings = useSettings();
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey, definitions });
  const [editing, setEditing] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    list,
    editing,
    opened,
    open: (row) => {
      setEditing(row);
      setOpened(true);
    },
    close: () => setOpened(false),
    confirmDelete: (row) =>
      confirmAndRun({
        ...deletion.texts(row),
        confirmLabel: deletion.confirmLabel,
        cancelLabel: deletion.cancelLabel,
        action: () => deletion.run(row),
        onError: deletion.onError,
      }),
  };
}
