import type { SubAccount } from '@ghiseu/domain';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconLock,
  IconMailForward,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import { EmptyState } from '../../../components/feedback/empty-state';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { showToast } from '../../../components/feedback/toast';
import { FilterBar } from '../../../components/filter-bar/filter-bar';
import { hasActiveFilters } from '../../../components/filter-bar/filter-logic';
import { Paginator } from '../../../components/filter-bar/paginator';
import { TotalLabel } from '../../../components/filter-bar/total-label';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { InviteSubAccountModal } from '../components/invite-sub-account-modal';
import { useSubAccounts, useUpdateSubAccount } from '../api/sub-accounts';

const STATUS_COLORS: Record<SubAccount['status'], string> = { active: 'teal.9', inactive: 'gray.7', pending: 'blue.9' };

const nameOf = (row: SubAccount) => [row.last_name, row.first_name].filter(Boolean).join(' ') || row.email;

type Action = 'role' | 'deactivate' | 'activate' | 'reinvite';

/**
 * /sub-accounts (permission `legalEntityAccounts`): the sub-accounts of a professional account
 * (spec §3, §6) in the shared DataTable with search, role and status filters and pagination;
 * invite, change role, deactivate, activate and re-invite, each after a confirmation.
 */
export function SubAccountsPage() {
  const { t } = useTranslation(['sub-accounts', 'routes']);
  const { user } = useSession();
  const settings = useSettings();
  const [inviteOpened, setInviteOpened] = useState(false);
  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('filters.search'), size: 'medium' },
      {
        key: 'role',
        type: 'select',
        label: t('filters.role'),
        options: [
          { value: 'administrator', label: t('roles.administrator') },
          { value: 'editor', label: t('roles.editor') },
        ],
      },
      {
        key: 'status',
        type: 'select',
        label: t('filters.status'),
        options: [
          { value: 'active', label: t('statuses.active') },
          { value: 'pending', label: t('statuses.pending') },
          { value: 'inactive', label: t('statuses.inactive') },
        ],
      },
    ],
    [t],
  );
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: '-created_at', definitions: filters });
  const query = useSubAccounts(list.searchParams);
  const update = useUpdateSubAccount();
  const forbidden = query.error instanceof ApiError && query.error.code === 'FORBIDDEN';

  const run = async (row: SubAccount, action: Action) => {
    const name = nameOf(row);
    const nextRole: SubAccount['role'] = row.role === 'administrator' ? 'editor' : 'administrator';
    const questions: Record<Action, { title: string; message: string }> = {
      role: { title: t('confirm.roleTitle'), message: t('confirm.role', { name, role: t(`roles.${nextRole}`) }) },
      deactivate: { title: t('confirm.deactivateTitle'), message: t('confirm.deactivate', { name }) },
      activate: { title: t('confirm.activateTitle'), message: t('confirm.activate', { name }) },
      reinvite: { title: t('confirm.reinviteTitle'), message: t('confirm.reinvite', { name }) },
    };
    const confirmed = await confirmDialog({ ...questions[action], destructive: action === 'deactivate' });
    if (!confirmed) return;
    const patch =
      action === 'role'
        ? { role: nextRole }
        : action === 'deactivate'
          ? { status: 'inactive' as const }
          : { status: 'active' as const };
    try {
      await update.mutateAsync({ id: row.id, ...patch });
      showToast('success', t(`done.${action}`));
    } catch {
      // The generic handler has shown the message.
    }
  };

  const columns = useMemo<DataTableColumn<SubAccount>[]>(
    () => [
      { id: 'last_name', header: t('columns.name'), accessor: nameOf, sortable: true, size: 170, hideable: false },
      { id: 'email', header: t('columns.email'), sortable: true, size: 220 },
      {
        id: 'role',
        header: t('columns.role'),
        sortable: true,
        size: 120,
        cell: (row) => t(`roles.${row.role}`),
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortable: true,
        size: 130,
        cell: (row) => (
          <Badge variant="filled" color={STATUS_COLORS[row.status]} data-testid={`status-${row.id}`}>
            {t(`statuses.${row.status}`)}
          </Badge>
        ),
      },
      {
        id: 'created_at',
        header: t('columns.created_at'),
        sortable: true,
        size: 140,
        cell: (row) => formatDateTime(row.created_at),
      },
      {
        id: 'last_login_at',
        header: t('columns.last_login_at'),
        size: 150,
        cell: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : t('never')),
      },
    ],
    [t],
  );

  // Rebuilt on each render: the entries call `run`, which sees the current translations.
  const actions: DataTableRowAction<SubAccount>[] = [
    {
      name: 'make-administrator',
      label: t('actions.makeAdministrator'),
      icon: <IconUserCheck size={16} aria-hidden />,
      isVisible: (row) => row.role === 'editor',
      onClick: (row) => void run(row, 'role'),
    },
    {
      name: 'make-editor',
      label: t('actions.makeEditor'),
      icon: <IconUsers size={16} aria-hidden />,
      isVisible: (row) => row.role === 'administrator',
      onClick: (row) => void run(row, 'role'),
    },
    {
      name: 'reinvite',
      label: t('actions.reinvite'),
      icon: <IconMailForward size={16} aria-hidden />,
      isVisible: (row) => row.status === 'pending',
      onClick: (row) => void run(row, 'reinvite'),
    },
    {
      name: 'activate',
      label: t('actions.activate'),
      icon: <IconUserCheck size={16} aria-hidden />,
      isVisible: (row) => row.status === 'inactive',
      onClick: (row) => void run(row, 'activate'),
    },
    {
      name: 'deactivate',
      label: t('actions.deactivate'),
      icon: <IconUserOff size={16} aria-hidden />,
      color: 'red.9',
      isVisible: (row) => row.status !== 'inactive',
      onClick: (row) => void run(row, 'deactivate'),
    },
  ];

  const total = query.data?.pagination?.total ?? query.data?.data.length ?? 0;
  const filtered = hasActiveFilters(list.values);

  return (
    <Stack gap="lg" data-testid="sub-accounts-page">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Anchor component={Link} to="/profile" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {t('backToProfile')}
            </Group>
          </Anchor>
          <Title order={1} mt={4}>
            {t('routes:subAccounts')}
          </Title>
          <Text c="gray.7" mt={4} maw={720}>
            {t('subtitle')}
          </Text>
        </div>
        {forbidden ? null : (
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setInviteOpened(true)}
            data-testid="invite-open"
          >
            {t('invite')}
          </Button>
        )}
      </Group>
      {forbidden ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState icon={<IconLock />} title={t('forbidden')} />
        </Paper>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <FilterBar filters={filters} values={list.values} onChange={list.onFiltersChange} label={t('filters.label')} />
            <TotalLabel total={total} noun={t('noun')} nounOne={t('nounOne')} data-testid="sub-accounts-total" />
            {!query.isPending && !query.isError && total === 0 ? (
              <EmptyState
                title={filtered ? t('emptyFiltered') : t('empty')}
                description={filtered ? undefined : t('emptyHint')}
                action={
                  filtered ? null : (
                    <Button variant="outline" onClick={() => setInviteOpened(true)}>
                      {t('invite')}
                    </Button>
                  )
                }
              />
            ) : (
              // Contains the table's visually hidden header texts, which are absolutely positioned
              // without a positioned cell and otherwise widen the whole page on small screens.
              <Box pos="relative" style={{ overflow: 'hidden' }}>
                <DataTable
                  data={query.data?.data ?? []}
                  columns={columns}
                  label={t('tableLabel')}
                  storageKey="sub-accounts"
                  userId={user?.user_id}
                  getRowLabel={(row) => t('rowLabel', { name: nameOf(row) })}
                  sortKey={list.sortKey}
                  onSortChange={list.setSortKey}
                  actions={actions}
                  loading={query.isPending}
                  error={query.isError ? t('loadError') : null}
                  onRetry={() => void query.refetch()}
                />
              </Box>
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
      )}
      <InviteSubAccountModal opened={inviteOpened} onClose={() => setInviteOpened(false)} />
    </Stack>
  );
}
