import { type IssuedDocument, isStaffType } from '@ghiseu/domain';
import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table/types';
import { useListQuery } from '../../../components/filter-bar';
import type { FilterDefinition } from '../../../components/filter-bar/types';
import { ListBlock } from '../../../components/page/list-block';
import { PageHeader } from '../../../components/page/page-header';
import { showApiError } from '../../../lib/api-errors';
import { getFileUrl } from '../../../lib/files';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useIssuedDocuments } from '../api/issued-documents';

/** Opens the PDF in a new tab: the tab first (no pop-up blocker), then its short-lived address. */
async function openPdf(fileId: number) {
  const target = window.open('', '_blank');
  if (target) target.opener = null;
  try {
    const url = await getFileUrl(fileId);
    if (target) target.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    target?.close();
    showApiError(error);
  }
}

function DownloadButton({ row, label }: { row: IssuedDocument; label: string }) {
  const [busy, setBusy] = useState(false);
  if (!row.file) return null;
  const fileId = row.file.id;
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={busy}
      leftSection={<IconDownload size={16} aria-hidden />}
      aria-label={label}
      onClick={async () => {
        setBusy(true);
        await openPdf(fileId);
        setBusy(false);
      }}
      data-testid={`issued-download-${row.id}`}
    >
      PDF
    </Button>
  );
}

/**
 * /issued-documents (issuedDocumentView, spec §2): for applicants "Documentele mele emise" (the
 * issued documents of their own applications), for staff "Registrul general de documente emise"
 * (their organisation's). Filters: output number, entry number, kind, issue dates; newest first;
 * the PDF opens through a short-lived download link.
 */
export function IssuedDocumentsPage() {
  const { t } = useTranslation('issuedDocuments');
  const { user } = useSession();
  const register = user ? isStaffType(user.user_type_name) : false;

  const filters = useMemo<FilterDefinition[]>(
    () => [
      { key: 'output_number', type: 'quicksearch', label: t('filters.outputNumber'), size: 'medium' },
      { key: 'identification_number', type: 'quicksearch', label: t('filters.identificationNumber') },
      {
        key: 'kind',
        type: 'select',
        label: t('filters.kind'),
        options: [
          { value: 'answer', label: t('kinds.answer') },
          { value: 'rejection', label: t('kinds.rejection') },
        ],
      },
      { key: 'issued_at', type: 'daterange', label: t('filters.issuedAt') },
    ],
    [t],
  );
  const list = useListQuery({ initialSortKey: '-issued_at', definitions: filters });
  const query = useIssuedDocuments(list.searchParams);

  const columns = useMemo<DataTableColumn<IssuedDocument>[]>(
    () => [
      {
        id: 'output_number',
        header: t('columns.outputNumber'),
        sortable: true,
        size: 170,
        hideable: false,
        accessor: (row) => row.output_number ?? '',
      },
      {
        id: 'issued_at',
        header: t('columns.issuedAt'),
        sortable: true,
        size: 160,
        accessor: (row) => formatDateTime(row.issued_at),
      },
      { id: 'kind', header: t('columns.kind'), size: 120, accessor: (row) => row.kind_label },
      { id: 'application_type_name', header: t('columns.type'), size: 260 },
      {
        id: 'identification_number',
        header: t('columns.identificationNumber'),
        size: 170,
        accessor: (row) => row.identification_number ?? '',
      },
      ...(register ? [{ id: 'applicant_name', header: t('columns.applicant'), size: 200 }] : []),
      { id: 'organisation_name', header: t('columns.organisation'), size: 220, defaultHidden: register },
      {
        id: 'file',
        header: t('columns.file'),
        size: 110,
        hideable: false,
        cell: (row) => <DownloadButton row={row} label={t('download', { number: row.output_number ?? '' })} />,
      },
    ],
    [t, register],
  );

  const title = register ? t('titleRegister') : t('titleOwn');
  return (
    <Stack gap="lg" data-testid="issued-documents-page">
      <PageHeader title={title} subtitle={register ? t('subtitleRegister') : t('subtitleOwn')} />
      <ListBlock
        filters={filters}
        list={list}
        query={query}
        columns={columns}
        label={title}
        filtersLabel={t('filtersLabel')}
        storageKey={register ? 'issued-documents-register' : 'issued-documents-own'}
        noun={t('noun')}
        nounOne={t('nounOne')}
        getRowLabel={(row) => t('rowLabel', { number: row.output_number ?? '' })}
        emptyTitle={register ? t('emptyRegister') : t('emptyOwn')}
        emptyFilteredTitle={t('emptyFiltered')}
        loadErrorTitle={t('loadError')}
        testId="issued-documents-list"
      />
    </Stack>
  );
}
