import type { StaffApplication } from '@ghiseu/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/page/page-header';
import { Fact } from '../../../components/record/fact';
import { RecordTabs, tabOf } from '../../../components/record/record-tabs';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useStaffApplication } from '../api/staff-applications';
import { ActionsBar } from '../components/actions-bar';
import { CommentsTab, HistoryTab } from '../components/comments-tab';
import { DeadlineBadges, RemainingDays } from '../components/deadline';
import { FilesTab } from '../components/files-tab';
import { BeneficiariesTab, ConsultationsTab, FormTab, ParcelsTab } from '../components/record-tabs';
import { RelatedTab } from '../components/related-tab';
import { ResponseDaysEdit } from '../components/response-days-edit';
import { StaffStatusBadge } from '../components/status-badge';
import { errorText } from '../errors';
import { DocumentPanel } from '../../signing';
import { ApplicationPaymentsPanel } from '../../payments-registry';

export const STAFF_TABS = [
  'form',
  'beneficiaries',
  'parcels',
  'files',
  'document',
  'related',
  'comments',
  'history',
  'consultations',
  'payments',
] as const;
export type StaffTab = (typeof STAFF_TABS)[number];

/** The tab of the address (`/application/:id/:tab?`); the form by default and for unknown tabs. */
export const staffTabOf = (tab: string | undefined): StaffTab => tabOf(STAFF_TABS, tab);

/**
 * /application/:id/:tab? for staff (spec §2, §3 Application, §4): the header with the entry
 * number, status, applicant and the legal clock (registered, due, remaining working days, paused
 * during clarifications, the term editable inline with responseDueDaysEdit), the actions the
 * server allows, and the tabs form, beneficiaries, parcels, files, related documents, comments,
 * history, consultations and payments (features/payments-registry), and the output document ("Document emis": features/signing). An application outside the clerk's scope answers 404: the not-found page.
 */
export function StaffApplicationPage() {
  const { t } = useTranslation('staff-applications');
  const params = useParams();
  const id = Number(params.id) || null;
  const tab = staffTabOf(params.tab);
  const query = useStaffApplication(id);
  // The circular about this application (issue 14): a page of its own, for whoever may send one.
  const canSendCircular = usePermissions().can('circularNotificationsCreate');
  if (id === null) return <Navigate to="/404" replace />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <Navigate to="/404" replace />;
    return <ErrorState title={t('view.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }
  const application = query.data;
  const title = application.identification_number
    ? t('view.title', { number: application.identification_number })
    : t('view.titleUnnumbered', { type: application.application_type_name });

  return (
    <Stack gap="lg" data-testid="staff-application">
      <PageHeader
        title={title}
        subtitle={application.application_type_name}
        actions={
          canSendCircular ? (
            <Button
              size="sm"
              variant="default"
              component={Link}
              to={`/application-circular-mail/${application.id}`}
              data-testid="action-circular"
            >
              {t('actions.circular')}
            </Button>
          ) : undefined
        }
        above={
          <Group gap="xs">
            <StaffStatusBadge status={application.status} />
            <DeadlineBadges facts={application} />
          </Group>
        }
      />
      <Facts application={application} />
      <ActionsBar application={application} />
      <RecordTabs
        tabs={STAFF_TABS}
        value={tab}
        basePath={`/application/${application.id}`}
        label={(value) => (
          <>
            {t(`tabs.${value}`)}
            {value === 'consultations' && application.consultations.length > 0 ? ` (${application.consultations.length})` : ''}
          </>
        )}
        panels={{
          form: <FormTab application={application} />,
          beneficiaries: <BeneficiariesTab application={application} />,
          parcels: <ParcelsTab application={application} />,
          files: <FilesTab application={application} />,
          document: <DocumentPanel application={application} />,
          related: <RelatedTab application={application} />,
          comments: <CommentsTab application={application} />,
          history: <HistoryTab application={application} />,
          consultations: <ConsultationsTab application={application} />,
          payments: <ApplicationPaymentsPanel applicationId={application.id} email={applicantEmailOf(application)} />,
        }}
      />
    </Stack>
  );
}

/** The e-mail a payment link goes to by default: the first beneficiary's that has one. */
const applicantEmailOf = (application: StaffApplication): string | null =>
  application.beneficiaries.find((b) => b.email)?.email ?? null;

/** Who, when and by when: the applicant, the people on the application and the legal clock. */
function Facts({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  const { deadline } = application;
  const none = t('view.none');
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" component="dl" m={0}>
        <Fact label={t('view.applicant')}>{application.applicant_name}</Fact>
        <Fact label={t('view.submitted')}>
          {application.application_date ? formatDateTime(application.application_date) : none}
        </Fact>
        <Fact label={t('view.registered')} testId="deadline-registered">
          {deadline.registered_at ? formatDateTime(deadline.registered_at) : t('view.notRegistered')}
        </Fact>
        <Fact label={t('view.term')}>
          <ResponseDaysEdit
            applicationId={application.id}
            days={deadline.response_due_in_days}
            editable={application.abilities.canEditResponseDays}
          />
        </Fact>
        <Fact label={t('view.due')} testId="deadline-due">
          {deadline.response_due_date ? formatDate(deadline.response_due_date) : none}
        </Fact>
        <div>
          <Text size="sm" c="gray.7" component="dt">
            {t('view.remaining')}
          </Text>
          <Stack component="dd" m={0} gap={2}>
            {deadline.remaining_response_days === null ? <Text fw={500}>{none}</Text> : <RemainingDays facts={application} />}
            {deadline.clock_paused_since ? (
              <Text size="sm" fw={500} data-testid="deadline-paused-since">
                {t('deadline.pausedSince', { date: formatDate(deadline.clock_paused_since) })}
              </Text>
            ) : null}
            {deadline.paused_working_days > 0 ? (
              <Text size="sm" c="gray.7">
                {t('deadline.pausedDays', { count: deadline.paused_working_days })}
              </Text>
            ) : null}
          </Stack>
        </div>
        <Fact label={t('view.assignee')} testId="staff-assignee">
          {application.assignee?.name ?? t('list.unassigned')}
        </Fact>
        <Fact label={t('view.reviewer')} testId="staff-reviewer">
          {application.reviewer?.name ?? none}
        </Fact>
        {application.current_step_name ? <Fact label={t('view.step')}>{application.current_step_name}</Fact> : null}
        {application.review_status ? (
          <Fact label={t('view.reviewStatus')}>{t(`view.reviewStatuses.${application.review_status}`)}</Fact>
        ) : null}
        {application.rejected_reason ? <Fact label={t('view.rejectedReason')}>{application.rejected_reason}</Fact> : null}
      </SimpleGrid>
    </Paper>
  );
}
