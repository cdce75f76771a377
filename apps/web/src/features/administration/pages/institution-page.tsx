import { Anchor, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import {
  IconArrowLeft,
  IconBuilding,
  IconBuildingBank,
  IconReceiptTax,
  IconSitemap,
  IconUsers,
  IconUserShield,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { ApiError } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/permissions';
import { useOrganisation } from '../api/organisations';
import { useStaffAccounts } from '../api/staff-accounts';
import { DelegationBanner } from '../components/delegation/delegation-banner';
import { OrganisationDetailsTab } from '../components/organisations/organisation-details-tab';
import { PageHeader } from '../../../components/page/page-header';
import { StatusBadge } from '../../../components/page/status-badge';
import { DepartmentsTab } from '../components/structure/departments-tab';
import { FunctionsTab } from '../components/structure/functions-tab';
import { adminErrorText } from '../errors';
import { withFilter } from '../list-params';
import { SoftBadge } from '../../../components/page/soft-badge';
import { BankAccountsTab } from '../../taxes/components/bank-accounts-tab';
import { TaxesTab } from '../../taxes/components/taxes-tab';

/** Tabs of the organisation card and the `tab` query values that open them. */
export const INSTITUTION_TABS = [
  'institution-details',
  'departments',
  'functions',
  'accounts',
  'taxes',
  'bank-accounts',
] as const;
export type InstitutionTab = (typeof INSTITUTION_TABS)[number];

const isTab = (value: string | null): value is InstitutionTab => (INSTITUTION_TABS as readonly (string | null)[]).includes(value);

/** Tab 'Conturi': how many staff accounts the organisation has, and the way to /accounts. */
function AccountsSummary({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('administration');
  const query = useStaffAccounts(withFilter('limit=1&pagination=true', 'organisation_id', 'eq', organisationId));
  const total = query.data?.pagination?.total;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm" align="flex-start">
        <Text>{t('institution.accountsText')}</Text>
        {total !== undefined ? (
          <Text fw={600} data-testid="institution-accounts-total">
            {t('institution.accountsTotal', { count: total })}
          </Text>
        ) : null}
        <Button
          component={Link}
          to="/accounts"
          leftSection={<IconUsers size={16} aria-hidden />}
          data-testid="institution-accounts-link"
        >
          {t('institution.accountsLink')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /institution?id=…&tab=… (own organisation, spec §2): the organisation card with the tabs
 * 'Detalii instituție', 'Departamente', 'Funcții', 'Conturi', 'Taxe' and 'Conturi bancare'. The route guard already limits
 * `id` to the organisation the user works in.
 */
export function InstitutionPage() {
  // 'taxes' too: the tabs 'Taxe' and 'Conturi bancare' use it (loaded with the page, not on the tab's first open).
  const { t } = useTranslation(['administration', 'routes', 'taxes']);
  const [params, setParams] = useSearchParams();
  const { can } = usePermissions();
  const id = Number(params.get('id'));
  const requested = params.get('tab');
  const query = useOrganisation(Number.isInteger(id) && id > 0 ? id : null);

  const tabs: { value: InstitutionTab; label: string; icon: ReactNode; visible: boolean }[] = [
    {
      value: 'institution-details',
      label: t('institution.tabs.details'),
      icon: <IconBuilding size={16} aria-hidden />,
      visible: true,
    },
    {
      value: 'departments',
      label: t('institution.tabs.departments'),
      icon: <IconSitemap size={16} aria-hidden />,
      visible: can('departmentsEdit', 'accountsRead', 'accountsEdit'),
    },
    {
      value: 'functions',
      label: t('institution.tabs.functions'),
      icon: <IconUserShield size={16} aria-hidden />,
      visible: can('functionsEdit', 'accountsRead', 'accountsEdit'),
    },
    {
      value: 'accounts',
      label: t('institution.tabs.accounts'),
      icon: <IconUsers size={16} aria-hidden />,
      visible: can('accountsRead'),
    },
    {
      value: 'taxes',
      label: t('institution.tabs.taxes'),
      icon: <IconReceiptTax size={16} aria-hidden />,
      visible: can('taxesEdit'),
    },
    {
      value: 'bank-accounts',
      label: t('institution.tabs.bankAccounts'),
      icon: <IconBuildingBank size={16} aria-hidden />,
      visible: can('bankAccountsEdit'),
    },
  ];
  const visibleTabs = tabs.filter((tab) => tab.visible);
  const tab: InstitutionTab =
    isTab(requested) && visibleTabs.some((v) => v.value === requested) ? requested : 'institution-details';

  const back = can('organisationsRead') ? (
    <Anchor component={Link} to="/institutions" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('institution.back')}
      </Group>
    </Anchor>
  ) : undefined;

  if (query.isPending) {
    return (
      <Stack gap="lg">
        <PageHeader title={t('routes:institution')} above={back} />
        <PageLoader />
      </Stack>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="lg">
        <PageHeader title={t('routes:institution')} above={back} />
        {missing ? (
          <EmptyState title={t('institution.notFound')} />
        ) : (
          <ErrorState title={t('loadError')} message={adminErrorText(query.error)} onRetry={() => void query.refetch()} />
        )}
      </Stack>
    );
  }

  const record = query.data;

  return (
    <Stack gap="lg" data-testid="institution-page">
      <PageHeader
        above={back}
        title={record.name}
        subtitle={
          <Group gap="xs" component="span">
            <SoftBadge color="navy.7">{t(`organisation.types.${record.type}`)}</SoftBadge>
            <StatusBadge status={record.status} />
            {record.is_test ? <SoftBadge color="orange.9">{t('organisations.test')}</SoftBadge> : null}
          </Group>
        }
      />
      <DelegationBanner />
      <Tabs
        value={tab}
        onChange={(next) => {
          if (!next) return;
          const nextParams = new URLSearchParams(params);
          nextParams.set('tab', next);
          setParams(nextParams, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('institution.tabsLabel')}>
          {visibleTabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value} leftSection={item.icon} data-testid={`institution-tab-${item.value}`}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="institution-details" pt="md">
          <OrganisationDetailsTab record={record} abilities={record.abilities} />
        </Tabs.Panel>
        <Tabs.Panel value="departments" pt="md">
          <DepartmentsTab organisationId={record.id} />
        </Tabs.Panel>
        <Tabs.Panel value="functions" pt="md">
          <FunctionsTab organisationId={record.id} />
        </Tabs.Panel>
        <Tabs.Panel value="accounts" pt="md">
          <AccountsSummary organisationId={record.id} />
        </Tabs.Panel>
        <Tabs.Panel value="taxes" pt="md">
          <TaxesTab organisationId={record.id} />
        </Tabs.Panel>
        <Tabs.Panel value="bank-accounts" pt="md">
          <BankAccountsTab organisationId={record.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
