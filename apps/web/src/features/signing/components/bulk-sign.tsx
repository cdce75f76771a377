import { BULK_SIGN_MAX, type BulkItemResult, errorMessage } from '@ghiseu/domain';
import { Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { checkBulkSigningStatus, confirmBulkSign, type SigningFlow, startBulkSign, useRefreshAfterSigning } from '../api/signing';
import { SigningDialog } from './signing-dialog';

/** What the batch needs of a list row. */
export interface BulkSignRow {
  id: number;
  identification_number: string | null;
  application_type_name: string;
}

/** The outcome of a batch, per application: the ones left out at the start and the confirmation's. */
export interface BulkOutcome {
  signed: number;
  failed: { id: number; label: string; reason: string }[];
}

/** How often the batch's progress is asked while it is being signed. */
export const BULK_PROGRESS_POLL_MS = 1000;

const rowLabel = (row: BulkSignRow | undefined, id: number) =>
  row?.identification_number ?? row?.application_type_name ?? `#${id}`;
const reasonOf = (item: BulkItemResult) => item.message ?? errorMessage(item.code ?? 'SIGNING_FAILED');

/** Joins the items refused at the start with the confirmation's items. */
export function bulkOutcome(
  rows: readonly BulkSignRow[],
  refused: readonly BulkItemResult[],
  confirmed: readonly BulkItemResult[],
): BulkOutcome {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const failed = [...refused, ...confirmed.filter((item) => !item.ok)].map((item) => ({
    id: item.application_id,
    label: rowLabel(byId.get(item.application_id), item.application_id),
    reason: reasonOf(item),
  }));
  return { signed: confirmed.filter((item) => item.ok).length, failed };
}

/**
 * "Semnați în lot" on a staff work list (spec §4 "Bulk signing and bulk sealing follow the same
 * steps"): the chosen applications that await the user's signature (at most
 * {@link BULK_SIGN_MAX}), one question, one request with one code for all, the progress while
 * they are signed (check-bulk-signing-status every second), then a result naming the
 * applications that could not be signed and why. The others stay signed.
 */
export function BulkSign({
  selected,
  overLimit,
  onDone,
  onOutcome,
}: {
  selected: readonly BulkSignRow[];
  overLimit: boolean;
  onDone: () => void;
  /**
   * The batch's result, for the owner to show ({@link BulkResultDialog}): the signed rows lose
   * their `canSign` when the list refreshes, and this button (and anything it renders) with them.
   */
  onOutcome: (outcome: BulkOutcome) => void;
}) {
  const { t } = useTranslation('signing');
  const refresh = useRefreshAfterSigning();
  const [opened, setOpened] = useState(false);
  const [batch, setBatch] = useState<readonly BulkSignRow[]>([]);
  const [refused, setRefused] = useState<BulkItemResult[]>([]);
  const tooMany = overLimit || selected.length > BULK_SIGN_MAX;

  const onStart = async () => {
    if (selected.length === 0 || tooMany) return;
    const yes = await confirmDialog({
      title: t('bulk.confirmTitle'),
      message: t('bulk.confirmQuestion', { count: selected.length }),
      confirmLabel: t('bulk.confirmYes'),
      cancelLabel: t('dialog.cancel'),
    });
    if (!yes) return;
    setBatch([...selected]);
    setRefused([]);
    setOpened(true);
  };

  const flow: SigningFlow = {
    start: async (customImageId) => {
      const answer = await startBulkSign(
        batch.map((row) => row.id),
        customImageId,
      );
      setRefused(answer.items.filter((item) => !item.ok));
      return answer;
    },
    confirm: (pin, requestId) => confirmBulkSign(pin, requestId),
  };

  return (
    <>
      <Button
        size="xs"
        leftSection={<IconSignature size={16} aria-hidden />}
        disabled={selected.length === 0 || tooMany}
        onClick={() => void onStart()}
        data-testid="bulk-sign"
      >
        {selected.length > 0 ? t('bulk.signCount', { count: selected.length }) : t('bulk.sign')}
      </Button>
      <SigningDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('bulk.dialogTitle', { count: batch.length })}
        intro={
          refused.length > 0 ? (
            <Notice tone="warning" data-testid="bulk-refused">
              {t('bulk.refusedAtStart', { count: refused.length })}
            </Notice>
          ) : null
        }
        flow={flow}
        audience="staff"
        allowCustomImage
        successMessage={null}
        whileConfirming={<BulkProgress ids={batch.map((row) => row.id)} />}
        onSigned={(result) => {
          const reply = result as Awaited<ReturnType<typeof confirmBulkSign>>;
          onOutcome(bulkOutcome(batch, refused, reply.items));
          refresh();
          onDone();
        }}
        testId="bulk-signing-dialog"
      />
    </>
  );
}

/** The progress of a batch being signed: how many of its applications no longer await the signature. */
function BulkProgress({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation('signing');
  const status = useQuery({
    queryKey: ['signing', 'bulk-status', ids],
    queryFn: () => checkBulkSigningStatus(ids),
    refetchInterval: BULK_PROGRESS_POLL_MS,
    gcTime: 0,
  });
  const done = (status.data ?? []).filter((item) => !item.can_sign).length;
  const percent = ids.length === 0 ? 0 : Math.round((done / ids.length) * 100);
  return (
    <div data-testid="bulk-progress">
      <Progress value={percent} animated aria-label={t('bulk.progressLabel')} />
      <Text size="sm" mt={4} role="status" aria-live="polite">
        {t('bulk.progress', { done, total: ids.length })}
      </Text>
    </div>
  );
}

/** The batch's result: how many were signed, and each application that was not, with the reason. */
export function BulkResultDialog({ outcome, onClose }: { outcome: BulkOutcome | null; onClose: () => void }) {
  const { t } = useTranslation('signing');
  return (
    <Modal
      opened={outcome !== null}
      onClose={onClose}
      title={t('bulk.resultTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialog.closeWindow') }}
    >
      {outcome ? (
        <Stack gap="md" data-testid="bulk-result">
          <Text size="sm">{t('bulk.signedCount', { count: outcome.signed })}</Text>
          {outcome.failed.length > 0 ? (
            <Notice tone="error" role="status" title={t('bulk.failedTitle', { count: outcome.failed.length })}>
              <List size="sm" data-testid="bulk-failed">
                {outcome.failed.map((item) => (
                  <List.Item key={item.id}>
                    <Text span fw={600} size="sm" c="dark.9">
                      {item.label}
                    </Text>
                    <Text span size="sm" c="dark.9">
                      {`: ${item.reason}`}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Notice>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('dialog.close')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
