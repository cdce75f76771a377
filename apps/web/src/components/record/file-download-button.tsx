import { ActionIcon } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { getFileUrl } from '../../lib/files';

/**
 * The download icon of a file row: asks for a short-lived address (download token) and opens it
 * in a new tab, spinning meanwhile; a failure goes to `onError`.
 */
export function FileDownloadButton({
  fileId,
  label,
  onError,
}: {
  fileId: number;
  label: string;
  onError: (error: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    setBusy(true);
    try {
      window.open(await getFileUrl(fileId), '_blank', 'noopener');
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionIcon variant="subtle" onClick={() => void onDownload()} loading={busy} aria-label={label}>
      <IconDownload size={18} aria-hidden />
    </ActionIcon>
  );
}
