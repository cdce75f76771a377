/**
 * Conversion between the table's sorting state and the API's `sortKey` (DESIGN.md §4):
 * `field` for ascending, `-field` for descending.
 */

/** One sorted column, as TanStack Table keeps it. */
export interface ColumnSortState {
  id: string;
  desc: boolean;
}

/** Builds the `sortKey` for a sorting state; `fieldOf` maps a column id to its API field. */
export function toSortKey(
  sorting: readonly ColumnSortState[],
  fieldOf: (columnId: string) => string = (id) => id,
): string | undefined {
  const first = sorting[0];
  if (!first) return undefined;
  return `${first.desc ? '-' : ''}${fieldOf(first.id)}`;
}

/** Reads a `sortKey` back into a sorting state; `columnOf` maps an API field to its column id. */
export function fromSortKey(
  sortKey: string | null | undefined,
  columnOf: (field: string) => string | undefined = (field) => field,
): ColumnSortState[] {
  if (!sortKey) return [];
  const desc = sortKey.startsWith('-');
  const field = desc ? sortKey.slice(1) : sortKey;
  const id = field ? columnOf(field) : undefined;
  return id ? [{ id, desc }] : [];
}
