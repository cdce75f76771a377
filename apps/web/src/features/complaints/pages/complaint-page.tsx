import { COMPLAINT_STATUS_LABELS } from '@ghiseu/domain';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
  Typography,
} from '@mantine/core';
import { IconCheck, IconClipboardCheck, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { PageHeader } from '../../../components/page/page-header';
import { CommentComposer, CommentList } from '../../../components/record/comment-thread';
import { Fact } from '../../../components/record/fact';
import { FileTable } from '../../../components/record/file-table';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, showApiError, validationFieldErrors } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { usePermissions } from '../../../lib/permissions';
import { useComplaint, useComplaintAction } from '../api/complaints';
import type { ComplaintComment, ComplaintRecord } from '../api/types';
import { AssignModal } from '../components/assign-modal';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';
import { type ResponseMode, ResponseModal } from '../components/response-modal';
import { placeOf } from '../place';

/**
 * /complain/:id (complainView, spec §2, §4): the complaint's details, photos and documents
 * (downloaded through download tokens), the answer once it is closed, the comments (internal
 * ones only for staff) and the status history. Staff act as the record's abilities allow:
 * assign a solver, resolve or reject with an answer built from a response template, dismiss
 * ('Clasare'), and prepare a control from it (controlRead).
 */
export function ComplaintPage() {
  const { t } = useTranslation('complaints');
  const params = useParams();
  const id = Number(params.id) || null;
  const query = useComplaint(id);

  if (id === null) return <ErrorState title={t('details.notFound')} message={t('details.notFoundHelp')} />;
  if (query.isPending) return <PageLoader label={t('loading')} />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="lg">
        <ErrorState
          title={missing ? t('details.notFound') : t('details.loadError')}
          message={missing ? t('details.notFoundHelp') : apiErrorText(query.error)}
          onRetry={missing ? undefined : () => void query.refetch()}
          retryLabel={t('actions.retry')}
        />
        <Group justify="center">
          <Button component={Link} to="/complain" variant="default">
            {t('details.backToList')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return <ComplaintView complaint={query.data} />;
}

function ComplaintView({ complaint }: { complaint: ComplaintRecord }) {
  const { t } = useTranslation('complaints');
  const { can } = usePermissions();
  const [assignOpen, setAssignOpen] = useState(false);
  const [mode, setMode] = useState<ResponseMode | null>(null);
  const abilities = complaint.abilities;
  const staffView = can('complainEdit');

  const actions = (
    <Group gap="sm">
      {abilities.can_assign ? (
        <Button
          variant="default"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setAssignOpen(true)}
          data-testid="complaint-assign"
        >
          {complaint.solver ? t('details.actions.reassign') : t('details.actions.assign')}
        </Button>
      ) : null}
      {abilities.can_resolve ? (
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          onClick={() => setMode('resolve')}
          data-testid="complaint-resolve"
        >
          {t('details.actions.resolve')}
        </Button>
      ) : null}
      {abilities.can_reject ? (
        <Button
          variant="default"
          leftSection={<IconX size={18} aria-hidden />}
          onClick={() => setMode('reject')}
          data-testid="complaint-reject"
        >
          {t('details.actions.reject')}
        </Button>
      ) : null}
      {abilities.can_dismiss ? (
        <Button variant="default" onClick={() => setMode('dismiss')} data-testid="complaint-dismiss">
          {t('details.actions.dismiss')}
        </Button>
      ) : null}
      {abilities.can_prepare_control && can('controlRead') ? (
        <Button
          variant="default"
          component={Link}
          to={`/control/new?complaint_id=${complaint.id}`}
          leftSection={<IconClipboardCheck size={18} aria-hidden />}
          data-testid="complaint-prepare-control"
        >
          {t('details.actions.prepareControl')}
        </Button>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="lg" data-testid="complaint-page">
      <PageHeader
        title={t('details.title', { code: complaint.entry_code })}
        subtitle={complaint.complaint_type.name}
        above={
          <Group gap="sm">
            <Anchor component={Link} to="/complain" size="sm">
              {t('details.backToList')}
            </Anchor>
            <ComplaintStatusBadge status={complaint.status} testId="complaint-status" />
          </Group>
        }
        actions={actions}
      />

      <Answer complaint={complaint} />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="complaint-details">
        <Stack gap="md">
          <Title order={2} size="h4" id="complaint-details">
            {t('details.sections.details')}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
            <Fact label={t('details.fields.entryCode')} testId="complaint-entry-code">
              {complaint.entry_code}
            </Fact>
            <Fact label={t('details.fields.type')}>{complaint.complaint_type.name}</Fact>
            <Fact label={t('details.fields.organisation')}>{complaint.organisation.name}</Fact>
            <Fact label={t('details.fields.place')}>{placeOf(complaint)}</Fact>
            <Fact label={t('details.fields.addressDetails')}>{complaint.address_details || t('details.none')}</Fact>
            <Fact label={t('details.fields.createdAt')}>{formatDateTime(complaint.created_at)}</Fact>
            {staffView ? <Fact label={t('details.fields.reporter')}>{complaint.reporter.name}</Fact> : null}
            <Fact label={t('details.fields.contact')}>
              {[complaint.contact_name, complaint.contact_phone, complaint.contact_email].filter(Boolean).join(' · ')}
            </Fact>
            <Fact label={t('details.fields.solver')} testId="complaint-solver">
              {complaint.solver?.name ?? t('details.noSolver')}
            </Fact>
          </SimpleGrid>
          <div>
            <Text size="sm" c="gray.7">
              {t('details.fields.description')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="complaint-description">
              {complaint.description}
            </Text>
          </div>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="complaint-files">
        <Stack gap="md">
          <Title order={2} size="h4" id="complaint-files">
            {t('details.sections.files')}
          </Title>
          {complaint.files.length === 0 ? (
            <EmptyState title={t('details.noFiles')} />
          ) : (
            <FileTable
              files={complaint.files.map((file) => ({ ...file, file_type: file.kind }))}
              label={t('details.sections.files')}
              testId="complaint-files-table"
              minWidth={560}
              headers={{
                name: t('details.files.name'),
                kind: t('details.files.kind'),
                size: t('details.files.size'),
                date: t('details.files.date'),
                actions: t('details.files.actions'),
              }}
              kindLabel={(file) => t(`details.files.kinds.${file.kind}`)}
              downloadLabel={(file) => t('details.files.download', { name: file.name })}
              onError={(error) => showApiError(error)}
            />
          )}
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Comments complaint={complaint} />
        <History complaint={complaint} />
      </SimpleGrid>

      {abilities.can_assign ? (
        <AssignModal complaint={complaint} opened={assignOpen} onClose={() => setAssignOpen(false)} />
      ) : null}
      <ResponseModal complaint={complaint} mode={mode} onClose={() => setMode(null)} />
    </Stack>
  );
}

/** The answer the citizen reads, once the complaint is closed (server-sanitised HTML). */
function Answer({ complaint }: { complaint: ComplaintRecord }) {
  const { t } = useTranslation('complaints');
  if (!complaint.response && !complaint.responded_at) return null;
  const tone = complaint.status === 'RESOLVED' ? 'green' : complaint.status === 'REJECTED' ? 'red' : 'gray';
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="complaint-answer"
      style={{ borderLeft: `4px solid var(--mantine-color-${tone}-8)` }}
      data-testid="complaint-answer"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="complaint-answer">
          {t('details.sections.answer')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('details.answeredBy', {
            status: COMPLAINT_STATUS_LABELS[complaint.status],
            date: formatDateTime(complaint.responded_at),
            name: complaint.responded_by?.name ?? complaint.organisation.name,
          })}
        </Text>
        {complaint.response ? (
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the answer (sanitize-html) when it stores it. */}
            <div data-testid="complaint-response" dangerouslySetInnerHTML={{ __html: complaint.response }} />
          </Typography>
        ) : (
          <Text>{t('details.noResponseText')}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Comments oldest first; staff may mark theirs internal (never shown to the citizen). */
function Comments({ complaint }: { complaint: ComplaintRecord }) {
  const { t } = useTranslation('complaints');
  const action = useComplaintAction(complaint.id);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(complaint.abilities.can_comment_internal);
  const [error, setError] = useState<string | null>(null);
  const comments = complaint.comments.map((comment) => ({
    ...comment,
    author_name: comment.author.name,
  }));

  const add = async () => {
    if (!text.trim()) {
      setError(t('comments.required'));
      return;
    }
    try {
      await action.mutateAsync({
        action: 'comments',
        body: { text: text.trim(), is_internal: complaint.abilities.can_comment_internal && internal },
      });
      setText('');
      setError(null);
      showToast('success', t('comments.added'));
    } catch (failure) {
      setError(validationFieldErrors(failure).text ?? apiErrorText(failure));
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="complaint-comments">
      <Stack gap="md">
        <Title order={2} size="h4" id="complaint-comments">
          {t('details.sections.comments')}
        </Title>
        <CommentList<ComplaintComment & { author_name: string }>
          comments={comments}
          emptyTitle={t('comments.empty')}
          testId="complaint-comments-list"
          author={(comment) => (
            <Group gap={6}>
              <Text fw={600} size="sm">
                {comment.author_name}
              </Text>
              {comment.is_internal ? (
                <Badge size="sm" variant="outline" color="gray.8">
                  {t('comments.internal')}
                </Badge>
              ) : null}
            </Group>
          )}
          itemAttributes={(comment) => ({ 'data-internal': comment.is_internal })}
        />
        {complaint.abilities.can_comment ? (
          <CommentComposer
            label={t('comments.label')}
            value={text}
            onChange={(value) => {
              setText(value);
              if (error) setError(null);
            }}
            error={error}
            addLabel={t('comments.add')}
            onAdd={() => void add()}
            loading={action.isPending}
            textTestId="complaint-comment-text"
            addTestId="complaint-comment-add"
          >
            {complaint.abilities.can_comment_internal ? (
              <Checkbox
                label={t('comments.internalLabel')}
                description={t('comments.internalHint')}
                checked={internal}
                onChange={(event) => setInternal(event.currentTarget.checked)}
                data-testid="complaint-comment-internal"
              />
            ) : null}
          </CommentComposer>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The status history, oldest first: who moved the complaint where, and when. */
function History({ complaint }: { complaint: ComplaintRecord }) {
  const { t } = useTranslation('complaints');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="complaint-history">
      <Stack gap="md">
        <Title order={2} size="h4" id="complaint-history">
          {t('details.sections.history')}
        </Title>
        {complaint.history.length === 0 ? (
          <EmptyState title={t('history.empty')} />
        ) : (
          <Timeline active={complaint.history.length - 1} bulletSize={16} lineWidth={2} data-testid="complaint-history-list">
            {complaint.history.map((entry, index) => (
              <Timeline.Item
                // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only and has no ids.
                key={index}
                title={
                  entry.from_status
                    ? t('history.changed', {
                        from: COMPLAINT_STATUS_LABELS[entry.from_status],
                        to: COMPLAINT_STATUS_LABELS[entry.to_status],
                      })
                    : t('history.filed')
                }
              >
                <Text size="sm" c="gray.7">
                  {formatDateTime(entry.created_at)}
                  {entry.actor_name ? ` · ${entry.actor_name}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
