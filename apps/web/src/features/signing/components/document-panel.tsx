import { type ApplicationDocument, type DocumentPanelCell, errorMessage } from '@ghiseu/domain';
import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Fact } from '../../../components/record/fact';
import { getFileUrl } from '../../../lib/files';
import { formatDateTime } from '../../../lib/format';
import { previewStaffDocument, useGenerationStatus, useStaffDocument } from '../api/documents';
import { useRefreshAfterSigning } from '../api/signing';
import { type DocumentSubject, nextCell } from '../document-logic';
import { signingErrorText } from '../outcomes';
import { DocumentCommands } from './document-commands';

const STATE_COLORS: Record<string, string> = {
  generating: 'blue.8',
  generated: 'navy',
  signing: 'orange.9',
  signed: 'teal.9',
  applicant_signing: 'orange.9',
  sealing: 'blue.8',
  seal_error: 'red.9',
  issued: 'green.9',
  returned: 'gray.7',
  error: 'red.9',
};

/**
 * The "Document emis" tab of the staff view (spec §4, §7): the live document (state, revision,
 * output number, dates, progress while it is generated — asked every second until done), its
 * signing layout (who signs each cell, who signed and when, the visa numbers, who is next), the
 * preview and download, the document buttons the server allows, and the earlier revisions.
 */
export function DocumentPanel({ application }: { application: DocumentSubject }) {
  const { t } = useTranslation('signing');
  const query = useStaffDocument(application.id);
  const live = query.data?.document ?? null;
  const generating = live?.state === 'generating';
  const status = useGenerationStatus(application.id, generating);
  const refresh = useRefreshAfterSigning();
  const progress = generating ? (status.data?.progress ?? live?.progress ?? 0) : (live?.progress ?? 0);

  // Generation over (done or failed): the record, counters and panel are asked again once.
  const finished = status.data && status.data.state !== 'generating' ? status.data.state : null;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || !generating || reported.current === `${live?.id}:${finished}`) return;
    reported.current = `${live?.id}:${finished}`;
    refresh();
  }, [finished, generating, live?.id, refresh]);

  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <ErrorState title={t('panel.loadError')} message={signingErrorText(query.error)} onRetry={() => void query.refetch()} />
    );
  const history = query.data.history;

  // The panel's address may be older than the token's few minutes: a fresh one is asked at the click.
  const onDownload = (fileId: number, fallback: string) => {
    getFileUrl(fileId).then(
      (url) => window.open(url, '_blank', 'noopener'),
      () => window.open(fallback, '_blank', 'noopener'),
    );
  };

  const onPreview = () => {
    previewStaffDocument(application.id).catch((error: unknown) => showToast('error', signingErrorText(error)));
  };

  return (
    <Stack gap="lg" data-testid="document-panel">
      <Group justify="space-between" align="flex-start">
        <Title order={2} size="h4">
          {t('panel.title')}
        </Title>
        <Group gap="xs" role="group" aria-label={t('panel.commands')}>
          {live && live.state !== 'generating' && live.state !== 'error' ? (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
              onClick={onPreview}
              data-testid="document-preview"
            >
              {t('panel.preview')}
            </Button>
          ) : null}
          {live?.file ? (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => onDownload(live.file?.id ?? 0, live.file?.download_url ?? '')}
              data-testid="document-download"
            >
              {t('panel.download')}
            </Button>
          ) : null}
          <DocumentCommands application={application} testPrefix="panel" />
        </Group>
      </Group>

      {live === null ? (
        <EmptyState title={t('panel.empty')} description={t('panel.emptyHint')} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group gap="xs">
              <Badge color={STATE_COLORS[live.state] ?? 'gray.7'} variant="light" size="lg" data-testid="document-state">
                {live.state_label}
              </Badge>
              <Text size="sm" c="gray.7">
                {t(`panel.kinds.${live.kind}`)} · {t('panel.revision', { revision: live.revision })}
              </Text>
            </Group>
            {generating ? (
              <div>
                <Progress
                  value={progress}
                  aria-label={t('panel.progressLabel')}
                  animated
                  size="lg"
                  data-testid="document-progress"
                />
                <Text size="sm" mt={4} aria-live="polite" role="status">
                  {t('panel.generating', { progress })}
                </Text>
              </div>
            ) : null}
            {live.state === 'error' || live.state === 'seal_error' ? (
              <Notice tone="error" role="status" title={t(`panel.failed.${live.state}`)} data-testid="document-error">
                {errorMessage(live.error_code ?? (live.state === 'error' ? 'ERROR_DOCUMENT_GENERATION' : 'SEAL_ERROR'))}
              </Notice>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" component="dl" m={0}>
              <Fact label={t('panel.outputNumber')} testId="document-output-number">
                {live.output_number ?? t('panel.none')}
              </Fact>
              <Fact label={t('panel.generatedAt')}>
                {live.generated_at ? formatDateTime(live.generated_at) : t('panel.none')}
              </Fact>
              <Fact label={t('panel.issuedAt')}>{live.issued_at ? formatDateTime(live.issued_at) : t('panel.none')}</Fact>
              <Fact label={t('panel.fingerprint')}>
                <Text span size="sm" ff="monospace" title={live.file?.sha256 ?? live.generated_sha256 ?? undefined}>
                  {shortHash(live.file?.sha256 ?? live.generated_sha256)}
                </Text>
              </Fact>
            </SimpleGrid>
            {live.cells.length > 0 ? <SignatureCells cells={live.cells} /> : null}
          </Stack>
        </Paper>
      )}

      {history.length > 0 ? <RevisionHistory history={history} /> : null}
    </Stack>
  );
}

