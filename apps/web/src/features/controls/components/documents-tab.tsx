import { CONTROL_FILE_KIND_LABELS, type ControlDetail, type ControlFile } from '@ghiseu/domain';
import { ActionIcon, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAndRun } from '../../../components/feedback/confirm-dialog';
import { EmptyState } from '../../../components/feedback/empty-state';
import { FileDownloadButton } from '../../../components/record/file-download-button';
import { Upload, type UploadedFile } from '../../../components/upload';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { uploadFile } from '../../../lib/files';
import { useQueryClient } from '@tanstack/react-query';
import { controlKeys, useAddControlFile, useDeleteControlFile } from '../api/controls';
import { controlErrorText, showControlError } from '../errors';

/**
 * "Documente": the files of the control (uploads of the team and the generated closing report),
 * each downloadable, and, while the control may be edited, the upload field (spec §5 rules: PDF,
 * images, archives) and the delete of an upload. A file joins the control as soon as it is sent.
 */
export function DocumentsTab({ control, readOnly }: { control: ControlDetail; readOnly: boolean }) {
  const { t } = useTranslation('controls');
  const client = useQueryClient();
  const add = useAddControlFile(control.id);
  const remove = useDeleteControlFile(control.id);
  const [description, setDescription] = useState('');
  const [attachError, setAttachError] = useState<string | undefined>();
  // Uploads finish one by one and the field may report a finished file twice: attach each once.
  const attached = useRef(new Set<number>());

  const onUploaded = async (files: UploadedFile[]) => {
    for (const file of files) {
      if (attached.current.has(file.file_id)) continue;
      attached.current.add(file.file_id);
      try {
        // The version of the latest answer: several files attached in a row each bump it.
        const latest = client.getQueryData<ControlDetail>(controlKeys.detail(control.id)) ?? control;
        await add.mutateAsync({ file_id: file.file_id, description: description.trim() || null, version: latest.version });
        setAttachError(undefined);
      } catch (error) {
        setAttachError(`${file.name}: ${controlErrorText(error)}`);
      }
    }
    setDescription('');
  };

  const onDelete = (file: ControlFile) =>
    void confirmAndRun({
      title: t('documents.deleteTitle'),
      message: t('documents.deleteQuestion', { name: file.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      success: t('documents.deleted', { name: file.name }),
      action: () => remove.mutateAsync({ fileId: file.id, version: control.version }),
      onError: showControlError,
    });

  return (
    <Stack gap="lg">
      {readOnly ? null : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="upload-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="upload-title">
              {t('documents.uploadTitle')}
            </Title>
            <TextInput
              label={t('documents.description')}
              description={t('documents.descriptionHelp')}
              maxLength={500}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              data-testid="document-description"
            />
            <Upload
              label={t('documents.files')}
              value={[]}
              onChange={(files) => void onUploaded(files)}
              uploadFile={(file, onProgress) => uploadFile('default', file, onProgress)}
              error={attachError}
            />
          </Stack>
        </Paper>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="documents-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="documents-title">
            {t('documents.title')}
          </Title>
          {control.files.length === 0 ? (
            <EmptyState title={t('documents.empty')} />
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped withTableBorder aria-label={t('documents.tableLabel')} data-testid="documents-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('documents.columns.name')}</Table.Th>
                    <Table.Th>{t('documents.columns.kind')}</Table.Th>
                    <Table.Th>{t('documents.columns.size')}</Table.Th>
                    <Table.Th>{t('documents.columns.date')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {control.files.map((file) => (
                    <Table.Tr key={file.id} data-testid={`document-row-${file.id}`}>
                      <Table.Td>
                        <Text size="sm">{file.name}</Text>
                        {file.description ? (
                          <Text size="xs" c="gray.7">
                            {file.description}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{CONTROL_FILE_KIND_LABELS[file.kind]}</Table.Td>
                      <Table.Td>{formatBytes(file.size)}</Table.Td>
                      <Table.Td>{formatDateTime(file.created_at)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <FileDownloadButton
                            fileId={file.file_id}
                            label={t('documents.download', { name: file.name })}
                            onError={showControlError}
                          />
                          {!readOnly && file.kind === 'upload' ? (
                            <ActionIcon
                              variant="subtle"
                              color="red.9"
                              aria-label={t('documents.deleteOne', { name: file.name })}
                              onClick={() => onDelete(file)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
