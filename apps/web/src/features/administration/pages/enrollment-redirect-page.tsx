import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconCircleX, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useEnrollmentRedirect } from '../api/enrollments';
import { PageHeader } from '../../../components/page/page-header';
import { StatusBadge } from '../../../components/page/status-badge';
import { adminErrorText } from '../errors';
import { Notice } from '../../../components/page/notice';

const LOOK = {
  pending: { tone: 'info', icon: <IconClockHour4 aria-hidden /> },
  approved: { tone: 'success', icon: <IconCircleCheck aria-hidden /> },
  rejected: { tone: 'error', icon: <IconCircleX aria-hidden /> },
} as const;

/**
 * /staff-enrollment/redirect/:id (signed in): the status of one enrollment request, with what
 * the server says to show (title, message, next step). A pending request is looked at again
 * every 30 s; once approved, the session is refreshed so that the 'enrolled' mark follows.
 */
export function EnrollmentRedirectPage() {
  const { t } = useTranslation(['administration', 'routes']);
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const query = useEnrollmentRedirect(id);
  const { user, refreshUser } = useSession();
  const refreshed = useRef(false);

  const enrolled = query.data?.enrolled;
  useEffect(() => {
    if (enrolled && user && !user.enrolled && !refreshed.current) {
      refreshed.current = true;
      void refreshUser().catch(() => {});
    }
  }, [enrolled, user, refreshUser]);

  const header = <PageHeader title={t('routes:staffEnrollment')} />;
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Stack gap="lg">
        {header}
        <EmptyState title={t('enrollment.redirect.notFound')} />
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="lg">
        {header}
        <PageLoader />
      </Stack>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="lg">
        {header}
        {missing ? (
          <EmptyState
            title={t('enrollment.redirect.notFound')}
            action={
              <Button component={Link} to="/staff-enrollment">
                {t('enrollment.redirect.newRequest')}
              </Button>
            }
          />
        ) : (
          <ErrorState title={t('loadError')} message={adminErrorText(query.error)} onRetry={() => void query.refetch()} />
        )}
      </Stack>
    );
  }

  const record = query.data;
  const look = LOOK[record.status];
  return (
    <Stack gap="lg" maw={820} data-testid="enrollment-redirect-page">
      {header}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Notice
            tone={look.tone}
            role="status"
            icon={look.icon}
            title={record.title}
            data-testid="enrollment-redirect-status"
            data-status={record.status}
          >
            {record.message}
          </Notice>
          <Group gap="lg" wrap="wrap">
            <Group gap={6}>
              <Text size="sm" c="gray.7">
                {t('enrollment.redirect.status')}
              </Text>
              <StatusBadge status={record.status} testId="enrollment-status" />
            </Group>
            <Text size="sm">
              <Text span c="gray.7">
                {t('enrollment.redirect.sentAt')}
              </Text>{' '}
              {formatDateTime(record.created_at)}
            </Text>
            {record.reviewed_at ? (
              <Text size="sm">
                <Text span c="gray.7">
                  {t('enrollment.redirect.reviewedAt')}
                </Text>{' '}
                {formatDateTime(record.reviewed_at)}
              </Text>
            ) : null}
          </Group>
          <Group gap="sm">
            <Button component={Link} to={record.action.route} data-testid="enrollment-redirect-action">
              {record.action.label}
            </Button>
            {record.status === 'pending' ? (
              <Button
                variant="outline"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => void query.refetch()}
                loading={query.isFetching}
              >
                {t('enrollment.redirect.refresh')}
              </Button>
            ) : null}
            {record.status === 'rejected' ? (
              <Button variant="outline" component={Link} to="/staff-enrollment">
                {t('enrollment.redirect.newRequest')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
