import {
  APPLICATION_TYPE_CATEGORIES,
  APPLICATION_TYPE_CATEGORY_LABELS,
  type ApplicationTypeCategory,
  type ApplicationTypeRecord,
  DOMAIN_LABELS,
  DOMAINS,
  type Domain,
} from '@ghiseu/domain';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table/types';
import { recordActions } from '../../../components/data-table/record-actions';
import { showToast } from '../../../components/feedback/toast';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useRecordListPage } from '../../../components/page/use-record-list-page';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import {
  useApplicationTypes,
  useDeleteApplicationType,
  useOrganisationOptions,
  usePatchApplicationType,
} from '../api/application-types';
import { ApplicationTypeModal } from '../components/application-type-modal';
import { showTypeError } from '../errors';
import { formVersionLabel } from '../form-model';

const domainLabel = (domain: string) => DOMAIN_LABELS[domain as Domain] ?? domain;
const categoryLabel = (category: string) => APPLICATION_TYPE_CATEGORY_LABELS[category as ApplicationTypeCategory] ?? category;

/**
 * /application-type (applicationTypeRead, spec §2, §3): the application types with search,
 * status, domain, category and (super administrator) organisation filters; the status toggles
 * in the row; create and edit in a large modal with every field; delete while no application
 * uses the type (CONFLICT `referenced` otherwise).
 */
export function ApplicationTypesPage() {
  // 'taxes' too: the type form's tax category selects use it (loaded with the page, not on the modal's first open).
  const { t } = useTranslation(['application-types', 'routes', 'taxes']);
  const { user } = useSession();
  const { can } = usePermissions();
  const superAdmin = user?.user_type_name === 'super_admin';
  const canEdit = can('applicationTypeRead');
  const organisations = useOrganisationOptions(superAdmin);
  const remove = useDeleteApplicationType();
  const patch = usePatchApplicationType();

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('filters.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('filters.status'),
        options: [
          { value: 'active', label: t('statuses.active') },
          { value: 'inactive', label: t('statuses.inactive') },
        ],
      },
      {
        key: 'domain',
        type: 'select',
        label: t('filters.domain'),
        options: DOMAINS.map((value) => ({ value, label: DOMAIN_LABELS[value] })),
      },
      {
        key: 'category',
        type: 'select',
        label: t('filters.category'),
        options: APPLICATION_TYPE_CATEGORIES.map((value) => ({ value, label: APPLICATION_TYPE_CATEGORY_LABELS[value] })),
      },
      ...(superAdmin
        ? [
            {
              key: 'organisation_id',
              type: 'select' as const,
              label: t('filters.organisation'),
              size: 'medium' as const,
              options: (organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
            },
          ]
        : []),
    ],
    [t, superAdmin, organisations.data],
  );
  const page = useRecordListPage<ApplicationTypeRecord>({
    initialSortKey: 'name',
    definitions: filters,
    deletion: {
      texts: (row) => ({
        title: t('deleteTitle'),
        message: t('deleteQuestion', { name: row.name }),
        success: t('deleted', { name: row.name }),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      run: (row) => remove.mutateAsync(row.id),
      onError: (error) => showTypeError(error),
    },
  });
  const { list, editing, opened, open } = page;
  const query = useApplicationTypes(list.searchParams);

  const onToggle = async (row: ApplicationTypeRecord, active: boolean) => {
    try {
      await patch.mutateAsync({ id: row.id, patch: { status: active ? 'active' : 'inactive' } });
      showToast('success', t(active ? 'activated' : 'deactivated', { name: row.name }));
    } catch (error) {
      showTypeError(error);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the toggle reads stable hooks only.
  const columns = useMemo<DataTableColumn<ApplicationTypeRecord>[]>(
    () => [
      { id: 'name', header: t('columns.name'), sortable: true, size: 260, hideable: false },
      { id: 'organisation_name', header: t('columns.organisation'), sortable: true, size: 220 },
      { id: 'domain', header: t('columns.domain'), sortable: true, size: 130, accessor: (row) => domainLabel(row.domain) },
      {
        id: 'category',
        header: t('columns.category'),
        sortable: true,
        size: 110,
        accessor: (row) => categoryLabel(row.category),
      },
      {
        id: 'citizen_form',
        header: t('columns.citizenForm'),
        size: 260,
        cell: (row) => {
          if (!row.citizen_form) return null;
          const version = formVersionLabel(row.citizen_form);
          return (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" truncate>
                {row.citizen_form.name}
              </Text>
              {version ? (
                <SoftBadge size="sm" color="navy.7">
                  {version}
                </SoftBadge>
              ) : (
                <SoftBadge size="sm" color="orange.9" data-testid={`at-no-version-${row.id}`}>
                  {t('noPublishedVersion')}
                </SoftBadge>
              )}
            </Group>
          );
        },
      },
      {
        id: 'remaining_period',
        header: t('columns.period'),
        sortable: true,
        size: 150,
        align: 'right',
        accessor: (row) => t('days', { count: row.remaining_period }),
      },
      { id: 'list_order', header: t('columns.order'), sortable: true, size: 100, align: 'right' },
      {
        id: 'status',
        header: t('columns.status'),
        sortable: true,
        size: 130,
        cell: (row) => (
          <Group gap={8} wrap="nowrap">
            <Switch
              color="navy.7"
              checked={row.status === 'active'}
              disabled={!canEdit || row.abilities?.canEdit === false || patch.isPending}
              onChange={(event) => void onToggle(row, event.currentTarget.checked)}
              aria-label={t('statusToggle', { name: row.name })}
              data-testid={`at-status-${row.id}`}
            />
            <Text size="sm">{t(`statuses.${row.status}`)}</Text>
          </Group>
        ),
      },
      { id: 'application_count', header: t('columns.applications'), size: 100, align: 'right' },
    ],
    [t, canEdit, patch.isPending],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo(
    () =>
      recordActions<ApplicationTypeRecord>({
        editLabel: t('actions.edit'),
        deleteLabel: t('actions.delete'),
        onEdit: open,
        onDelete: (row) => void page.confirmDelete(row),
        allowed: canEdit,
      }),
    [t, canEdit],
  );

  return (
    <Stack gap="lg" data-testid="application-types-page">
      <PageHeader
        title={t('routes:applicationTypes')}
        subtitle={t('subtitle')}
        actions={
          canEdit ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="at-create">
              {t('create')}
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
        label={t('tableLabel')}
        filtersLabel={t('filtersLabel')}
        storageKey="application-types"
        noun={t('noun')}
        nounOne={t('nounOne')}
        getRowLabel={(row) => t('rowLabel', { name: row.name })}
        emptyTitle={t('empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="application-types-list"
      />
      {canEdit ? (
        <ApplicationTypeModal
          opened={opened}
          onClose={page.close}
          record={editing}
          superAdmin={superAdmin}
          defaultOrganisationId={user?.organisation_id ?? null}
        />
      ) : null}
    </Stack>
  );
}
