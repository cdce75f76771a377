import { ACCOUNT_STATUSES, type StaffAccount, USER_TYPE_LABELS } from '@ghiseu/domain';
import { Button, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import {
  IconCertificate,
  IconKey,
  IconMapPin,
  IconPencil,
  IconTrash,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { showToast } from '../../../components/feedback/toast';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListCell } from '../../../components/list-cell/list-cell';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useAdministersAllOrganisations, useAllOrganisations } from '../api/organisations';
import { useDeleteStaffAccount, useResetStaffPassword, useSetStaffAccountStatus, useStaffAccounts } from '../api/staff-accounts';
import { useDepartments, useFunctions } from '../api/structure';
import { EnrollmentsPanel } from '../components/accounts/enrollments-panel';
import { StaffAccountModal } from '../components/accounts/staff-account-modal';
import { UatModal } from '../components/accounts/uat-modal';
import { DelegationBanner } from '../components/delegation/delegation-banner';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { StatusBadge } from '../../../components/page/status-badge';
import { showAdminError } from '../errors';
import { withFilter } from '../list-params';
import { SoftBadge } from '../../../components/page/soft-badge';

const nameOf = (row: StaffAccount) => [row.last_name, row.first_name].filter(Boolean).join(' ') || row.email;

type Question = 'activate' | 'deactivate' | 'resetPassword' | 'delete';

