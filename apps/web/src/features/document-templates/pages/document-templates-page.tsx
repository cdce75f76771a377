import {
  DOCUMENT_SYSTEM_TYPE_LABELS,
  DOCUMENT_SYSTEM_TYPES,
  DOCUMENT_TEMPLATE_STATUS_LABELS,
  DOCUMENT_TEMPLATE_STATUSES,
  type DocumentTemplateSummary,
} from '@ghiseu/domain';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import { confirmAndRun } from '../../../components/feedback/confirm-dialog';
import { showToast } from '../../../components/feedback/toast';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { StatusBadge } from '../../../components/page/status-badge';
import { showApiError } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useSettings } from '../../../lib/settings';
import { useDeleteDocumentTemplate, useDocumentTemplates, usePatchDocumentTemplate } from '../api/document-templates';

/**
 * /document-template (documentTemplateRead; super administrator and administrator): the document
 * templates with a name search, status and system-type filters, sortable name and creation date.
 * A row opens the editor (documentTemplateEdit), is activated or deactivated, or deleted after a
 * confirmation when no application type uses it (the server says so in `abilities`).
 */
export function DocumentTemplatesPage() {
  const { t } = useTranslation(['document-templates', 'routes']);
  const { can } = usePermissions();
  const settings = useSettings();
  const navigate = useNavigate();
  const remove = useDeleteDocumentTemplate();
  const patch = usePatchDocumentTemplate();
  const canCreate = can('documentTemplateCreate');
  const canEdit = can('documentTemplateEdit');

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'name', type: 'contains', label: t('list.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('fields.status'),
        options: DOCUMENT_TEMPLATE_STATUSES.map((value) => ({ value, label: DOCUMENT_TEMPLATE_STATUS_LABELS[value] })),
      },
      {
        key: 'system_type',
        type: 'select',
        label: t('fields.systemType'),
        size: 'medium',
        options: DOCUMENT_SYSTEM_TYPES.map((value) => ({ value, label: DOCUMENT_SYSTEM_TYPE_LABELS[value] })),
      },
    ],
    [t],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: '-created_at', definitions: filters });
  const query = useDocumentTemplates(list.searchParams);

  const onDelete = (template: DocumentTemplateSummary) =>
    confirmAndRun({
      title: t('list.deleteTitle'),
      message: t('list.deleteQuestion', { name: template.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      action: () => remove.mutateAsync(template.id),
      success: t('list.deleted', { name: template.name }),
      onError: (error) => showApiError(error),
    });

  const onToggle = async (template: DocumentTemplateSummary) => {
    const active = template.status !== 'active';
    try {
      await patch.mutateAsync({ id: template.id, patch: { status: active ? 'active' : 'inactive' } });
      showToast('success', t(active ? 'list.activated' : 'list.deactivated', { name: template.name }));
    } catch (error) {
      showApiError(error);
    }
  };

  const columns = useMemo<DataTableColumn<DocumentTemplateSummary>[]>(
    () => [
      {
        id: 'name',
        header: t('fields.name'),
        sortable: true,
        size: 320,
        hideable: false,
        cell: (row) =>
          canEdit ? (
            <Anchor component={Link} to={`/document-template/${row.id}`} size="sm">
              {row.name}
            </Anchor>
          ) : (
            row.name
          ),
      },
      {
        id: 'status',
        header: t('fields.status'),
        size: 120,
        cell: (row) => <StatusBadge status={row.status} testId={`template-status-${row.id}`} />,
      },
      {
        id: 'system_type',
        header: t('fields.systemType'),
        size: 200,
        accessor: (row) => row.system_type_label ?? (row.system_type ? DOCUMENT_SYSTEM_TYPE_LABELS[row.system_type] : '—'),
      },
      {
        id: 'organisation',
        header: t('fields.organisation'),
        size: 220,
        accessor: (row) => row.organisation_name ?? t('commonTemplate'),
      },
      {
        id: 'application_type_count',
        header: t('fields.types'),
        size: 120,
        align: 'right',
        accessor: (row) => String(row.application_type_count),
      },
      {
        id: 'created_at',
        header: t('fields.createdAt'),
        sortable: true,
        size: 130,
        accessor: (row) => formatDate(row.created_at),
      },
    ],
    [t, canEdit],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<DocumentTemplateSummary>[]>(
    () => [
      {
        name: 'edit',
        label: t('list.edit'),
        icon: <IconEdit size={16} aria-hidden />,
        isVisible: () => canEdit,
        onClick: (row) => navigate(`/document-template/${row.id}`),
      },
      {
        name: 'activate',
        label: t('list.activate'),
        icon: <IconPlayerPlay size={16} aria-hidden />,
        isVisible: (row) => canEdit && row.abilities.canEdit && row.status !== 'active',
        onClick: (row) => void onToggle(row),
      },
      {
        name: 'deactivate',
        label: t('list.deactivate'),
        icon: <IconPlayerPause size={16} aria-hidden />,
        isVisible: (row) => canEdit && row.abilities.canEdit && row.status === 'active',
        onClick: (row) => void onToggle(row),
      },
      {
        name: 'delete',
        label: t('actions.delete'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => row.abilities.canDelete,
        onClick: (row) => void onDelete(row),
      },
    ],
    [t, canEdit],
  );

  const createButton = canCreate ? (
    <Button
      component={Link}
      to="/document-template/new"
      leftSection={<IconPlus size={18} aria-hidden />}
      data-testid="template-create"
    >
      {t('list.create')}
    </Button>
  ) : null;

  return (
    <Stack gap="lg" data-testid="document-templates-page">
      <PageHeader title={t('routes:documentTemplates')} subtitle={t('list.subtitle')} actions={createButton} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('list.tableLabel')}
        filtersLabel={t('list.filtersLabel')}
        storageKey="document-templates-list"
        noun={t('list.noun')}
        nounOne={t('list.nounOne')}
        getRowLabel={(row) => t('list.rowLabel', { name: row.name })}
        emptyTitle={t('list.empty')}
        emptyFilteredTitle={t('list.emptyFiltered')}
        loadErrorTitle={t('list.loadError')}
        testId="document-templates-list"
      />
    </Stack>
  );
}