const shortHash = (hash: string | null | undefined): string => (hash ? `${hash.slice(0, 12)}…` : '—');

/** The signing layout of the live document: one row per cell in signing order, the next one marked. */
function SignatureCells({ cells }: { cells: readonly DocumentPanelCell[] }) {
  const { t } = useTranslation('signing');
  const next = nextCell(cells);
  return (
    <section aria-labelledby="document-cells-title">
      <Title order={3} size="h5" id="document-cells-title" mb="xs">
        {t('panel.cells.title')}
      </Title>
      {next ? (
        <Text size="sm" mb="xs" data-testid="document-next-signer">
          {t('panel.cells.next', { name: next.signer_name ?? next.label, label: next.label })}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder data-testid="document-cells">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('panel.cells.order')}</Table.Th>
              <Table.Th scope="col">{t('panel.cells.caption')}</Table.Th>
              <Table.Th scope="col">{t('panel.cells.signer')}</Table.Th>
              <Table.Th scope="col">{t('panel.cells.state')}</Table.Th>
              <Table.Th scope="col">{t('panel.cells.visa')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cells.map((cell) => (
              <Table.Tr
                key={cell.index}
                data-testid={`document-cell-${cell.index}`}
                aria-current={cell === next ? 'step' : undefined}
              >
                <Table.Td>{cell.index}</Table.Td>
                <Table.Td>{cell.label}</Table.Td>
                <Table.Td>
                  {cell.signer_name ?? t(`panel.cells.kinds.${cell.signer}`)}
                  {cell.function_name ? (
                    <Text span size="xs" c="gray.7" display="block">
                      {cell.function_name}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {cell.signed
                    ? t('panel.cells.signedAt', { date: cell.signed_at ? formatDateTime(cell.signed_at) : '' })
                    : cell === next
                      ? t('panel.cells.nextState')
                      : t('panel.cells.waiting')}
                </Table.Td>
                <Table.Td>{cell.visa_code ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** Earlier revisions (returned, failed), newest first. */
function RevisionHistory({ history }: { history: readonly ApplicationDocument[] }) {
  const { t } = useTranslation('signing');
  return (
    <section aria-labelledby="document-history-title">
      <Title order={3} size="h5" id="document-history-title" mb="xs">
        {t('panel.history.title')}
      </Title>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} data-testid="document-history">
        {history.map((revision) => (
          <Text component="li" size="sm" key={revision.id}>
            {t('panel.revision', { revision: revision.revision })} · {t(`panel.kinds.${revision.kind}`)} · {revision.state_label}{' '}
            · {formatDateTime(revision.returned_at ?? revision.created_at)}
            {revision.error_code ? ` · ${errorMessage(revision.error_code)}` : ''}
          </Text>
        ))}
      </Stack>
    </section>
  );
}
