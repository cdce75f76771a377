import type { SignStartResponse } from '@ghiseu/domain';
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/feedback/toast';
import { Upload, type UploadedFile } from '../../../components/upload/upload';
import { type SigningFlow, uploadSignatureImage } from '../api/signing';
import { isEnrollmentCode, signingErrorText, signingOutcome } from '../outcomes';
import { ApiError } from '../../../lib/api-client';
import { type SignerAudience, showEnrollmentAlert } from './enrollment-alert';

/** A 6-digit SMS code or PIN. */
export const SIGNING_CODE_PATTERN = /^\d{6}$/;

/** Seconds left until `expiresAt` (never below 0), ticking once a second while `active`. */
export function useSecondsLeft(expiresAt: string | null, active: boolean): number {
  const compute = useCallback(
    () => (expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) : 0),
    [expiresAt],
  );
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    setLeft(compute());
    if (!active || !expiresAt) return;
    const timer = setInterval(() => setLeft(compute()), 1000);
    return () => clearInterval(timer);
  }, [compute, active, expiresAt]);
  return left;
}

/** m:ss */
export const formatCountdown = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

type Phase =
  /** Before the request: the optional signature image (staff only). */
  | 'prepare'
  | 'starting'
  /** The code or PIN is asked for. */
  | 'code'
  /** The request cannot go on (session expired, failure): only a new start helps. */
  | 'ended';

export interface SigningDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is about to be signed (the document, the applications of a batch…). */
  intro?: ReactNode;
  flow: SigningFlow;
  /** Staff may add their own signature image (png/jpg ≤ 10 MB) before the code is sent. */
  allowCustomImage?: boolean;
  /** Where the invalid-enrollment alert sends the user (staff: the enrollment; citizen: the profile). */
  audience: SignerAudience;
  /** The success toast; null when the caller shows the result itself. */
  successMessage: string | null;
  /** Called with the confirmation's answer once it succeeded (before the dialog closes). */
  onSigned?: (result: unknown) => void;
  /** Shown while the confirmation runs (the progress of a batch). */
  whileConfirming?: ReactNode;
  testId?: string;
}

/**
 * The signing dialog of spec §4/§8: starts the request, says where the code went (the masked
 * phone) or asks for the signing PIN, takes the 6 digits in one field (numeric keyboard,
 * one-time-code autofill), counts down to the request's expiry, sends a new code on demand, and
 * tells the outcomes apart: a wrong code (with the tries left), an expired code, a session that
 * ended after too many tries, a reply with `success: false` (a failure, never a success), and the
 * invalid-enrollment refusals, which close the dialog and open the alert with its button.
 */
