import type { Allocation, AllocationGroup } from '@ghiseu/domain';
import { Accordion, ActionIcon, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconFileExport, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAndRun } from '../../../components/feedback/confirm-dialog';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';
import { showApiError } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { exportAllocations, useAllocationGroups, useDeleteAllocation, useExtensionSearch } from '../api/allocations';
import { AllocationModal } from '../components/allocation-modal';

const lei = new Intl.NumberFormat('ro-RO', { style: 'currency', currency: 'RON' });
export const formatLei = (value: number | null) => (value === null ? '' : lei.format(value));

function GroupTable({
  group,
  canEdit,
  onEdit,
  onDelete,
}: {
  group: AllocationGroup;
  canEdit: boolean;
  onEdit: (a: Allocation) => void;
  onDelete: (a: Allocation) => void;
}) {
  const { t } = useTranslation('seriesAllocations');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover aria-label={t('groupTable', { name: group.created_by.name })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.series')}</Table.Th>
            <Table.Th>{t('columns.type')}</Table.Th>
            <Table.Th>{t('columns.date')}</Table.Th>
            <Table.Th>{t('columns.issueDate')}</Table.Th>
            <Table.Th>{t('columns.uat')}</Table.Th>
            <Table.Th>{t('columns.location')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.tax')}</Table.Th>
            <Table.Th>{t('columns.validity')}</Table.Th>
            <Table.Th>{t('columns.extensionDate')}</Table.Th>
            {canEdit ? <Table.Th>{t('columns.actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.allocations.map((a) => (
            <Table.Tr key={a.id} data-testid={`allocation-row-${a.id}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {a.series}
                </Text>
              </Table.Td>
              <Table.Td>{a.series_type_name}</Table.Td>
              <Table.Td>{formatDate(a.allocation_date)}</Table.Td>
              <Table.Td>{formatDate(a.issue_date)}</Table.Td>
              <Table.Td>{a.uat_name ?? ''}</Table.Td>
              <Table.Td>{a.location ?? ''}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatLei(a.tax_lei)}</Table.Td>
              <Table.Td>{a.validity_months === null ? '' : t('months', { count: a.validity_months })}</Table.Td>
              <Table.Td>{formatDate(a.extension_date)}</Table.Td>
              {canEdit ? (
                <Table.Td>
                  {a.abilities.can_edit ? (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('actions.editOne', { series: a.series })}
                        onClick={() => onEdit(a)}
                      >
                        <IconEdit size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t('actions.deleteOne', { series: a.series })}
                        onClick={() => onDelete(a)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "Search for extension": what can still be extended, by number. */
function ExtensionSearch() {
  const { t } = useTranslation('seriesAllocations');
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), 300);
  const query = useExtensionSearch(debounced);
  const rows = query.data?.data ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="extension-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="extension-title">
          {t('extension.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('extension.help')}
        </Text>
        <TextInput
          label={t('extension.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          maw={360}
          data-testid="extension-search"
        />
        {debounced.length < 2 ? null : query.isLoading ? (
          <PageLoader label={t('extension.loading')} minHeight={60} />
        ) : query.isError ? (
          <ErrorState title={t('extension.error')} onRetry={() => void query.refetch()} retryLabel={t('actions.retry')} />
        ) : rows.length === 0 ? (
          <Text size="sm">{t('extension.none')}</Text>
        ) : (
          <Table aria-label={t('extension.title')} data-testid="extension-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.series')}</Table.Th>
                <Table.Th>{t('columns.type')}</Table.Th>
                <Table.Th>{t('columns.issueDate')}</Table.Th>
                <Table.Th>{t('columns.validUntil')}</Table.Th>
                <Table.Th>{t('columns.uat')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.series}</Table.Td>
                  <Table.Td>{r.series_type_name}</Table.Td>
                  <Table.Td>{formatDate(r.issue_date)}</Table.Td>
                  <Table.Td>{formatDate(r.valid_until)}</Table.Td>
                  <Table.Td>{r.uat_name ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /document-series-allocation (documentSeriesAllocationRead, spec §2, §3 Reserved series, §7):
 * the organisation's reserved numbers grouped by the staff member who reserved them (an accordion,
 * at most 100 each), search by number, reserve (next number of a series or one allocated outside),
 * edit and delete with confirmation (staff only), CSV export, and the extension search.
 */
export function SeriesAllocationsPage() {
  const { t } = useTranslation('seriesAllocations');
  const { can } = usePermissions();
  const canCreate = can('documentSeriesAllocationCreate');
  const canEdit = can('documentSeriesAllocationEdit');
  const [search, setSearch] = useState('');
  const [series] = useDebouncedValue(search.trim(), 300);
  const query = useAllocationGroups(series);
  const remove = useDeleteAllocation();
  const [editing, setEditing] = useState<Allocation | null>(null);
  const [opened, setOpened] = useState(false);
  const [exporting, setExporting] = useState(false);
  const groups = query.data?.data ?? [];

  const open = (a: Allocation | null) => {
    setEditing(a);
    setOpened(true);
  };
  const onDelete = (a: Allocation) =>
    void confirmAndRun({
      title: t('deleteTitle'),
      message: t('deleteQuestion', { series: a.series }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      success: t('deleted', { series: a.series }),
      action: () => remove.mutateAsync(a.id),
      onError: (error) => showApiError(error),
    });
  const onExport = async () => {
    setExporting(true);
    try {
      await exportAllocations(series);
    } catch (error) {
      showApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const actions = (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconFileExport size={18} aria-hidden />}
        onClick={() => void onExport()}
        loading={exporting}
        data-testid="allocations-export"
      >
        {t('actions.export')}
      </Button>
      {canCreate ? (
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)} data-testid="allocation-create">
          {t('actions.create')}
        </Button>
      ) : null}
    </Group>
  );

  let body: React.ReactNode;
  if (query.isLoading) body = <PageLoader label={t('loading')} />;
  else if (query.isError)
    body = <ErrorState title={t('loadError')} onRetry={() => void query.refetch()} retryLabel={t('actions.retry')} />;
  else if (groups.length === 0)
    body = (
      <EmptyState
        title={series ? t('emptyFiltered') : t('empty')}
        action={
          canCreate && !series ? (
            <Button variant="default" onClick={() => open(null)}>
              {t('actions.create')}
            </Button>
          ) : null
        }
      />
    );
  else
    body = (
      <Accordion
        multiple
        defaultValue={groups.map((g) => String(g.created_by.id))}
        variant="separated"
        data-testid="allocation-groups"
      >
        {groups.map((g) => (
          <Accordion.Item key={g.created_by.id} value={String(g.created_by.id)}>
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={600}>{g.created_by.name}</Text>
                <SoftBadge size="sm" color="gray.7">
                  {t('count', { count: g.total })}
                </SoftBadge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <GroupTable group={g} canEdit={canEdit} onEdit={open} onDelete={onDelete} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );

  return (
    <Stack gap="lg" data-testid="series-allocations-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={actions} />
      <TextInput
        label={t('search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
        data-testid="allocations-search"
      />
      {body}
      <ExtensionSearch />
      {canCreate || canEdit ? <AllocationModal opened={opened} onClose={() => setOpened(false)} allocation={editing} /> : null}
    </Stack>
  );
}
