import { RESPONSE_TEMPLATE_CATEGORIES, RESPONSE_TEMPLATE_CATEGORY_LABELS } from '@ghiseu/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { showApiError } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useDeleteResponseTemplate, useResponseTemplates } from '../api/response-templates';
import type { ResponseTemplateRecord } from '../api/types';
import { ResponseTemplateModal } from '../components/response-template-modal';

/** The message as one line of plain text, for the list (blocks become spaces, inline marks vanish). */
const plainText = (html: string) =>
  html
    .replace(/<\/?(p|br|li|ul|ol|div|h[1-6]|blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * /response-templates (responseTemplatesRead, the super administrator; spec §2, §3, §7): the
 * response templates with search and category filters; add and edit in a modal with the message
 * editor and its placeholders; delete after a question.
 */
export function ResponseTemplatesPage() {
  const { t } = useTranslation(['complaints', 'routes']);
  const { can } = usePermissions();
  const canEdit = can('responseTemplatesRead');
  const remove = useDeleteResponseTemplate();

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('templates.filters.search'), size: 'medium' },
      {
        key: 'category',
        type: 'select',
        label: t('templates.filters.category'),
        options: RESPONSE_TEMPLATE_CATEGORIES.map((value) => ({ value, label: RESPONSE_TEMPLATE_CATEGORY_LABELS[value] })),
      },
    ],
    [t],
  );
  const page = useRecordListPage<ResponseTemplateRecord>({
    initialSortKey: 'title',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('templates.deleteTitle'),
        message: t('templates.deleteQuestion', { title: row.title }),
        success: t('templates.deleted', { title: row.title }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showApiError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useResponseTemplates(list.searchParams);

  const columns = useMemo<DataTableColumn<ResponseTemplateRecord>[]>(
    () => [
      { id: 'title', header: t('templates.columns.title'), sortable: true, size: 260, hideable: false },
      {
        id: 'category',
        header: t('templates.columns.category'),
        sortable: true,
        size: 140,
        cell: (row) => (
          <SoftBadge color="navy.7" size="sm">
            {RESPONSE_TEMPLATE_CATEGORY_LABELS[row.category] ?? row.category}
          </SoftBadge>
        ),
      },
      {
        id: 'message',
        header: t('templates.columns.message'),
        size: 380,
        cell: (row) => (
          <Text size="sm" lineClamp={2}>
            {plainText(row.message)}
          </Text>
        ),
      },
      {
        id: 'updated_at',
        header: t('templates.columns.updatedAt'),
        size: 160,
        accessor: (row) => formatDateTime(row.updated_at),
      },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<ResponseTemplateRecord>[]>(
    () => [
      {
        name: 'edit',
        label: t('actions.edit'),
        icon: <IconPencil size={16} aria-hidden />,
        isVisible: (row) => canEdit && row.abilities.can_edit,
        onClick: open,
      },
      {
        name: 'delete',
        label: t('actions.delete'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => canEdit && row.abilities.can_delete,
        onClick: (row) => void page.confirmDelete(row),
      },
    ],
    [t, canEdit],
  );

  return (
    <Stack gap="lg" data-testid="response-templates-page">
      <PageHeader
        title={t('routes:responseTemplates')}
        subtitle={t('templates.subtitle')}
        actions={
          canEdit ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => open(null)}
              data-testid="response-template-create"
            >
              {t('templates.create')}
            </Button>
          ) : null
        }
      />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('templates.tableLabel')}
        filtersLabel={t('templates.filtersLabel')}
        storageKey="response-templates"
        noun={t('templates.noun')}
        nounOne={t('templates.nounOne')}
        getRowLabel={(row) => t('templates.rowLabel', { title: row.title })}
        emptyTitle={t('templates.empty')}
        emptyFilteredTitle={t('templates.emptyFiltered')}
        loadErrorTitle={t('templates.loadError')}
        testId="response-templates-list"
      />
      {canEdit ? <ResponseTemplateModal opened={opened} onClose={page.close} record={editing} /> : null}
    </Stack>
  );
}
