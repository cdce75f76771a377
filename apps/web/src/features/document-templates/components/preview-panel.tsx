import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { apiErrorText } from '../../../lib/api-errors';
import { usePermissions } from '../../../lib/permissions';
import { usePreviewApplications, usePreviewDocumentTemplate } from '../api/document-templates';

/**
 * The preview of a saved template on one of the staff's applications (spec §7 "preview"): the
 * clerk searches an application (entry number, names, CNP/CUI), the server renders the PDF with
 * that application's values (nothing stored, numbers shown as "(se alocă la generare)") and the
 * page shows it in a dialog, with a link that opens it in a new tab. Who does not work the staff
 * lists (a super administrator has no search over applications) gives the application's number
 * in the portal (its address /application/{id}).
 */
export function PreviewPanel({ templateId, dirty }: { templateId: number; dirty: boolean }) {
  const { t } = useTranslation('document-templates');
  const { can } = usePermissions();
  const canSearch = can('applicationsStaffOwnRead');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [applicationId, setApplicationId] = useState<string | null>(null);
  const [pdf, setPdf] = useState<{ url: string; name: string } | null>(null);
  // The staff's applications are asked for when the clerk opens the choice, not with the page.
  const [wanted, setWanted] = useState(false);
  const applications = usePreviewApplications(debounced, wanted && canSearch);
  const preview = usePreviewDocumentTemplate();

  // The blob URL lives as long as the dialog shows it.
  useEffect(() => () => (pdf ? URL.revokeObjectURL(pdf.url) : undefined), [pdf]);

  const options = (applications.data ?? []).map((a) => ({
    value: String(a.id),
    label: [
      a.identification_number ?? t('preview.noNumber', { id: a.id }),
      a.application_type_name,
      a.beneficiaries[0]?.display_name,
    ]
      .filter(Boolean)
      .join(' — '),
  }));

  const onPreview = async () => {
    if (!applicationId) return;
    try {
      const blob = await preview.mutateAsync({ id: templateId, applicationId: Number(applicationId) });
      const label = options.find((o) => o.value === applicationId)?.label ?? t('preview.noNumber', { id: applicationId });
      setPdf({ url: URL.createObjectURL(blob), name: label });
    } catch {
      // The error is shown under the button (preview.error).
    }
  };

  return (
    <Stack gap="sm" data-testid="template-preview">
      <Text size="sm" c="gray.7">
        {t('preview.intro')}
      </Text>
      {dirty ? <Notice tone="info">{t('preview.saveFirst')}</Notice> : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        {canSearch ? (
          <Select
            label={t('preview.application')}
            placeholder={t('preview.applicationPlaceholder')}
            data={options}
            value={applicationId}
            onChange={setApplicationId}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            onDropdownOpen={() => setWanted(true)}
            filter={({ options: all }) => all}
            clearable
            nothingFoundMessage={applications.isFetching ? t('loading') : t('preview.noApplications')}
            error={applications.isError ? t('preview.applicationsFailed') : undefined}
            w={{ base: '100%', sm: 460 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="preview-application"
          />
        ) : (
          <TextInput
            label={t('preview.applicationId')}
            description={t('preview.applicationIdHint')}
            value={applicationId ?? ''}
            onChange={(event) => {
              const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 10);
              setApplicationId(digits === '' ? null : digits);
            }}
            inputMode="numeric"
            w={{ base: '100%', sm: 300 }}
            data-testid="preview-application-id"
          />
        )}
        <Button
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          onClick={() => void onPreview()}
          disabled={!applicationId}
          loading={preview.isPending}
          data-testid="preview-open"
        >
          {t('preview.open')}
        </Button>
      </Group>
      {preview.isError ? <Notice tone="error">{apiErrorText(preview.error)}</Notice> : null}
      <Modal
        opened={pdf !== null}
        onClose={() => setPdf(null)}
        title={t('preview.title')}
        closeButtonProps={{ 'aria-label': t('closeDialog') }}
        size="90%"
        data-testid="preview-dialog"
      >
        {pdf ? (
          <Stack gap="xs">
            <Anchor href={pdf.url} target="_blank" rel="noopener" size="sm" data-testid="preview-new-tab">
              {t('preview.newTab')}
            </Anchor>
            <iframe
              src={pdf.url}
              title={t('preview.frameTitle', { name: pdf.name })}
              style={{ width: '100%', height: '75vh', border: '1px solid var(--mantine-color-gray-4)' }}
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
