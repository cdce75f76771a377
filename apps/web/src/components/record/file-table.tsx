import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatBytes, formatDateTime } from '../../lib/format';
import { FileDownloadButton } from './file-download-button';

/** What a file table shows of each file. */
export interface TableFile {
  id: number;
  file_id: number;
  name: string;
  file_type: string;
  size: number;
  created_at: string;
}

/**
 * A read-only table of files: name, kind, size, date and the download icon, optionally after a
 * leading column (e.g. the application the file belongs to).
 */
export function FileTable<F extends TableFile>({
  files,
  label,
  testId,
  minWidth,
  headers,
  kindLabel,
  downloadLabel,
  onError,
  leading,
  rowTestId,
}: {
  files: readonly F[];
  label: string;
  testId: string;
  minWidth: number;
  headers: { name: string; kind: string; size: string; date: string; actions: string };
  kindLabel: (file: F) => string;
  downloadLabel: (file: F) => string;
  onError: (error: unknown) => void;
  leading?: { header: string; cell: (file: F) => ReactNode };
  rowTestId?: (file: F) => string;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {leading ? <Table.Th>{leading.header}</Table.Th> : null}
            <Table.Th>{headers.name}</Table.Th>
            <Table.Th>{headers.kind}</Table.Th>
            <Table.Th>{headers.size}</Table.Th>
            <Table.Th>{headers.date}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{headers.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id} data-testid={rowTestId?.(file)}>
              {leading ? <Table.Td>{leading.cell(file)}</Table.Td> : null}
              <Table.Td>{file.name}</Table.Td>
              <Table.Td>{kindLabel(file)}</Table.Td>
              <Table.Td>{formatBytes(file.size)}</Table.Td>
              <Table.Td>{formatDateTime(file.created_at)}</Table.Td>
              <Table.Td>
                <FileDownloadButton fileId={file.file_id} label={downloadLabel(file)} onError={onError} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
