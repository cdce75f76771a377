import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { pageBounds, pageRangeText } from './paginator-logic';

/** Props of `Paginator`. */
export interface PaginatorProps {
  /** Current page, 1-based. */
  page: number;
  /** Rows per page (setting RECORDS_PER_PAGE). */
  pageSize: number;
  /** Total rows of the list (`pagination.total`). */
  total: number;
  /** Called with the page to show. */
  onPageChange: (page: number) => void;
  /** Disables the buttons (e.g. while loading). */
  disabled?: boolean;
}

/** 'start-end din total' with first / previous / next / last buttons (spec §2). */
export function Paginator({ page, pageSize, total, onPageChange, disabled = false }: PaginatorProps) {
  const { pageCount } = pageBounds(page, pageSize, total);
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  const button = (label: string, target: number, off: boolean, icon: React.ReactNode) => (
    <ActionIcon variant="default" size="lg" aria-label={label} disabled={disabled || off} onClick={() => onPageChange(target)}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group component="nav" aria-label="Paginare" gap="sm" justify="flex-end">
      <Text size="sm" aria-live="polite" data-testid="page-range">
        {pageRangeText(page, pageSize, total)}
      </Text>
      <Group gap={4}>
        {button('Prima pagină', 1, atStart, <IconChevronsLeft size={18} aria-hidden />)}
        {button('Pagina anterioară', page - 1, atStart, <IconChevronLeft size={18} aria-hidden />)}
        {button('Pagina următoare', page + 1, atEnd, <IconChevronRight size={18} aria-hidden />)}
        {button('Ultima pagină', pageCount, atEnd, <IconChevronsRight size={18} aria-hidden />)}
      </Group>
    </Group>
  );
}
