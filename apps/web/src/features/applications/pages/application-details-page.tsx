import type { Application, ApplicationFile } from '@ghiseu/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useAddComment, useApplication, useApplicationHistory, useSendReview } from '../api/applications';
import { PageHeader } from '../../../components/page/page-header';
import { Fact } from '../../../components/record/fact';
import { RecordTabs, tabOf } from '../../../components/record/record-tabs';
import { FileTable } from '../../../components/record/file-table';
import { CommentComposer, CommentList } from '../../../components/record/comment-thread';
import { HistoryTimeline } from '../../../components/record/history-timeline';
import { AnswersSummary, AreaDifferenceNotice } from '../components/answers-summary';
import { ApplicationStatusBadge } from '../components/application-status-badge';
import { isInProgress, ReceiptButton, WhatHappensNext } from '../components/what-happens-next';
import { answersOf, formFieldsOf } from '../components/wizard/wizard-logic';
import { errorText, showError } from '../errors';
import { ApplicantDocumentCard, hasApplicantDocument } from '../../signing';
import { ApplicationPaymentsPanel } from '../../payments';
import { TaxSummary } from '../components/tax-summary';

export const DETAIL_TABS = ['details', 'documents', 'comments', 'history', 'payments'] as const;

/**
 * Staff (and consultants) see the staff view of the application (features/staff-applications:
 * the staff record, the actions the server allows, the legal clock). Loaded only for them, so a
 * citizen's page carries none of it.
 */
const StaffApplicationPage = lazy(() =>
  import('../../staff-applications/pages/staff-application-page').then((module) => ({ default: module.StaffApplicationPage })),
);

/**
 * /application/:id/:tab?: the staff view for whoever reads staff applications
 * (`applicationsStaffOwnRead`), the applicant's view otherwise.
 */
export function ApplicationDetailsPage() {
  const { can } = usePermissions();
  if (can('applicationsStaffOwnRead'))
    return (
      <Suspense fallback={<PageLoader />}>
        <StaffApplicationPage />
      </Suspense>
    );
  return <CitizenApplicationDetailsPage />;
}

/**
 * The applicant's view of an application, read-only (spec §2): details (the issued document, or
 * the one to sign online or offline; what happens next while it is handled, the answers as a
 * summary, the receipt at any time), documents (the combined
 * file list, downloaded through download tokens), comments with the clarification answer,
 * history (status and dates) and payments (totals, attempts, receipts and the ways to pay,
 * from features/payments; the tax breakdown computed at submission).
 */
