import type { FormRecord } from '@ghiseu/domain';
import { Button, Modal, Stack, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { formatDateTime } from '../../../lib/format';
import { useFormVersion } from '../api/forms';
import { FormPreview } from './form-preview';

/** The published versions (newest first), each opening a preview of its frozen definition. */
export function VersionsPanel({ form }: { form: FormRecord }) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState<number | null>(null);
  if (form.versions.length === 0) return <Text c="gray.7">{t('versions.none')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={420}>
        <Table striped aria-label={t('versions.tableLabel')} data-testid="versions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('versions.version')}</Table.Th>
              <Table.Th>{t('versions.publishedAt')}</Table.Th>
              <Table.Th>{t('versions.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.versions.map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>{version.version}</Table.Td>
                <Table.Td>{formatDateTime(version.published_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconEye size={14} aria-hidden />}
                    onClick={() => setOpen(version.version)}
                    aria-label={t('versions.viewNamed', { version: version.version })}
                  >
                    {t('versions.view')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={t('versions.modalTitle', { version: open ?? '' })}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {open !== null ? <VersionPreview formId={form.id} version={open} /> : null}
      </Modal>
    </>
  );
}

function VersionPreview({ formId, version }: { formId: number; version: number }) {
  const { t } = useTranslation('forms');
  const query = useFormVersion(formId, version);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState title={t('versions.loadError')} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        {t('versions.readOnlyHint', { date: formatDateTime(query.data.published_at) })}
      </Text>
      <FormPreview fields={query.data.definition.fields} testId="version-preview" />
    </Stack>
  );
}