export function SigningDialog({
  opened,
  onClose,
  title,
  intro,
  flow,
  allowCustomImage = false,
  audience,
  successMessage,
  onSigned,
  whileConfirming,
  testId = 'signing-dialog',
}: SigningDialogProps) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(allowCustomImage ? 'prepare' : 'starting');
  const [request, setRequest] = useState<SignStartResponse | null>(null);
  const [image, setImage] = useState<UploadedFile[]>([]);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const started = useRef(false);
  const secondsLeft = useSecondsLeft(request?.expires_at ?? null, opened && phase === 'code');
  const expired = phase === 'code' && request !== null && secondsLeft === 0;

  /** A refusal that the enrollment alert explains: the dialog gives way to it. */
  const divertToAlert = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || !isEnrollmentCode(error.code)) return false;
    onClose();
    void showEnrollmentAlert({ code: error.code, audience, navigate: (to) => navigate(to) });
    return true;
  };

  const start = async (resend = false) => {
    setPhase('starting');
    setMessage(null);
    setFieldError(null);
    setCode('');
    try {
      const answer = await flow.start(image[0]?.file_id ?? null);
      setRequest(answer);
      setPhase('code');
      if (resend) setMessage({ tone: 'info', text: t(answer.confirmation === 'sms' ? 'dialog.resent' : 'dialog.restarted') });
    } catch (error) {
      if (divertToAlert(error)) return;
      setRequest(null);
      setPhase('ended');
      setMessage({ tone: 'error', text: signingErrorText(error) });
    }
  };

  // A new opening starts afresh; without an image step, the request starts at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening
  useEffect(() => {
    if (!opened) {
      started.current = false;
      return;
    }
    if (started.current) return;
    started.current = true;
    setRequest(null);
    setImage([]);
    setCode('');
    setFieldError(null);
    setMessage(null);
    if (allowCustomImage) setPhase('prepare');
    else void start();
  }, [opened]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request || confirming) return;
    const value = code.trim();
    if (!SIGNING_CODE_PATTERN.test(value)) {
      setFieldError(t('dialog.codeFormat'));
      return;
    }
    setFieldError(null);
    setMessage(null);
    setConfirming(true);
    try {
      const result = await flow.confirm(value, request.request_id);
      if (successMessage) showToast('success', successMessage);
      onSigned?.(result);
      onClose();
    } catch (error) {
      if (divertToAlert(error)) return;
      const outcome = signingOutcome(error);
      if (outcome === 'invalid') {
        setFieldError(signingErrorText(error));
        setCode('');
      } else if (outcome === 'expired') {
        setMessage({ tone: 'error', text: t('dialog.expired') });
        setRequest({ ...request, expires_at: new Date(0).toISOString() });
      } else if (outcome === 'session-expired') {
        setPhase('ended');
        setMessage({ tone: 'error', text: t('dialog.sessionExpired') });
      } else {
        setPhase('ended');
        setMessage({ tone: 'error', text: t('dialog.failed', { reason: signingErrorText(error) }) });
      }
    } finally {
      setConfirming(false);
    }
  };

  const where =
    request?.confirmation === 'pin'
      ? t('dialog.pinAsked')
      : request?.masked_phone
        ? t('dialog.smsSentTo', { phone: request.masked_phone })
        : t('dialog.smsSent');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialog.closeWindow') }}
    >
      <Stack gap="md" data-testid={testId}>
        {intro}
        {phase === 'prepare' ? (
          <>
            <Upload
              label={t('dialog.image')}
              description={t('dialog.imageHint')}
              value={image}
              onChange={setImage}
              uploadFile={uploadSignatureImage}
              purpose="signatureImage"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('dialog.cancel')}
              </Button>
              <Button onClick={() => void start()} data-testid={`${testId}-start`}>
                {t('dialog.start')}
              </Button>
            </Group>
          </>
        ) : null}
        {phase === 'starting' ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('dialog.starting')}</Text>
          </Group>
        ) : null}
        {phase === 'code' && request ? (
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Stack gap="md">
              <Text size="sm" data-testid={`${testId}-where`}>
                {where}
              </Text>
              <TextInput
                label={request.confirmation === 'pin' ? t('dialog.pinLabel') : t('dialog.codeLabel')}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                data-autofocus
                disabled={expired}
                error={fieldError}
                data-testid={`${testId}-code`}
                styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums', maxWidth: '12rem' } }}
              />
              <Text size="sm" c={expired ? 'red.9' : 'gray.7'} role="timer" aria-live="off" data-testid={`${testId}-countdown`}>
                {expired ? t('dialog.codeExpired') : t('dialog.expiresIn', { time: formatCountdown(secondsLeft) })}
              </Text>
              {confirming ? whileConfirming : null}
              <Group justify="space-between">
                <Button variant="subtle" onClick={() => void start(true)} disabled={confirming} data-testid={`${testId}-resend`}>
                  {request.confirmation === 'sms' ? t('dialog.resend') : t('dialog.restart')}
                </Button>
                <Group gap="xs">
                  <Button variant="default" onClick={onClose}>
                    {t('dialog.cancel')}
                  </Button>
                  <Button type="submit" loading={confirming} disabled={expired} data-testid={`${testId}-confirm`}>
                    {t('dialog.confirm')}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        ) : null}
        {message ? (
          <Notice tone={message.tone} role={message.tone === 'error' ? 'alert' : 'status'} data-testid={`${testId}-message`}>
            {message.text}
          </Notice>
        ) : null}
        {phase === 'ended' ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.close')}
            </Button>
            <Button onClick={() => void start(true)} data-testid={`${testId}-restart`}>
              {t('dialog.restart')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
