import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload, type UploadedFile } from '../../../components/upload/upload';
import { uploadFile } from '../../../lib/files';

export interface SealFieldProps {
  /** The seal image's file id in the form (the stored one until changed). */
  value: string | null;
  onChange: (fileId: string | null) => void;
  error?: string;
}

/**
 * The custom seal image of a type whose documents are sealed (spec §3 "digital seal flag with
 * custom seal image"): PNG or JPEG (purpose `sealImage`). Without one, the organisation's seal
 * is used.
 */
export function SealField({ value, onChange, error }: SealFieldProps) {
  const { t } = useTranslation('application-types');
  const [uploaded, setUploaded] = useState<UploadedFile[]>([]);
  return (
    <Stack gap="xs" data-testid="at-seal">
      {value !== null && uploaded.length === 0 ? (
        <Group gap="sm">
          <IconCheck size={18} aria-hidden color="var(--mantine-color-green-9)" />
          <Text size="sm" data-testid="at-seal-stored">
            {t('seal.stored')}
          </Text>
          <Button variant="subtle" color="red" c="red.9" size="xs" onClick={() => onChange(null)} data-testid="at-seal-remove">
            {t('seal.remove')}
          </Button>
        </Group>
      ) : null}
      <Upload
        label={t('seal.label')}
        description={t('seal.hint')}
        purpose="sealImage"
        value={uploaded}
        onChange={(files) => {
          setUploaded(files);
          const last = files.at(-1);
          onChange(last ? String(last.file_id) : null);
        }}
        uploadFile={(file, onProgress) => uploadFile('sealImage', file, onProgress)}
      />
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
