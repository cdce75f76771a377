import { errorMessage, type OfflineCheckResponse, type OfflineInitResponse, type SignatureReportDto } from '@ghiseu/domain';
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Upload, type UploadedFile } from '../../../components/upload/upload';
import { formatDateTime } from '../../../lib/format';
import { uploadFileWithToken } from '../../../lib/files';
import { checkOfflineSign, finishOfflineSign, initializeOfflineSign, useRefreshAfterSigning } from '../api/signing';
import { signingErrorText } from '../outcomes';

/**
 * Offline signing by the applicant (spec §4 "Offline: initialize (returns download and upload
 * tokens), check, finalize"): download the PDF the portal issued, sign it with one's own
 * certificate elsewhere, upload the signed PDF, have it checked (the verification report in plain
 * Romanian), then finish. "After uploading signed documents in offline signing, the application
 * can no longer be changed": the panel says so once finished.
 */
export function OfflineSignPanel({ applicationId, onFinished }: { applicationId: number; onFinished?: () => void }) {
  const { t } = useTranslation('signing');
  const refresh = useRefreshAfterSigning();
  const [session, setSession] = useState<OfflineInitResponse | null>(null);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [report, setReport] = useState<OfflineCheckResponse | null>(null);
  const [busy, setBusy] = useState<'init' | 'check' | 'finish' | null>(null);
  const [finished, setFinished] = useState(false);
  const uploaded = files[0] ?? null;

  const run = async (step: 'init' | 'check' | 'finish', action: () => Promise<void>) => {
    setBusy(step);
    try {
      await action();
    } catch (error) {
      showToast('error', signingErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  const onDownload = () =>
    run('init', async () => {
      const answer = session ?? (await initializeOfflineSign(applicationId));
      setSession(answer);
      window.open(answer.download_url, '_blank', 'noopener');
    });

  const onCheck = () =>
    run('check', async () => {
      if (!uploaded) return;
      setReport(await checkOfflineSign(applicationId, uploaded.file_id, session?.request_id));
    });

  const onFinish = () =>
    run('finish', async () => {
      if (!uploaded) return;
      await finishOfflineSign(applicationId, uploaded.file_id);
      setFinished(true);
      showToast('success', t('offline.finished'));
      refresh();
      onFinished?.();
    });

  if (finished)
    return (
      <Notice tone="success" title={t('offline.finishedTitle')} data-testid="offline-locked">
        {t('offline.locked')}
      </Notice>
    );

  return (
    <Paper withBorder radius="md" p="md" data-testid="offline-sign">
      <Stack gap="md">
        <Title order={3} size="h5">
          {t('offline.title')}
        </Title>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t('offline.step1')}</List.Item>
          <List.Item>{t('offline.step2')}</List.Item>
          <List.Item>{t('offline.step3')}</List.Item>
        </List>
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy === 'init'}
            onClick={() => void onDownload()}
            data-testid="offline-download"
          >
            {t('offline.download')}
          </Button>
        </Group>
        {session ? (
          <Upload
            label={t('offline.upload')}
            description={t('offline.uploadHint')}
            value={files}
            onChange={(next) => {
              setFiles(next);
              setReport(null);
            }}
            uploadFile={(file, onProgress) => uploadFileWithToken(session.upload_token, file, onProgress)}
            purpose="pdfOnly"
            rules={{ maxFiles: 1 }}
          />
        ) : null}
        {uploaded ? (
          <Group>
            <Button
              variant="light"
              leftSection={<IconFileCheck size={16} aria-hidden />}
              loading={busy === 'check'}
              onClick={() => void onCheck()}
              data-testid="offline-check"
            >
              {t('offline.check')}
            </Button>
          </Group>
        ) : null}
        <div aria-live="polite">{report ? <VerificationReport report={report} /> : null}</div>
        {report?.ok ? (
          <Group justify="flex-end">
            <Button loading={busy === 'finish'} onClick={() => void onFinish()} data-testid="offline-finish">
              {t('offline.finish')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

const CHAIN_KEYS: Record<SignatureReportDto['chain'], string> = {
  yes: 'offline.report.chainPortal',
  external: 'offline.report.chainExternal',
  no: 'offline.report.chainUntrusted',
};

/** The verification report of an uploaded PDF, in plain Romanian. */
export function VerificationReport({ report }: { report: OfflineCheckResponse }) {
  const { t } = useTranslation('signing');
  const yesNo = (value: boolean) => (value ? t('offline.report.yes') : t('offline.report.no'));
  return (
    <Notice
      tone={report.ok ? 'success' : 'error'}
      title={report.ok ? t('offline.report.okTitle') : t('offline.report.badTitle')}
      data-testid="offline-report"
    >
      <Stack gap="xs">
        {!report.ok ? <Text size="sm">{report.message ?? errorMessage(report.code ?? 'NOT_OK')}</Text> : null}
        {report.signatures.length === 0 ? <Text size="sm">{t('offline.report.none')}</Text> : null}
        {report.signatures.map((signature, index) => (
          <div key={`${signature.certificate_serial ?? index}`}>
            <Text size="sm" fw={600}>
              {t('offline.report.signature', { index: index + 1, name: signature.signer_name ?? t('offline.report.unknown') })}
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>{t(CHAIN_KEYS[signature.chain])}</List.Item>
              {signature.signing_time ? (
                <List.Item>{t('offline.report.signedAt', { date: formatDateTime(signature.signing_time) })}</List.Item>
              ) : null}
              <List.Item>{t('offline.report.intact', { value: yesNo(signature.digest_ok && signature.signature_ok) })}</List.Item>
              <List.Item>{t('offline.report.whole', { value: yesNo(signature.covers_whole_document) })}</List.Item>
              <List.Item>{t('offline.report.certificate', { value: yesNo(signature.certificate_valid_at_signing) })}</List.Item>
              {signature.timestamp !== 'none' ? (
                <List.Item>{t('offline.report.timestamp', { value: yesNo(signature.timestamp === 'valid') })}</List.Item>
              ) : null}
            </List>
          </div>
        ))}
      </Stack>
    </Notice>
  );
}
