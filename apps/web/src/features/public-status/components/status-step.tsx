import { formatBytes, type PublicApplicationStatus, type PublicDocument } from '@ghiseu/domain';
import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { API_BASE_URL } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { usePublicStatus } from '../api/get-status';
import { isAccessRefused, isNotFound } from '../errors';
import { StepMessage } from './message';
import { StepHeading } from './step-heading';

/**
 * The download address of a document, absolute and asking for an attachment. The server gives a
 * path below the API's host (`/api/files/{id}?token=…`), which may differ from the page's.
 */
export function downloadHref(url: string): string {
  const apiBase = new URL(API_BASE_URL, window.location.origin);
  const href = new URL(url, apiBase);
  href.searchParams.set('download', 'true');
  return href.toString();
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function DocumentRow({ document }: { document: PublicDocument }) {
  const { t } = useTranslation('public-status');
  return (
    <Box component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="public-document">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileText aria-hidden size={20} style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Text style={{ overflowWrap: 'anywhere' }}>{document.name}</Text>
            <Text size="sm" c="gray.7">
              {formatBytes(document.size)} · {formatDate(document.created_at)}
            </Text>
          </div>
        </Group>
        <Button
          component="a"
          href={downloadHref(document.url)}
          download={document.name}
          variant="outline"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={t('status.downloadLabel', { name: document.name })}
          data-testid="public-document-download"
        >
          {t('status.download')}
        </Button>
      </Group>
    </Box>
  );
}

function StatusCard({
  status,
  focusHeading,
  onEnd,
}: {
  status: PublicApplicationStatus;
  focusHeading: boolean;
  onEnd: () => void;
}) {
  const { t } = useTranslation('public-status');
  const missing = t('status.missing');
  return (
    <section aria-labelledby="public-status-result" data-testid="public-status-card">
      <Stack gap="lg">
        <StepHeading step={3} id="public-status-result" title={t('status.heading')} focus={focusHeading} />
        <Paper withBorder p="md" radius="md">
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
            <Fact label={t('status.number')} testId="public-status-number">
              {status.identification_number ?? missing}
            </Fact>
            <Fact label={t('status.state')} testId="public-status-state">
              <Badge variant="filled" color="navy.7" size="lg" radius="sm" tt="none">
                {status.status_label}
              </Badge>
            </Fact>
            <Fact label={t('status.type')} testId="public-status-type">
              {status.application_type_name}
            </Fact>
            <Fact label={t('status.organisation')} testId="public-status-organisation">
              {status.organisation_name}
            </Fact>
            <Fact label={t('status.date')} testId="public-status-date">
              {formatDate(status.application_date) || missing}
            </Fact>
            <Fact label={t('status.due')} testId="public-status-due">
              {formatDate(status.response_due_date) || missing}
            </Fact>
          </SimpleGrid>
        </Paper>
        <section aria-labelledby="public-status-documents">
          <Title order={3} size="h4" id="public-status-documents" mb="xs">
            {t('status.documents')}
          </Title>
          {status.documents.length === 0 ? (
            <EmptyState title={t('status.documentsEmpty')} description={t('status.documentsEmptyHint')} />
          ) : (
            <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="public-documents">
              {status.documents.map((document) => (
                <DocumentRow key={document.file_id} document={document} />
              ))}
            </Box>
          )}
        </section>
        <Button variant="subtle" px={0} onClick={onEnd} style={{ alignSelf: 'flex-start' }} data-testid="public-status-end">
          {t('status.end')}
        </Button>
      </Stack>
    </section>
  );
}

export interface StatusStepProps {
  applicationId: number;
  token: string;
  focusHeading: boolean;
  /** The token is no longer accepted: back to the phone. */
  onAccessExpired: () => void;
  /** The visitor ends the consultation (shared devices). */
  onEnd: () => void;
}

/** Step 3: the status card and the public documents, with loading, empty and error states. */
export function StatusStep({ applicationId, token, focusHeading, onAccessExpired, onEnd }: StatusStepProps) {
  const { t } = useTranslation('public-status');
  const query = usePublicStatus(applicationId, token);
  const refused = query.isError && isAccessRefused(query.error);

  useEffect(() => {
    if (refused) onAccessExpired();
  }, [refused, onAccessExpired]);

  if (query.isPending || refused) return <PageLoader label={t('status.loading')} minHeight={200} />;
  if (query.isError) {
    if (isNotFound(query.error)) return <StepMessage>{t('errors.notFound')}</StepMessage>;
    return (
      <ErrorState
        title={t('status.loadError')}
        message={t('errors.technical')}
        retryLabel={t('status.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <StatusCard status={query.data} focusHeading={focusHeading} onEnd={onEnd} />;
}