/** The staff accounts list with its actions (spec §3, §4). */
function StaffAccountsTab() {
  const { t } = useTranslation('administration');
  const { user, organisation } = useSession();
  const settings = useSettings();
  const everyOrganisation = useAdministersAllOrganisations();
  const organisations = useAllOrganisations();
  const setStatus = useSetStaffAccountStatus();
  const reset = useResetStaffPassword();
  const remove = useDeleteStaffAccount();
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [uatAccount, setUatAccount] = useState<StaffAccount | null>(null);
  const organisationName = useMemo(
    () => new Map((organisations.data?.data ?? []).map((o) => [o.id, o.name])),
    [organisations.data],
  );

  // No initial filter values, so the list state needs no definitions and comes first: the
  // department and function options depend on the organisation filter.
  const list = useListQuery({ pageSize: settings.recordsPerPage, initialSortKey: 'last_name' });
  const query = useStaffAccounts(list.searchParams);
  // Departments and functions belong to one organisation: the chosen one (super administrator),
  // else the one the user works in. Short lists, read whole for the filter selects.
  const chosenOrganisation = typeof list.values.organisation_id === 'string' ? Number(list.values.organisation_id) : null;
  const membershipOrganisation = everyOrganisation ? chosenOrganisation : (user?.organisation_id ?? null);
  const membershipParams = withFilter('limit=500&sortKey=name', 'organisation_id', 'eq', membershipOrganisation ?? 0);
  const departments = useDepartments(membershipParams, membershipOrganisation !== null);
  const functions = useFunctions(membershipParams, membershipOrganisation !== null);

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('accounts.filters.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('filters.status'),
        options: ACCOUNT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
      },
      ...(everyOrganisation
        ? [
            {
              key: 'organisation_id',
              type: 'select' as const,
              label: t('accounts.filters.organisation'),
              size: 'medium' as const,
              options: (organisations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
            },
          ]
        : []),
      {
        key: 'department_id',
        type: 'select',
        label: t('accounts.filters.department'),
        size: 'medium',
        ...(everyOrganisation ? { parent: 'organisation_id' } : {}),
        options: (departments.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
      },
      {
        key: 'function_id',
        type: 'select',
        label: t('accounts.filters.function'),
        size: 'medium',
        ...(everyOrganisation ? { parent: 'organisation_id' } : {}),
        options: (functions.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
      },
      {
        key: 'user_type_name',
        type: 'select',
        label: t('accounts.fields.role'),
        primary: false,
        options: (['staff', 'admin', 'super_admin'] as const).map((value) => ({ value, label: USER_TYPE_LABELS[value] })),
      },
    ],
    [t, everyOrganisation, organisations.data, departments.data, functions.data],
  );

  const ask = async (row: StaffAccount, question: Question) => {
    const name = nameOf(row);
    const confirmed = await confirmDialog({
      title: t(`accounts.confirm.${question}Title`),
      message: t(`accounts.confirm.${question}`, { name, email: row.email }),
      confirmLabel: t(`accounts.confirm.${question}Confirm`),
      cancelLabel: t('actions.cancel'),
      destructive: question === 'delete' || question === 'deactivate',
    });
    if (!confirmed) return;
    try {
      if (question === 'activate' || question === 'deactivate')
        await setStatus.mutateAsync({ id: row.id, active: question === 'activate' });
      else if (question === 'resetPassword') await reset.mutateAsync(row.id);
      else await remove.mutateAsync(row.id);
      showToast('success', t(`accounts.done.${question}`, { name, email: row.email }));
    } catch (error) {
      showAdminError(error, { entity: 'staffAccount' });
    }
  };

  const columns = useMemo<DataTableColumn<StaffAccount>[]>(
    () => [
      {
        id: 'last_name',
        header: t('accounts.columns.name'),
        sortable: true,
        size: 190,
        hideable: false,
        cell: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={600} truncate>
              {nameOf(row)}
            </Text>
            <Text size="xs" c="gray.7" truncate>
              {row.email}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'user_type_name',
        header: t('accounts.fields.role'),
        size: 140,
        cell: (row) => (
          <Group gap={4}>
            <Text size="sm">{USER_TYPE_LABELS[row.user_type_name]}</Text>
            {row.is_organisation_admin ? (
              <SoftBadge size="xs" color="navy.7">
                {t('accounts.organisationAdminShort')}
              </SoftBadge>
            ) : null}
          </Group>
        ),
      },
      {
        id: 'status',
        header: t('filters.status'),
        sortable: true,
        size: 110,
        cell: (row) => <StatusBadge status={row.status} testId={`account-status-${row.id}`} />,
      },
      ...(everyOrganisation
        ? [
            {
              id: 'organisation_id',
              header: t('accounts.filters.organisation'),
              size: 170,
              accessor: (row: StaffAccount) =>
                row.organisation_id === null ? '' : (organisationName.get(row.organisation_id) ?? ''),
            },
          ]
        : []),
      {
        id: 'departments',
        header: t('accounts.fields.departments'),
        size: 140,
        defaultHidden: everyOrganisation,
        cell: (row) => (
          <ListCell
            items={row.departments.map((d) => d.name)}
            noun={t('accounts.departmentNoun')}
            nounOne={t('accounts.departmentNounOne')}
          />
        ),
      },
      {
        id: 'functions',
        header: t('accounts.fields.functions'),
        size: 160,
        cell: (row) => (
          <ListCell
            items={row.functions.map((f) => f.name)}
            noun={t('accounts.functionNoun')}
            nounOne={t('accounts.functionNounOne')}
          />
        ),
      },
      {
        id: 'uats',
        header: t('accounts.columns.uats'),
        size: 130,
        cell: (row) => (
          <ListCell items={row.uats.map((u) => u.name)} noun={t('accounts.uatNoun')} nounOne={t('accounts.uatNounOne')} />
        ),
      },
      {
        id: 'enrolled',
        header: t('accounts.columns.enrolled'),
        size: 90,
        defaultHidden: everyOrganisation,
        cell: (row) =>
          row.enrolled ? (
            <Tooltip label={t('accounts.enrolledHint')} withArrow>
              <SoftBadge size="sm" color="green.9" leftSection={<IconCertificate size={12} aria-hidden />} tabIndex={0}>
                {t('accounts.enrolledYes')}
              </SoftBadge>
            </Tooltip>
          ) : (
            <Text size="sm">{t('accounts.enrolledNo')}</Text>
          ),
      },
      {
        id: 'last_login_at',
        header: t('accounts.columns.last_login_at'),
        sortable: true,
        size: 160,
        defaultHidden: true,
        cell: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : t('accounts.never')),
      },
    ],
    [t, everyOrganisation, organisationName],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<StaffAccount>[]>(
    () => [
      {
        name: 'edit',
        label: t('actions.edit'),
        icon: <IconPencil size={16} aria-hidden />,
        isVisible: (row) => row.abilities.canEdit,
        onClick: (row) => {
          setEditing(row);
          setFormOpened(true);
        },
      },
      {
        name: 'uats',
        label: t('accounts.actions.uats'),
        icon: <IconMapPin size={16} aria-hidden />,
        isVisible: (row) => row.abilities.canAssignUats,
        onClick: setUatAccount,
      },
      {
        name: 'reset-password',
        label: t('accounts.actions.resetPassword'),
        icon: <IconKey size={16} aria-hidden />,
        isVisible: (row) => row.abilities.canResetPassword,
        onClick: (row) => void ask(row, 'resetPassword'),
      },
      {
        name: 'activate',
        label: t('accounts.actions.activate'),
        icon: <IconUserCheck size={16} aria-hidden />,
        isVisible: (row) => row.abilities.canActivate,
        onClick: (row) => void ask(row, 'activate'),
      },
      {
        name: 'deactivate',
        label: t('accounts.actions.deactivate'),
        icon: <IconUserOff size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => row.abilities.canDeactivate,
        onClick: (row) => void ask(row, 'deactivate'),
      },
      {
        name: 'delete',
        label: t('actions.delete'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => row.abilities.canDelete,
        onClick: (row) => void ask(row, 'delete'),
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="gray.7" maw={760}>
          {t('accounts.intro')}
        </Text>
        {query.data?.abilities?.canInvite ? (
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => {
              setEditing(null);
              setFormOpened(true);
            }}
            data-testid="staff-invite"
          >
            {t('accounts.invite')}
          </Button>
        ) : null}
      </Group>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('accounts.tableLabel')}
        filtersLabel={t('accounts.filtersLabel')}
        storageKey="administration-staff-accounts"
        noun={t('accounts.noun')}
        nounOne={t('accounts.nounOne')}
        getRowLabel={(row) => t('accounts.rowLabel', { name: nameOf(row) })}
        emptyTitle={t('accounts.empty')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="staff-accounts-list"
      />
      <StaffAccountModal
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        account={editing}
        organisationId={user?.organisation_id ?? null}
        organisationName={organisation?.name}
        inviterGrantsAdmin={query.data?.abilities?.canGrantAdminRole ?? false}
      />
      <UatModal account={uatAccount} onClose={() => setUatAccount(null)} />
    </Stack>
  );
}

const VIEWS = ['accounts', 'enrollments'] as const;
type View = (typeof VIEWS)[number];

/**
 * /accounts (accountsRead): the staff accounts (invite, edit, activate, deactivate, reset the
 * password, delete, assigned UATs) and the enrollment requests waiting for review.
 */
export function AccountsPage() {
  const { t } = useTranslation(['administration', 'routes']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  const view: View = (VIEWS as readonly (string | null)[]).includes(requested) ? (requested as View) : 'accounts';
  return (
    <Stack gap="lg" data-testid="accounts-page">
      <PageHeader title={t('routes:accounts')} subtitle={t('accounts.subtitle')} />
      <DelegationBanner />
      <Tabs
        value={view}
        onChange={(next) => {
          if (!next) return;
          const nextParams = new URLSearchParams(params);
          if (next === 'accounts') nextParams.delete('view');
          else nextParams.set('view', next);
          setParams(nextParams, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('accounts.viewsLabel')}>
          <Tabs.Tab value="accounts" leftSection={<IconUsers size={16} aria-hidden />} data-testid="accounts-tab-accounts">
            {t('accounts.tabs.accounts')}
          </Tabs.Tab>
          <Tabs.Tab
            value="enrollments"
            leftSection={<IconCertificate size={16} aria-hidden />}
            data-testid="accounts-tab-enrollments"
          >
            {t('accounts.tabs.enrollments')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts" pt="md">
          <StaffAccountsTab />
        </Tabs.Panel>
        <Tabs.Panel value="enrollments" pt="md">
          <EnrollmentsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
