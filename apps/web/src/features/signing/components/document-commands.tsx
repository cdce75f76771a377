import { Button } from '@mantine/core';
import { IconFileText, IconRotate2, IconSignature, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { showToast } from '../../../components/feedback/toast';
import { useDocumentMutations, useStaffDocument } from '../api/documents';
import { staffSigningFlow, useRefreshAfterSigning } from '../api/signing';
import { type DocumentSubject, generationActionOf, hasDocumentCommand, SIGN_ACTION_OF_KIND } from '../document-logic';
import { signingErrorText } from '../outcomes';
import { SigningDialog } from './signing-dialog';

/**
 * The document buttons of the staff view, shown by the server's abilities alone:
 * "Generați documentul" (the answer of an approved application, the rejection of a refused one),
 * "Semnați" (the signing dialog; the `{action}` from the live document's kind), "Aplicați sigiliul"
 * (the retry after SEAL_ERROR) and "Returnați documentul" (irreversible: a question that says
 * so, then `{confirm: true}`). After each, the record, the counters and the panel are asked again.
 * Rendered in the actions bar and in the document panel; `testPrefix` tells the two apart.
 */
export function DocumentCommands({
  application,
  testPrefix = 'document',
  documentPath,
}: {
  application: DocumentSubject;
  testPrefix?: string;
  /** Where the document panel is: after "Generați", the user is taken there to follow the progress. */
  documentPath?: string;
}) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  const { abilities } = application;
  const [signing, setSigning] = useState(false);
  const mutations = useDocumentMutations(application.id);
  const refresh = useRefreshAfterSigning();
  // The sign path needs the live document's kind; the panel's query (shared cache) has it.
  const panel = useStaffDocument(application.id, abilities.canSign);
  const kind = panel.data?.document?.kind ?? null;
  const generateAction = generationActionOf(application.status);

  if (!hasDocumentCommand(abilities)) return null;

  const onGenerate = async () => {
    if (!generateAction) return;
    try {
      await mutations.generate.mutateAsync(generateAction);
      showToast('info', t('commands.generateStarted'));
      if (documentPath) navigate(documentPath);
    } catch (error) {
      showToast('error', signingErrorText(error));
    }
  };

  const onReturn = async () => {
    const yes = await confirmDialog({
      title: t('commands.returnTitle'),
      message: t('commands.returnQuestion'),
      confirmLabel: t('commands.returnYes'),
      cancelLabel: t('dialog.cancel'),
      destructive: true,
    });
    if (!yes) return;
    try {
      await mutations.returnDocument.mutateAsync();
      showToast('success', t('commands.returned'));
    } catch (error) {
      showToast('error', signingErrorText(error));
    }
  };

  const onSeal = async () => {
    try {
      await mutations.seal.mutateAsync();
      showToast('info', t('commands.sealStarted'));
    } catch (error) {
      showToast('error', signingErrorText(error));
    }
  };

  return (
    <>
      {abilities.canGenerateDocument && generateAction ? (
        <Button
          size="sm"
          variant="filled"
          leftSection={<IconFileText size={16} aria-hidden />}
          loading={mutations.generate.isPending}
          onClick={() => void onGenerate()}
          data-testid={`${testPrefix}-generate`}
        >
          {generateAction === 'approve' ? t('commands.generateAnswer') : t('commands.generateRejection')}
        </Button>
      ) : null}
      {abilities.canSign ? (
        <Button
          size="sm"
          variant="filled"
          leftSection={<IconSignature size={16} aria-hidden />}
          disabled={kind === null}
          onClick={() => setSigning(true)}
          data-testid={`${testPrefix}-sign`}
        >
          {t('commands.sign')}
        </Button>
      ) : null}
      {abilities.canSeal ? (
        <Button
          size="sm"
          variant="light"
          leftSection={<IconShieldCheck size={16} aria-hidden />}
          loading={mutations.seal.isPending}
          onClick={() => void onSeal()}
          data-testid={`${testPrefix}-seal`}
        >
          {t('commands.seal')}
        </Button>
      ) : null}
      {abilities.canReturnDocument ? (
        <Button
          size="sm"
          variant="outline"
          color="red.9"
          leftSection={<IconRotate2 size={16} aria-hidden />}
          loading={mutations.returnDocument.isPending}
          onClick={() => void onReturn()}
          data-testid={`${testPrefix}-return`}
        >
          {t('commands.return')}
        </Button>
      ) : null}
      {abilities.canSign && kind ? (
        <SigningDialog
          opened={signing}
          onClose={() => setSigning(false)}
          title={t('commands.signTitle', { number: application.identification_number ?? application.id })}
          flow={staffSigningFlow(application.id, SIGN_ACTION_OF_KIND[kind])}
          audience="staff"
          allowCustomImage
          successMessage={t('commands.signed')}
          onSigned={refresh}
          testId={`${testPrefix}-signing-dialog`}
        />
      ) : null}
    </>
  );
}
