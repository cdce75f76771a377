import { type AttachmentsResult, errorMessage } from '@ghiseu/domain';
import { Button, Group } from '@mantine/core';
import { IconShieldCheck, IconSignature } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { showToast } from '../../../components/feedback/toast';
import {
  confirmAttachmentsSign,
  type SigningFlow,
  sealAttachments,
  startAttachmentsSign,
  useRefreshAfterSigning,
} from '../api/signing';
import { signingErrorText } from '../outcomes';
import { BulkResultDialog, type BulkOutcome } from './bulk-sign';
import { SigningDialog } from './signing-dialog';

/** What the attachment buttons need of a file of the combined list. */
export interface AttachmentFile {
  /** The file–application link (the list's row id). */
  id: number;
  /** The stored file (what the signing routes take). */
  file_id: number;
  name: string;
  mime_type: string;
}

export const isPdf = (file: AttachmentFile): boolean =>
  file.mime_type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** The per-file result as the batch result dialog shows it. */
function outcomeOf(result: AttachmentsResult, files: readonly AttachmentFile[]): BulkOutcome {
  const byFile = new Map(files.map((file) => [file.file_id, file.name]));
  return {
    signed: result.items.filter((item) => item.ok).length,
    failed: result.items
      .filter((item) => !item.ok)
      .map((item) => ({
        id: item.file_id ?? item.application_id,
        label: (item.file_id !== null ? byFile.get(item.file_id) : undefined) ?? `#${item.file_id ?? item.application_id}`,
        reason: item.message ?? errorMessage(item.code ?? 'SIGNING_FAILED'),
      })),
  };
}

/**
 * The files tab's signing of attachments (spec §4 "Bulk signing and bulk sealing"): the chosen
 * PDF files signed by the staff member with one code ("Semnați atașamentele"), and the
 * organisation's seal on the application's PDF attachments ("Aplicați sigiliul pe atașamente", after
 * a question). Files that could not be signed or sealed are named in the result.
 */
export function AttachmentsSigning({ applicationId, chosen }: { applicationId: number; chosen: readonly AttachmentFile[] }) {
  const { t } = useTranslation('signing');
  const refresh = useRefreshAfterSigning();
  const [opened, setOpened] = useState(false);
  const [batch, setBatch] = useState<readonly AttachmentFile[]>([]);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const pdfs = chosen.filter(isPdf);
  const seal = useMutation({
    mutationFn: () => sealAttachments(applicationId),
    meta: { skipGlobalErrorHandler: true },
    onSettled: refresh,
  });

  const flow: SigningFlow = {
    start: (customImageId) =>
      startAttachmentsSign(
        applicationId,
        batch.map((file) => file.file_id),
        customImageId,
      ),
    confirm: (pin, requestId) => confirmAttachmentsSign(applicationId, pin, requestId),
  };

  const onSeal = async () => {
    const yes = await confirmDialog({
      title: t('attachments.sealTitle'),
      message: t('attachments.sealQuestion'),
      confirmLabel: t('attachments.sealYes'),
      cancelLabel: t('dialog.cancel'),
    });
    if (!yes) return;
    try {
      const result = await seal.mutateAsync();
      const sealed = outcomeOf(result, chosen);
      if (sealed.failed.length > 0) setOutcome(sealed);
      else showToast('success', t('attachments.sealed', { count: sealed.signed }));
    } catch (error) {
      showToast('error', signingErrorText(error));
    }
  };

  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSignature size={16} aria-hidden />}
        disabled={pdfs.length === 0}
        onClick={() => {
          setBatch(pdfs);
          setOpened(true);
        }}
        data-testid="attachments-sign"
      >
        {pdfs.length > 0 ? t('attachments.signCount', { count: pdfs.length }) : t('attachments.sign')}
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        loading={seal.isPending}
        onClick={() => void onSeal()}
        data-testid="attachments-seal"
      >
        {t('attachments.seal')}
      </Button>
      <SigningDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('attachments.dialogTitle', { count: batch.length })}
        flow={flow}
        audience="staff"
        allowCustomImage
        successMessage={null}
        onSigned={(result) => {
          const signed = outcomeOf(result as AttachmentsResult, batch);
          refresh();
          if (signed.failed.length > 0) setOutcome(signed);
          else showToast('success', t('attachments.signed', { count: signed.signed }));
        }}
        testId="attachments-signing-dialog"
      />
      <BulkResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </Group>
  );
}