function CitizenApplicationDetailsPage() {
  const { t } = useTranslation('applications');
  const params = useParams();
  const id = Number(params.id) || null;
  const tab = tabOf(DETAIL_TABS, params.tab);
  const query = useApplication(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return <ErrorState title={t('details.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const application = query.data;
  const title = application.identification_number
    ? t('details.title', { number: application.identification_number })
    : t('details.draftTitle', { type: application.application_type_name });

  return (
    <Stack gap="lg" data-testid="application-details">
      <PageHeader
        title={title}
        subtitle={application.application_type_name}
        above={<ApplicationStatusBadge status={application.status} />}
        actions={
          application.status === 'DRAFT' && application.abilities.canEdit ? (
            <Button component={Link} to={`/application/${application.id}/edit`} leftSection={<IconEdit size={18} aria-hidden />}>
              {t('details.editDraft')}
            </Button>
          ) : application.status !== 'DRAFT' ? (
            // The receipt at any time, not only right after submission.
            <ReceiptButton application={application} />
          ) : null
        }
      />
      <RecordTabs
        tabs={DETAIL_TABS}
        value={tab}
        basePath={`/application/${application.id}`}
        label={(value) => t(`details.tabs.${value}`)}
        panels={{
          details: (
            <Stack gap="lg">
              {/* The issued document, or the one awaiting the applicant's signature (features/signing). */}
              {hasApplicantDocument(application.status) ? <ApplicantDocumentCard application={application} /> : null}
              {isInProgress(application) ? <WhatHappensNext application={application} /> : null}
              <DetailsTab application={application} />
            </Stack>
          ),
          documents: <DocumentsTab files={application.files} />,
          comments: <CommentsTab application={application} />,
          history: <HistoryTab application={application} />,
          payments: (
            <Stack gap="lg">
              {application.status === 'DRAFT' ? (
                <Text data-testid="payments-draft">{t('details.paymentsDraft')}</Text>
              ) : (
                <ApplicationPaymentsPanel applicationId={application.id} />
              )}
              {application.tax_summary ? <TaxSummary summary={application.tax_summary} /> : null}
            </Stack>
          ),
        }}
      />
    </Stack>
  );
}

/**
 * The response term as the applicant sees it: the due date; while the clarifications they were
 * asked for are awaited (REVIEW), that the legal clock stands still and since when; once they
 * answered, by how many working days the due date moved.
 */
function DueFact({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const paused = application.status === 'REVIEW' && application.clock_paused_since !== null;
  return (
    <div>
      <Text size="sm" c="gray.7" component="dt">
        {t('details.due')}
      </Text>
      <Stack component="dd" m={0} gap={2}>
        <Text fw={500} data-testid="details-due">
          {application.response_due_date ? formatDate(application.response_due_date) : t('details.none')}
        </Text>
        {paused ? (
          <Text size="sm" data-testid="details-clock-paused">
            {t('details.clock.pausedSince', { date: formatDate(application.clock_paused_since as string) })}
          </Text>
        ) : application.paused_working_days > 0 && application.response_due_date ? (
          <Text size="sm" data-testid="details-clock-moved">
            {t('details.clock.moved', { count: application.paused_working_days })}
          </Text>
        ) : null}
      </Stack>
    </div>
  );
}

function DetailsTab({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const fields = useMemo(() => formFieldsOf(application), [application]);
  const answers = useMemo(() => answersOf(application), [application]);
  const none = t('details.none');
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
          <Fact label={t('details.status')}>{application.status_label}</Fact>
          <Fact label={t('details.number')}>{application.identification_number ?? none}</Fact>
          <Fact label={t('details.type')}>{application.application_type_name}</Fact>
          <Fact label={t('details.institution')}>{application.tenant_name}</Fact>
          <Fact label={t('details.created')}>{formatDateTime(application.created_at)}</Fact>
          <Fact label={t('details.submitted')}>
            {application.application_date ? formatDateTime(application.application_date) : none}
          </Fact>
          <DueFact application={application} />
          <Fact label={t('details.resolved')}>{application.resolved_at ? formatDateTime(application.resolved_at) : none}</Fact>
        </SimpleGrid>
      </Paper>
      <section aria-labelledby="details-answers">
        <Title order={2} size="h4" id="details-answers" mb="sm">
          {t('details.answers')}
        </Title>
        {fields ? (
          <Stack gap="sm">
            <AreaDifferenceNotice fields={fields} values={answers} realEstates={application.real_estates} />
            <AnswersSummary fields={fields} values={answers} />
          </Stack>
        ) : (
          <Text>{t('details.noForm')}</Text>
        )}
      </section>
      <section aria-labelledby="details-beneficiaries">
        <Title order={2} size="h4" id="details-beneficiaries" mb="sm">
          {t('details.beneficiaries')}
        </Title>
        {application.beneficiaries.length === 0 ? (
          <Text>{none}</Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {application.beneficiaries.map((b) => (
              <Text component="li" key={b.id}>
                {b.display_name} · {b.unique_registration_code ?? b.personal_numeric_code ?? ''}
              </Text>
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="details-real-estates">
        <Title order={2} size="h4" id="details-real-estates" mb="sm">
          {t('details.realEstates')}
        </Title>
        {application.real_estates.length === 0 ? (
          <Text>{none}</Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {application.real_estates.map((r) => (
              <Text component="li" key={r.id}>
                {r.cadastral_number} · {r.uat_name}, {r.county_name} · {r.type_label}
                {r.area !== null ? ` · ${r.area.toLocaleString('ro-RO')} mp` : ''}
                {r.found_in_registry
                  ? ` · ${t('wizard.realEstates.inRegistry')}${r.registry_area !== null ? ` (${r.registry_area.toLocaleString('ro-RO')} mp)` : ''}`
                  : ` · ${t('wizard.realEstates.notInRegistry')}`}
              </Text>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function DocumentsTab({ files }: { files: readonly ApplicationFile[] }) {
  const { t } = useTranslation('applications');
  if (files.length === 0) return <EmptyState title={t('details.documents.empty')} />;
  return (
    <FileTable
      files={files}
      label={t('details.documents.label')}
      testId="documents-table"
      minWidth={600}
      headers={{
        name: t('details.documents.name'),
        kind: t('details.documents.kind'),
        size: t('details.documents.size'),
        date: t('details.documents.date'),
        actions: t('details.documents.actions'),
      }}
      kindLabel={(file) => t(`details.documents.kinds.${file.file_type}`)}
      downloadLabel={(file) => t('details.documents.download', { name: file.name })}
      onError={showError}
    />
  );
}

function CommentsTab({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const addComment = useAddComment();
  const sendReview = useSendReview();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const required = t('details.comments.required');

  const onComment = async () => {
    if (!text.trim()) {
      setTextError(required);
      return;
    }
    setTextError(null);
    try {
      await addComment.mutateAsync({ id: application.id, text: text.trim() });
      setText('');
      showToast('success', t('details.comments.added'));
    } catch (error) {
      showError(error);
    }
  };
  const onAnswer = async () => {
    if (!answer.trim()) {
      setAnswerError(required);
      return;
    }
    setAnswerError(null);
    try {
      await sendReview.mutateAsync({ id: application.id, text: answer.trim() });
      setAnswer('');
      showToast('success', t('details.comments.clarificationSent'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap="md">
      {application.status === 'REVIEW' && application.abilities.canAnswerClarification ? (
        <Alert color="orange" title={t('details.comments.clarificationTitle')}>
          <Stack gap="sm">
            <Textarea
              label={t('details.comments.clarificationLabel')}
              required
              autosize
              minRows={3}
              maxLength={4000}
              value={answer}
              onChange={(e) => setAnswer(e.currentTarget.value)}
              error={answerError}
            />
            <Button w="fit-content" onClick={() => void onAnswer()} loading={sendReview.isPending}>
              {t('details.comments.sendClarification')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <CommentList
        comments={application.comments}
        emptyTitle={t('details.comments.empty')}
        author={(comment) => (
          <Text fw={600} size="sm">
            {comment.author_name}
            {comment.is_clarification ? ` · ${t('details.comments.clarification')}` : ''}
          </Text>
        )}
      />
      {application.abilities.canComment ? (
        <CommentComposer
          label={t('details.comments.label')}
          value={text}
          onChange={setText}
          error={textError}
          addLabel={t('details.comments.add')}
          onAdd={() => void onComment()}
          loading={addComment.isPending}
        />
      ) : null}
    </Stack>
  );
}

function HistoryTab({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const history = useApplicationHistory(application.id);
  const body = (
    <HistoryTimeline
      history={history}
      errorText={errorText}
      texts={{
        loadError: t('details.history.loadError'),
        empty: t('details.history.empty'),
        system: t('details.history.system'),
        repeated: (label, count) => t('details.history.repeated', { label, count }),
      }}
    />
  );
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text>{t('details.status')}:</Text>
        <ApplicationStatusBadge status={application.status} />
      </Group>
      {body}
    </Stack>
  );
}
