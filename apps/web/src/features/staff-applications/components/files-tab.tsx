import type { ApplicationFile, StaffApplication } from '@ghiseu/domain';
import { Button, Group } from '@mantine/core';
import { IconDownload, IconFileZip, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn, DataTableRowAction } from '../../../components/data-table/types';
import { confirmAndRun } from '../../../components/feedback/confirm-dialog';
import { EmptyState } from '../../../components/feedback/empty-state';
import { getFileUrl } from '../../../lib/files';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { downloadCompression, useStaffAction } from '../api/staff-applications';
import { showError } from '../errors';
import { AttachmentsSigning } from '../../signing';

/** Most files one archive may hold (the contract's bound of download-compression). */
const ZIP_LIMIT = 100;

/**
 * The files tab: the combined file list of spec §4, each downloadable through a short-lived
 * address, removable when the server allows (`canRemoveDocument`, after a question), and several
 * at once as one zip (`canDownloadFiles` → download-compression); the chosen PDFs signed, or the
 * attachments sealed, by the handler (features/signing).
 */
export function FilesTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  const { user } = useSession();
  const action = useStaffAction(application.id);
  const [chosen, setChosen] = useState<ApplicationFile[]>([]);
  const [zipping, setZipping] = useState(false);
  const { canRemoveDocument, canDownloadFiles, canSign, canSeal } = application.abilities;
  // Signing and sealing attachments is the handler's work (features/signing); the server decides.
  const signsAttachments = canDownloadFiles && (canRemoveDocument || canSign || canSeal);

  const columns = useMemo<DataTableColumn<ApplicationFile>[]>(
    () => [
      { id: 'name', header: t('files.name'), size: 260, hideable: false, accessor: (file) => file.name },
      { id: 'file_type', header: t('files.kind'), size: 130, accessor: (file) => t(`files.kinds.${file.file_type}`) },
      { id: 'size', header: t('files.size'), size: 100, accessor: (file) => formatBytes(file.size) },
      { id: 'created_by', header: t('files.by'), size: 160, accessor: (file) => file.created_by },
      { id: 'created_at', header: t('files.date'), size: 150, accessor: (file) => formatDateTime(file.created_at) },
    ],
    [t],
  );

  const actions = useMemo<DataTableRowAction<ApplicationFile>[]>(
    () => [
      {
        name: 'download',
        label: t('files.download'),
        icon: <IconDownload size={16} aria-hidden />,
        onClick: (file) => {
          getFileUrl(file.file_id).then((url) => window.open(url, '_blank', 'noopener'), showError);
        },
      },
      {
        name: 'remove',
        label: t('files.remove'),
        icon: <IconTrash size={16} aria-hidden />,
        color: 'red.9',
        isVisible: () => canRemoveDocument,
        onClick: (file) =>
          void confirmAndRun({
            title: t('files.removeTitle'),
            message: t('files.removeQuestion', { name: file.name }),
            confirmLabel: t('files.remove'),
            cancelLabel: t('actions.cancel'),
            action: () => action.mutateAsync({ action: 'remove-document', body: { file_id: file.id } }),
            success: t('files.removed', { name: file.name }),
            onError: showError,
          }),
      },
    ],
    [t, canRemoveDocument, action],
  );

  if (application.files.length === 0) return <EmptyState title={t('files.empty')} />;

  const onZip = async () => {
    setZipping(true);
    try {
      await downloadCompression(
        application.id,
        chosen.map((file) => file.id),
        application.identification_number ?? `cerere-${application.id}`,
      );
    } catch (error) {
      showError(error);
    } finally {
      setZipping(false);
    }
  };

  return (
    <DataTable
      data={application.files}
      columns={columns}
      actions={actions}
      label={t('files.label')}
      storageKey="staff-application-files"
      userId={user?.user_id}
      getRowLabel={(file) => t('files.rowLabel', { name: file.name })}
      selectable={canDownloadFiles}
      selectLimit={ZIP_LIMIT}
      onSelectionChange={(change) => setChosen(change.rows)}
      toolbar={
        canDownloadFiles ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileZip size={16} aria-hidden />}
              disabled={chosen.length === 0 || chosen.length > ZIP_LIMIT}
              loading={zipping}
              onClick={() => void onZip()}
              data-testid="files-zip"
            >
              {chosen.length > 0 ? t('files.zipCount', { count: chosen.length }) : t('files.zip')}
            </Button>
            {signsAttachments ? <AttachmentsSigning applicationId={application.id} chosen={chosen} /> : null}
          </Group>
        ) : null
      }
    />
  );
}
