import type { ApplicationFile, FormField } from '@ghiseu/domain';
import { useRef, useState } from 'react';
import { Upload, type UploadedFile } from '../../../../components/upload/upload';
import { uploadFile } from '../../../../lib/files';
import { attachFile, detachFile } from '../../api/applications';
import { showError } from '../../errors';

type AttachmentsField = Extract<FormField, { type: 'attachments' }>;

export interface AttachmentUploadProps {
  applicationId: number;
  field: AttachmentsField;
  /** The files already attached to this field. */
  files: readonly ApplicationFile[];
  /** The step was validated: the Upload shows the required-field message. */
  validated: boolean;
  error?: string;
  onChanged: () => Promise<unknown>;
}

const toUploaded = (file: ApplicationFile): UploadedFile => ({
  file_id: file.file_id,
  name: file.name,
  type: file.mime_type,
  size: file.size,
  qr: file.qr,
  canBeDeleted: file.canBeDeleted,
});

/**
 * The shared Upload bound to an attachment field of the draft: each file is uploaded, then
 * attached with `POST /applications/{id}/files {file_id, category: field.key}`; removing detaches it.
 */
export function AttachmentUpload({ applicationId, field, files, validated, error, onChanged }: AttachmentUploadProps) {
  const [value, setValue] = useState<UploadedFile[]>(() => files.map(toUploaded));
  // Link ids by stored file id, for detaching (files attached in this session included).
  const links = useRef(new Map(files.map((file) => [file.file_id, file.id])));

  const upload = async (file: File, onProgress: (percent: number) => void) => {
    const stored = await uploadFile('default', file, onProgress);
    const link = await attachFile(applicationId, stored.id, field.key);
    links.current.set(stored.id, link.id);
    void onChanged();
    return stored;
  };

  const onRemove = async (removed: UploadedFile[]) => {
    try {
      for (const file of removed) {
        const link = links.current.get(file.file_id);
        if (link !== undefined) await detachFile(applicationId, link);
        links.current.delete(file.file_id);
      }
    } catch (failure) {
      showError(failure);
    }
    await onChanged();
  };

  return (
    <div data-testid={`attachments-${field.key}`}>
      <Upload
        label={field.label}
        description={field.description}
        value={value}
        onChange={setValue}
        uploadFile={upload}
        rules={{ maxFiles: field.maxFiles, types: field.accept }}
        required={field.required || field.minFiles > 0}
        validated={validated}
        error={error}
        onRemove={(removed) => void onRemove(removed)}
      />
    </div>
  );
}
