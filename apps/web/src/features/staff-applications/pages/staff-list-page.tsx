import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, type StaffApplicationListItem } from '@ghiseu/domain';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn, DataTableRowAction, DataTableSelectionChange } from '../../../components/data-table/types';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { useListQuery } from '../../../components/filter-bar/use-list-query';
import { ListCell } from '../../../components/list-cell/list-cell';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { formatDate } from '../../../lib/format';
import { useSettings } from '../../../lib/settings';
import { type CandidateRole, useStaffWorkList, useStaffApplicationTypes, useStaffCandidates } from '../api/staff-applications';
import { BulkAssign } from '../components/bulk-assign';
import { DeadlineCell } from '../components/deadline';
import { StaffStatusBadge } from '../components/status-badge';
import { errorText } from '../errors';
import { type BulkOutcome, BulkResultDialog, BulkSign } from '../../signing';
import { BULK_ASSIGN_LIMIT, BULK_SIGN_LIMIT, WORK_LISTS, type WorkListDefinition, workListParams } from '../work-lists';

const ASSIGNEES: CandidateRole = 'assignee';

/**
 * One staff work list (spec §2 Applications): the list's own switch (view, assigned, to review)
 * plus the shared filters (free text, entry number, status, type, submission dates, assignee,
 * overdue), sort, pages of RECORDS_PER_PAGE and the columns remembered per user. Rows can be
 * selected for a bulk "Alocați" when at least one of them may be assigned (the server's
 * `abilities`), up to {@link BULK_ASSIGN_LIMIT}, and for a "Semnați în lot" (features/signing)
 * of those whose document awaits the user's signature (`canSign`).
 */
