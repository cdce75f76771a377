import { LIMITS, type StaffApplication } from '@ghiseu/domain';
import { Anchor, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { FileTable } from '../../../components/record/file-table';
import { formatDate } from '../../../lib/format';
import { useRelatedFiles, useRelatedSearch } from '../api/staff-applications';
import { errorText, showError } from '../errors';
import { Section } from './record-tabs';
import { StaffStatusBadge } from './status-badge';

/** Most results the related-document search answers (spec §7). */
export const RELATED_SEARCH_LIMIT = 100;

/**
 * The "Documente conexe" tab (spec §7): the files of the parent and child applications, each
 * downloadable, and the related-document search by entry number (from 2 characters, 200 ms after
 * the typing stops; at most 100, newest issued first), each result linking to its application.
 */
export function RelatedTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  return (
    <Stack gap="xl">
      <Section id="related-files" title={t('related.filesTitle')}>
        <RelatedFiles applicationId={application.id} />
      </Section>
      <Section id="related-search" title={t('related.searchTitle')}>
        <RelatedSearch applicationId={application.id} />
      </Section>
    </Stack>
  );
}

function RelatedFiles({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation('staff-applications');
  const files = useRelatedFiles(applicationId);
  if (files.isPending) return <PageLoader minHeight={120} />;
  if (files.isError)
    return <ErrorState title={t('related.filesError')} message={errorText(files.error)} onRetry={() => void files.refetch()} />;
  if (files.data.length === 0) return <EmptyState title={t('related.empty')} description={t('related.emptyHint')} />;
  return (
    <FileTable
      files={files.data}
      label={t('related.filesLabel')}
      testId="related-files"
      minWidth={640}
      headers={{
        name: t('files.name'),
        kind: t('files.kind'),
        size: t('files.size'),
        date: t('files.date'),
        actions: t('related.actions'),
      }}
      leading={{
        header: t('related.application'),
        cell: (file) => (
          <Anchor component={Link} to={`/application/${file.application_id}`} size="sm">
            {file.identification_number ?? t('related.unnumbered', { id: file.application_id })}
          </Anchor>
        ),
      }}
      kindLabel={(file) => t(`files.kinds.${file.file_type}`)}
      downloadLabel={(file) => t('related.download', { name: file.name })}
      onError={showError}
      rowTestId={(file) => `related-file-${file.id}`}
    />
  );
}

function RelatedSearch({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation('staff-applications');
  const [text, setText] = useState('');
  const [value] = useDebouncedValue(text.trim(), LIMITS.quickSearchDebounceMs);
  const enabled = value.length >= LIMITS.quickSearchMinChars;
  const search = useRelatedSearch(applicationId, value, enabled);

  let body: ReactNode;
  if (!enabled) body = <Text c="gray.7">{t('related.searchHint', { count: LIMITS.quickSearchMinChars })}</Text>;
  else if (search.isPending) body = <PageLoader minHeight={120} />;
  else if (search.isError)
    body = (
      <ErrorState title={t('related.searchError')} message={errorText(search.error)} onRetry={() => void search.refetch()} />
    );
  else if (search.data.length === 0)
    body = <EmptyState title={t('related.empty')} description={t('related.noMatch', { value })} />;
  else
    body = (
      <Stack gap="xs">
        <Text size="sm" c="gray.7" aria-live="polite" data-testid="related-search-count">
          {search.data.length >= RELATED_SEARCH_LIMIT
            ? t('related.firstResults', { count: RELATED_SEARCH_LIMIT })
            : t('related.results', { count: search.data.length })}
        </Text>
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder aria-label={t('related.resultsLabel')} data-testid="related-search-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('related.number')}</Table.Th>
                <Table.Th>{t('related.type')}</Table.Th>
                <Table.Th>{t('related.applicant')}</Table.Th>
                <Table.Th>{t('related.status')}</Table.Th>
                <Table.Th>{t('related.issued')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}>
              {search.data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/application/${row.id}`}
                      size="sm"
                      data-testid={`related-result-link-${row.id}`}
                    >
                      {row.identification_number ?? t('related.unnumbered', { id: row.id })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.application_type_name}</Table.Td>
                  <Table.Td>{row.applicant_name}</Table.Td>
                  <Table.Td>
                    <StaffStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>{row.issued_date ? formatDate(row.issued_date) : t('related.notIssued')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('related.searchLabel')}
        description={t('related.searchDescription')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={100}
        maw={420}
        data-testid="related-search-input"
      />
      {body}
    </Stack>
  );
}
