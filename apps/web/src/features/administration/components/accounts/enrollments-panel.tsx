import type { EnrollmentRecord } from '@ghiseu/domain';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconExternalLink, IconEye, IconX } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableRowAction } from '../../../../components/data-table/types';
import { confirmDialog } from '../../../../components/feedback/confirm-dialog';
import { showToast } from '../../../../components/feedback/toast';
import type { FilterDefinition } from '../../../../components/filter-bar/types';
import { useListQuery } from '../../../../components/filter-bar/use-list-query';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { useSettings } from '../../../../lib/settings';
import { useApproveEnrollment, useEnrollments, useRejectEnrollment } from '../../api/enrollments';
import { getFileUrl } from '../../../../lib/files';
import { adminErrorText, showAdminError } from '../../errors';
import { ListBlock } from '../../../../components/page/list-block';
import { StatusBadge } from '../../../../components/page/status-badge';
import { Notice } from '../../../../components/page/notice';

const IDENTITY_FIELDS = [
  'personal_numeric_code',
  'id_card_series',
  'id_card_number',
  'id_card_issue_date',
  'id_card_expiry_date',
  'id_card_issuer',
] as const;
const DATE_FIELDS = new Set<string>(['id_card_issue_date', 'id_card_expiry_date']);

/** Rejection with a reason (required, at most 1000 characters). */
function RejectModal({ enrollment, onClose }: { enrollment: EnrollmentRecord | null; onClose: () => void }) {
  const { t } = useTranslation('administration');
  const reject = useRejectEnrollment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!enrollment) return;
    if (reason.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    try {
      await reject.mutateAsync({ id: enrollment.id, reason: reason.trim() });
      showToast('success', t('enrollments.rejected', { name: enrollment.user_name }));
      setReason('');
      onClose();
    } catch (failure) {
      setError(adminErrorText(failure, { entity: 'enrollment' }));
    }
  };

  return (
    <Modal
      opened={enrollment !== null}
      onClose={() => {
        setReason('');
        setError(null);
        onClose();
      }}
      title={t('enrollments.rejectTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('enrollments.rejectTitle')} data-testid="enrollment-reject-form">
        <Stack gap="md">
          <Text size="sm">{t('enrollments.rejectIntro', { name: enrollment?.user_name ?? '' })}</Text>
          <Textarea
            id="enrollment-reject-reason"
            label={t('enrollments.reason')}
            required
            autosize
            minRows={3}
            maxLength={1000}
            data-autofocus
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-testid="enrollment-reject-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={reject.isPending} data-testid="enrollment-reject-submit">
              {t('enrollments.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The identity data of a request next to the picture of the ID document. */
function DetailsModal({
  enrollment,
  onClose,
  onApprove,
  onReject,
}: {
  enrollment: EnrollmentRecord | null;
  onClose: () => void;
  onApprove: (row: EnrollmentRecord) => void;
  onReject: (row: EnrollmentRecord) => void;
}) {
  const { t } = useTranslation('administration');
  const [opening, setOpening] = useState(false);
  const openDocument = async () => {
    if (!enrollment?.id_document_file_id) return;
    setOpening(true);
    // Opened before the address is known, so the browser does not block it as a pop-up.
    const target = window.open('', '_blank');
    if (target) target.opener = null;
    try {
      const url = await getFileUrl(enrollment.id_document_file_id);
      if (target) target.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      target?.close();
      showAdminError(error);
    } finally {
      setOpening(false);
    }
  };
  return (
    <Modal
      opened={enrollment !== null}
      onClose={onClose}
      title={t('enrollments.detailsTitle', { name: enrollment?.user_name ?? '' })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {enrollment ? (
        <Stack gap="md" data-testid="enrollment-details">
          <Group gap="sm">
            <StatusBadge status={enrollment.status} />
            <Text size="sm">{enrollment.user_email}</Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
            {IDENTITY_FIELDS.map((field) => (
              <div key={field}>
                <Text size="sm" c="gray.7" component="dt">
                  {t(`enrollment.fields.${field}`)}
                </Text>
                <Text component="dd" m={0} fw={500}>
                  {DATE_FIELDS.has(field) ? formatDate(enrollment.identity[field]) : (enrollment.identity[field] ?? '—')}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {enrollment.rejection_reason ? (
            <Notice tone="error" role="note" title={t('enrollments.reason')}>
              {enrollment.rejection_reason}
            </Notice>
          ) : null}
          <Group justify="space-between" gap="sm">
            <Button
              variant="outline"
              leftSection={<IconExternalLink size={16} aria-hidden />}
              onClick={() => void openDocument()}
              loading={opening}
              disabled={!enrollment.id_document_file_id}
            >
              {t('enrollments.openDocument')}
            </Button>
            <Group gap="sm">
              {enrollment.abilities.canReject ? (
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => onReject(enrollment)}
                >
                  {t('enrollments.reject')}
                </Button>
              ) : null}
              {enrollment.abilities.canApprove ? (
                <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => onApprove(enrollment)}>
                  {t('enrollments.approve')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * Enrollment requests of the organisation (spec §4 "staff need video enrollment before
 * signing"): pending ones first; an administrator compares the identity data with the ID
 * document and approves or rejects with a reason. Actions follow each request's abilities.
 */
export function EnrollmentsPanel() {
  const { t } = useTranslation('administration');
  const settings = useSettings();
  const approve = useApproveEnrollment();
  const [details, setDetails] = useState<EnrollmentRecord | null>(null);
  const [rejecting, setRejecting] = useState<EnrollmentRecord | null>(null);
  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'search', type: 'search', label: t('enrollments.search'), size: 'medium' },
      {
        key: 'status',
        type: 'select',
        label: t('filters.status'),
        options: (['pending', 'approved', 'rejected'] as const).map((value) => ({
          value,
          label: t(`enrollments.status.${value}`),
        })),
      },
    ],
    [t],
  );
  const list = useListQuery({
    pageSize: settings.recordsPerPage,
    initialSortKey: '-created_at',
    initialValues: { status: 'pending' },
    definitions: filters,
  });
  const query = useEnrollments(list.searchParams);

  const onApprove = async (row: EnrollmentRecord) => {
    const confirmed = await confirmDialog({
      title: t('enrollments.approveTitle'),
      message: t('enrollments.approveQuestion', { name: row.user_name }),
      confirmLabel: t('enrollments.approve'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    try {
      await approve.mutateAsync(row.id);
      setDetails(null);
      showToast('success', t('enrollments.approved', { name: row.user_name }));
    } catch (error) {
      showAdminError(error, { entity: 'enrollment' });
    }
  };

  const columns = useMemo<DataTableColumn<EnrollmentRecord>[]>(
    () => [
      { id: 'user_name', header: t('enrollments.columns.user'), size: 200, hideable: false },
      { id: 'user_email', header: t('enrollments.columns.email'), size: 230 },
      {
        id: 'status',
        header: t('filters.status'),
        sortable: true,
        size: 130,
        cell: (row) => <StatusBadge status={row.status} />,
      },
      {
        id: 'created_at',
        header: t('enrollments.columns.created_at'),
        sortable: true,
        size: 150,
        cell: (row) => formatDateTime(row.created_at),
      },
      {
        id: 'reviewed_at',
        header: t('enrollments.columns.reviewed_at'),
        sortable: true,
        size: 150,
        cell: (row) => (row.reviewed_at ? formatDateTime(row.reviewed_at) : '—'),
      },
      {
        id: 'rejection_reason',
        header: t('enrollments.reason'),
        size: 220,
        defaultHidden: true,
        accessor: (row) => row.rejection_reason ?? '',
      },
    ],
    [t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: handlers read stable hooks only.
  const actions = useMemo<DataTableRowAction<EnrollmentRecord>[]>(
    () => [
      { name: 'details', label: t('enrollments.details'), icon: <IconEye size={16} aria-hidden />, onClick: setDetails },
      {
        name: 'approve',
        label: t('enrollments.approve'),
        icon: <IconCheck size={16} aria-hidden />,
        isVisible: (row) => row.abilities.canApprove,
        onClick: (row) => void onApprove(row),
      },
      {
        name: 'reject',
        label: t('enrollments.reject'),
        icon: <IconX size={16} aria-hidden />,
        color: 'red.9',
        isVisible: (row) => row.abilities.canReject,
        onClick: setRejecting,
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7" maw={760}>
        {t('enrollments.intro')}
      </Text>
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        actions={actions}
        label={t('enrollments.tableLabel')}
        filtersLabel={t('enrollments.filtersLabel')}
        storageKey="administration-enrollments"
        noun={t('enrollments.noun')}
        nounOne={t('enrollments.nounOne')}
        getRowLabel={(row) => t('enrollments.rowLabel', { name: row.user_name })}
        emptyTitle={t('enrollments.empty')}
        emptyFilteredTitle={t('enrollments.emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="enrollments-list"
      />
      <DetailsModal
        enrollment={details}
        onClose={() => setDetails(null)}
        onApprove={(row) => void onApprove(row)}
        onReject={(row) => {
          setDetails(null);
          setRejecting(row);
        }}
      />
      <RejectModal enrollment={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
