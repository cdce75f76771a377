import { Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../data-table/data-table';
import type { DataTableColumn, DataTableRowAction } from '../data-table/types';
import { EmptyState } from '../feedback/empty-state';
import { FilterBar } from '../filter-bar/filter-bar';
import { hasActiveFilters } from '../filter-bar/filter-logic';
import { Paginator } from '../filter-bar/paginator';
import { TotalLabel } from '../filter-bar/total-label';
import type { FilterDefinition } from '../filter-bar/types';
import type { ListQueryController } from '../filter-bar/use-list-query';
import { ApiError, type ListEnvelope } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export interface ListBlockProps<T extends object> {
  /** Filter definitions of the bar; none hides the bar. */
  filters?: readonly FilterDefinition[];
  list: ListQueryController;
  query: UseQueryResult<ListEnvelope<T>>;
  columns: readonly DataTableColumn<T>[];
  actions?: readonly DataTableRowAction<T>[];
  /** Accessible names. */
  label: string;
  filtersLabel: string;
  /** Remembered column preferences. */
  storageKey: string;
  /** Plural noun for 'Total N …'. */
  noun: string;
  /** Singular noun for 'Total 1 …'. */
  nounOne: string;
  getRowLabel: (row: T) => string;
  /** Row id (default the row's `id`). */
  getRowId?: (row: T) => string;
  emptyTitle: string;
  emptyFilteredTitle: string;
  /** A call to action under the empty state (no filters active). */
  emptyAction?: ReactNode;
  loadErrorTitle: string;
  /** The words of a load error (default: the API error's own message). */
  errorText?: (error: unknown) => string;
  testId?: string;
  /** Row selection and bulk controls of the table (selectable rows, select limit, toolbar). */
  table?: Pick<DataTableProps<T>, 'selectable' | 'selectLimit' | 'onSelectionChange' | 'toolbar'>;
}

const defaultErrorText = (error: unknown) => (error instanceof ApiError ? error.userMessage : '');

/**
 * The list block every administration and configuration screen shares: FilterBar, 'Total N …', the DataTable
 * with server-side sort, and the Paginator (DESIGN.md §7), with loading, empty and error states.
 */
export function ListBlock<T extends object>({
  filters = [],
  list,
  query,
  columns,
  actions,
  label,
  filtersLabel,
  storageKey,
  noun,
  nounOne,
  getRowLabel,
  getRowId,
  emptyTitle,
  emptyFilteredTitle,
  emptyAction,
  loadErrorTitle,
  errorText = defaultErrorText,
  testId,
  table,
}: ListBlockProps<T>) {
  const { user } = useSession();
  const total = query.data?.pagination?.total ?? query.data?.data.length ?? 0;
  const filtered = hasActiveFilters(list.values);
  const empty = !query.isPending && !query.isError && total === 0;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={testId}>
      <Stack gap="md">
        {filters.length > 0 ? (
          <FilterBar filters={filters} values={list.values} onChange={list.onFiltersChange} label={filtersLabel} />
        ) : null}
        {query.isPending || query.isError ? null : (
          <TotalLabel
            total={total}
            estimated={query.data?.pagination?.total_estimated === true}
            noun={noun}
            nounOne={nounOne}
            data-testid={testId && `${testId}-total`}
          />
        )}
        {empty ? (
          <EmptyState title={filtered ? emptyFilteredTitle : emptyTitle} action={filtered ? null : emptyAction} />
        ) : (
          <DataTable
            data={query.data?.data ?? []}
            columns={columns}
            label={label}
            storageKey={storageKey}
            userId={user?.user_id}
            getRowLabel={getRowLabel}
            getRowId={getRowId}
            sortKey={list.sortKey}
            onSortChange={list.setSortKey}
            actions={actions}
            loading={query.isPending}
            error={query.isError ? `${loadErrorTitle} ${errorText(query.error)}` : null}
            onRetry={() => void query.refetch()}
            {...table}
          />
        )}
        {total > 0 ? (
          <Paginator
            page={list.page}
            pageSize={list.pageSize}
            total={total}
            onPageChange={list.setPage}
            disabled={query.isFetching}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
