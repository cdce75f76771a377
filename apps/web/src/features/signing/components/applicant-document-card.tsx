import type { ApplicationStatus, GenerationStatus } from '@ghiseu/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconDownload, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Fact } from '../../../components/record/fact';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { previewApplicantDocument } from '../api/documents';
import { signingKeys } from '../api/keys';
import { applicantSigningFlow, useRefreshAfterSigning } from '../api/signing';
import { signingErrorText } from '../outcomes';
import { OfflineSignPanel } from './offline-sign-panel';
import { SigningDialog } from './signing-dialog';

/** Statuses in which the applicant has a document to see: issued, or waiting for their signature. */
export const APPLICANT_DOCUMENT_STATUSES: readonly ApplicationStatus[] = [
  'SIGN_APPLICANT_USER_PENDING',
  'SEAL_PENDING',
  'SEALED',
  'RESOLVED',
  'REJECTED',
];

export const hasApplicantDocument = (status: ApplicationStatus): boolean => APPLICANT_DOCUMENT_STATUSES.includes(status);

/**
 * The applicant's output document on their details page (spec §2 issued documents, §4): the
 * issued document (output number, issue date, download); while it waits for the applicant's
 * signature (SIGN_APPLICANT_USER_PENDING), "Semnați documentul" online (the signing dialog,
 * confirm-signing-output-document) or "Semnare offline" (download, sign elsewhere, upload, check,
 * finish). Nothing is shown for an application without a generated document.
 */
export function ApplicantDocumentCard({ application }: { application: { id: number; status: ApplicationStatus } }) {
  const { t } = useTranslation('signing');
  const refresh = useRefreshAfterSigning();
  const [signing, setSigning] = useState(false);
  const [offline, setOffline] = useState(false);
  const awaitsSignature = application.status === 'SIGN_APPLICANT_USER_PENDING';
  const status = useQuery({
    queryKey: [...signingKeys.generation(application.id), application.status],
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<GenerationStatus>>(`/applications/${application.id}/check-generation-status`, { signal })).data,
    enabled: hasApplicantDocument(application.status),
    retry: false,
  });
  if (!hasApplicantDocument(application.status) || status.isError || !status.data) return null;
  const document = status.data.document;
  const issued = document.state === 'issued';
  if (!issued && !awaitsSignature) return null;

  const onDownload = () => {
    previewApplicantDocument(application.id).catch((error: unknown) => showToast('error', signingErrorText(error)));
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="applicant-document">
      <Stack gap="md">
        <Title order={2} size="h4">
          {issued ? t('applicant.issuedTitle') : t('applicant.pendingTitle')}
        </Title>
        {awaitsSignature ? (
          <Notice tone="warning" data-testid="applicant-awaits-signature">
            {t('applicant.awaits')}
          </Notice>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" m={0}>
          <Fact label={t('panel.outputNumber')} testId="applicant-output-number">
            {document.output_number ?? t('panel.none')}
          </Fact>
          <Fact label={t('panel.issuedAt')}>{document.issued_at ? formatDateTime(document.issued_at) : t('panel.none')}</Fact>
          <Fact label={t('applicant.state')}>{document.state_label}</Fact>
        </SimpleGrid>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onDownload}
            data-testid="applicant-download"
          >
            {issued ? t('applicant.download') : t('applicant.read')}
          </Button>
          {awaitsSignature ? (
            <>
              <Button
                leftSection={<IconSignature size={16} aria-hidden />}
                onClick={() => setSigning(true)}
                data-testid="applicant-sign"
              >
                {t('applicant.signOnline')}
              </Button>
              <Button
                variant="default"
                onClick={() => setOffline((open) => !open)}
                aria-expanded={offline}
                data-testid="applicant-offline"
              >
                {t('applicant.signOffline')}
              </Button>
            </>
          ) : null}
        </Group>
        {awaitsSignature && offline ? <OfflineSignPanel applicationId={application.id} /> : null}
        {awaitsSignature ? (
          <SigningDialog
            opened={signing}
            onClose={() => setSigning(false)}
            title={t('applicant.signTitle')}
            flow={applicantSigningFlow(application.id)}
            audience="citizen"
            successMessage={t('applicant.signed')}
            onSigned={refresh}
            testId="applicant-signing-dialog"
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