export function StaffListPage({ list: workList }: { list: WorkListDefinition }) {
  const { t } = useTranslation(['staff-applications', 'routes']);
  const settings = useSettings();
  const navigate = useNavigate();
  const types = useStaffApplicationTypes();
  const assignees = useStaffCandidates(ASSIGNEES);
  const [selection, setSelection] = useState<DataTableSelectionChange<StaffApplicationListItem> | null>(null);
  // Kept here: once signed, the rows lose canSign and the bulk-sign toolbar goes away with them.
  const [bulkOutcome, setBulkOutcome] = useState<BulkOutcome | null>(null);

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('list.filters.search'), size: 'medium' },
      { key: 'identification_number', type: 'quicksearch', label: t('list.filters.number'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('list.filters.status'),
        options: APPLICATION_STATUSES.filter((status) => status !== 'DRAFT').map((value) => ({
          value,
          label: APPLICATION_STATUS_LABELS[value],
        })),
      },
      {
        key: 'application_type_id',
        type: 'select',
        label: t('list.filters.type'),
        size: 'medium',
        options: (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
      },
      { key: 'application_date', type: 'daterange', label: t('list.filters.date'), size: 'medium', primary: false },
      {
        key: 'assignee_user_id',
        type: 'select',
        label: t('list.filters.assignee'),
        size: 'medium',
        primary: false,
        options: (assignees.data ?? []).map((person) => ({ value: String(person.id), label: person.name })),
      },
      {
        key: 'overdue',
        type: 'select',
        label: t('list.filters.overdue'),
        primary: false,
        options: [
          { value: 'true', label: t('list.filters.overdueYes') },
          { value: 'false', label: t('list.filters.overdueNo') },
        ],
      },
    ],
    [t, types.data, assignees.data],
  );
  const list = useListQuery({
    pageSize: settings.recordsPerPage,
    initialSortKey: workList.initialSortKey,
    definitions: filters,
  });
  const query = useStaffWorkList(workListParams(workList, list.searchParams));
  const rows = query.data?.data ?? [];
  const anyAssignable = rows.some((row) => row.abilities.canAssign);
  // Documents awaiting this user's signature (the server's canSign) can be signed in one batch.
  const anySignable = rows.some((row) => row.abilities.canSign);

  const columns = useMemo<DataTableColumn<StaffApplicationListItem>[]>(
    () => [
      {
        id: 'identification_number',
        header: t('list.columns.number'),
        sortable: true,
        size: 150,
        hideable: false,
        cell: (row) => (
          <Anchor component={Link} to={`/application/${row.id}`} size="sm" data-testid={`staff-application-link-${row.id}`}>
            {row.identification_number ?? t('list.noNumber')}
          </Anchor>
        ),
      },
      { id: 'application_type_name', header: t('list.columns.type'), size: 190, accessor: (row) => row.application_type_name },
      { id: 'applicant_name', header: t('list.columns.applicant'), size: 170, accessor: (row) => row.applicant_name },
      {
        id: 'beneficiaries',
        header: t('list.columns.beneficiaries'),
        size: 180,
        cell: (row) => (
          <ListCell
            items={
              row.beneficiaries_count > row.beneficiaries.length
                ? [
                    ...row.beneficiaries.map((b) => b.display_name),
                    t('list.moreBeneficiaries', { count: row.beneficiaries_count - row.beneficiaries.length }),
                  ]
                : row.beneficiaries.map((b) => b.display_name)
            }
            noun="beneficiari"
            nounOne="beneficiar"
          />
        ),
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        size: 140,
        sortable: true,
        cell: (row) => <StaffStatusBadge status={row.status} />,
      },
      {
        id: 'application_date',
        header: t('list.columns.submitted'),
        size: 120,
        sortable: true,
        accessor: (row) => formatDate(row.application_date),
      },
      {
        id: 'response_due_date',
        header: t('list.columns.due'),
        size: 170,
        sortable: true,
        cell: (row) => <DeadlineCell facts={row} />,
      },
      {
        id: 'assignee',
        header: t('list.columns.assignee'),
        size: 160,
        cell: (row) => <Text size="sm">{row.assignee?.name ?? t('list.unassigned')}</Text>,
      },
      {
        id: 'current_step_name',
        header: t('list.columns.step'),
        size: 150,
        defaultHidden: true,
        accessor: (row) => row.current_step_name ?? '—',
      },
    ],
    [t],
  );

  const actions = useMemo<DataTableRowAction<StaffApplicationListItem>[]>(
    () => [
      {
        name: 'open',
        label: t('list.open'),
        icon: <IconEye size={16} aria-hidden />,
        onClick: (row) => navigate(`/application/${row.id}`),
      },
    ],
    [t, navigate],
  );

  const selected = selection?.rows ?? [];
  const overLimit = selection?.exceedsLimit ?? false;

  return (
    <Stack gap="lg" data-testid={`staff-list-${workList.id}`}>
      <PageHeader title={t(`routes:${workList.titleKey}`)} subtitle={t(`list.subtitles.${workList.id}`)} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('list.tableLabel', { list: t(`routes:${workList.titleKey}`) })}
        filtersLabel={t('list.filtersLabel')}
        storageKey={`staff-applications-${workList.id}`}
        noun={t('list.noun')}
        nounOne={t('list.nounOne')}
        getRowLabel={(row) => t('list.rowLabel', { name: row.identification_number ?? row.application_type_name })}
        emptyTitle={t(`list.empty.${workList.id}`)}
        emptyFilteredTitle={t('list.emptyFiltered')}
        loadErrorTitle={t('list.loadError')}
        errorText={errorText}
        testId="staff-applications"
        table={
          anyAssignable || anySignable
            ? {
                selectable: true,
                // A batch to sign may be larger than one to assign (when nothing here can be assigned).
                selectLimit: anyAssignable ? BULK_ASSIGN_LIMIT : BULK_SIGN_LIMIT,
                onSelectionChange: setSelection,
                toolbar: (
                  <Group gap="md" align="flex-end">
                    {anyAssignable ? (
                      <BulkAssign
                        selected={selected.filter((row) => row.abilities.canAssign)}
                        overLimit={overLimit}
                        onDone={() => setSelection(null)}
                      />
                    ) : null}
                    {anySignable ? (
                      <BulkSign
                        selected={selected.filter((row) => row.abilities.canSign)}
                        overLimit={overLimit}
                        onDone={() => setSelection(null)}
                        onOutcome={setBulkOutcome}
                      />
                    ) : null}
                  </Group>
                ),
              }
            : undefined
        }
      />
      <BulkResultDialog outcome={bulkOutcome} onClose={() => setBulkOutcome(null)} />
    </Stack>
  );
}

export const ApplicationsInboxPage = () => <StaffListPage list={WORK_LISTS.inbox} />;
export const ApplicationsAssignedPage = () => <StaffListPage list={WORK_LISTS.assigned} />;
export const ApplicationsReviewPage = () => <StaffListPage list={WORK_LISTS.review} />;
export const NewApplicationsPage = () => <StaffListPage list={WORK_LISTS.new} />;
export const ApplicationsInWorkPage = () => <StaffListPage list={WORK_LISTS['in-work']} />;
export const ApplicationsCompletedPage = () => <StaffListPage list={WORK_LISTS.completed} />;
