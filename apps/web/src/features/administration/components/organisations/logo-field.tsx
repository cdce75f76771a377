import { Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload, type UploadedFile } from '../../../../components/upload/upload';
import { useOrganisationLogo } from '../../api/organisations';
import { uploadFile } from '../../../../lib/files';

export interface LogoFieldProps {
  organisationId: number;
  organisationName: string;
  /** The logo file id in the form (the stored one until changed). */
  value: number | null;
  /** The stored logo file id. */
  storedValue: number | null;
  onChange: (fileId: number | null) => void;
  disabled?: boolean;
}

/**
 * The organisation's logo: the stored image, an upload field (PNG or JPEG, purpose `logo`) and
 * a remove button. A new upload replaces the logo when the form is saved.
 */
export function LogoField({ organisationId, organisationName, value, storedValue, onChange, disabled }: LogoFieldProps) {
  const { t } = useTranslation('administration');
  const logo = useOrganisationLogo(organisationId);
  const [uploaded, setUploaded] = useState<UploadedFile[]>([]);
  // The form was saved or reset: the upload list follows the stored value again.
  useEffect(() => {
    if (value === storedValue) setUploaded([]);
  }, [value, storedValue]);
  const showStored = value !== null && value === storedValue && logo.data;

  return (
    <Stack gap="xs">
      <Input.Label>{t('organisation.fields.logo')}</Input.Label>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder radius="md" p="xs" w={160} h={112} style={{ display: 'grid', placeItems: 'center' }}>
          {showStored ? (
            <Image
              src={logo.data?.url}
              alt={t('organisation.logoAlt', { name: organisationName })}
              fit="contain"
              mah={96}
              maw={140}
            />
          ) : value !== null && value !== storedValue ? (
            <Text size="sm" ta="center">
              {t('organisation.logoPending')}
            </Text>
          ) : (
            <Stack gap={4} align="center">
              <IconPhotoOff size={28} aria-hidden color="var(--mantine-color-gray-7)" />
              <Text size="xs" c="gray.7">
                {t('organisation.noLogo')}
              </Text>
            </Stack>
          )}
        </Paper>
        <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
          <Upload
            label={t('organisation.logoUpload')}
            purpose="logo"
            value={uploaded}
            disabled={disabled}
            onChange={(files) => {
              setUploaded(files);
              onChange(files.at(-1)?.file_id ?? storedValue);
            }}
            uploadFile={(file, onProgress) => uploadFile('logo', file, onProgress)}
          />
          {value !== null && !disabled ? (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              size="xs"
              w="fit-content"
              onClick={() => {
                setUploaded([]);
                onChange(null);
              }}
              data-testid="logo-remove"
            >
              {t('organisation.logoRemove')}
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Stack>
  );
}
