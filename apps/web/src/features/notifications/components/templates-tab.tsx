import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LANGUAGE_LABELS,
  NOTIFICATION_LANGUAGES,
  NOTIFICATION_LIMITS,
  type NotificationTemplate,
} from '@ghiseu/domain';
import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListBlock } from '../../../components/page/list-block';
import { formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useNotificationTemplates, useNotificationTypes } from '../api/notifications';

/** The templates list: filters event, channel, language and title; the title opens the editor. */
export function TemplatesTab() {
  const { t } = useTranslation('notifications');
  const { can } = usePermissions();
  const types = useNotificationTypes();
  const canEdit = can('notificationsTemplateEdit');

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'title', type: 'quicksearch', op: 'contains', label: t('templates.filters.title'), size: 'medium' },
      {
        key: 'event_type',
        type: 'select',
        label: t('templates.filters.event'),
        size: 'medium',
        options: (types.data ?? []).map((type) => ({ value: type.type, label: type.label })),
      },
      {
        key: 'channel',
        type: 'select',
        label: t('templates.filters.channel'),
        options: NOTIFICATION_CHANNELS.map((value) => ({ value, label: NOTIFICATION_CHANNEL_LABELS[value] })),
      },
      {
        key: 'language',
        type: 'select',
        label: t('templates.filters.language'),
        options: NOTIFICATION_LANGUAGES.map((value) => ({ value, label: NOTIFICATION_LANGUAGE_LABELS[value] })),
      },
    ],
    [t, types.data],
  );
  const list = useListQuery({ pageSize: NOTIFICATION_LIMITS.templatesPerPage, definitions: filters });
  const query = useNotificationTemplates(list.searchParams);

  const columns = useMemo<DataTableColumn<NotificationTemplate>[]>(
    () => [
      {
        id: 'title',
        header: t('templates.columns.title'),
        size: 260,
        hideable: false,
        cell: (row) =>
          canEdit ? (
            <Anchor
              component={Link}
              to={`/notifications-templates/${row.id}/edit`}
              size="sm"
              data-testid={`template-link-${row.id}`}
            >
              {row.title}
            </Anchor>
          ) : (
            row.title
          ),
      },
      { id: 'event_label', header: t('templates.columns.event'), size: 240 },
      {
        id: 'channel',
        header: t('templates.columns.channel'),
        size: 130,
        accessor: (row) => NOTIFICATION_CHANNEL_LABELS[row.channel],
      },
      {
        id: 'language',
        header: t('templates.columns.language'),
        size: 120,
        accessor: (row) => NOTIFICATION_LANGUAGE_LABELS[row.language],
      },
      { id: 'updated_at', header: t('templates.columns.updated'), size: 150, accessor: (row) => formatDateTime(row.updated_at) },
    ],
    [t, canEdit],
  );

  return (
    <ListBlock
      filters={filters}
      list={list}
      query={query}
      columns={columns}
      label={t('templates.tableLabel')}
      filtersLabel={t('templates.filters.label')}
      storageKey="notification-templates"
      noun={t('templates.noun')}
      nounOne={t('templates.nounOne')}
      getRowLabel={(row) =>
        t('templates.rowLabel', {
          title: row.title,
          channel: NOTIFICATION_CHANNEL_LABELS[row.channel],
          language: NOTIFICATION_LANGUAGE_LABELS[row.language],
        })
      }
      emptyTitle={t('templates.empty')}
      emptyFilteredTitle={t('templates.emptyFiltered')}
      loadErrorTitle={t('templates.loadError')}
      testId="notification-templates-list"
    />
  );
}
