import { Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { StepMessage } from '../components/message';
import { PhoneStep } from '../components/phone-step';

/*
 * The code and status steps come later (after an SMS): loaded when the phone form is used, so the
 * first step renders without their code (the code form, the status view, dates, the documents).
 */
const loadCodeStep = () => import('../components/code-step');
const loadStatusStep = () => import('../components/status-step');
const CodeStep = lazy(() => loadCodeStep().then((m) => ({ default: m.CodeStep })));
const StatusStep = lazy(() => loadStatusStep().then((m) => ({ default: m.StatusStep })));
const preloadLaterSteps = () => {
  void loadCodeStep().catch(() => {});
  void loadStatusStep().catch(() => {});
};

type Step =
  | { kind: 'phone'; phone?: string; notice?: string }
  | { kind: 'code'; phone: string; resendAfter: number }
  | { kind: 'status'; phone: string; token: string };

/** A positive whole id from the address, or null. */
function applicationIdOf(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * /qr/:id (spec §2, name ApplicationStatus): the public status page of an application, reached
 * from the QR code of its registration receipt. Outside sign-in: the visitor gives the phone of
 * the applicant or of a beneficiary (step 1), the 6-digit code sent to it by SMS (step 2), then
 * sees the status and downloads the documents the institution published (step 3). The access
 * token lives only in this page's memory: leaving or reloading the page asks for a new code.
 */
export function ApplicationStatusPage() {
  const { t } = useTranslation(['public-status', 'routes']);
  const applicationId = applicationIdOf(useParams().id);
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  // The first step keeps the page's own focus handling; later steps take the focus to their heading.
  const [moved, setMoved] = useState(false);
  const go = useCallback((next: Step) => {
    setMoved(true);
    setStep(next);
  }, []);
  const onAccessExpired = useCallback(() => go({ kind: 'phone', notice: t('public-status:errors.accessExpired') }), [go, t]);

  let content: ReactNode;
  if (applicationId === null) {
    content = <StepMessage>{t('public-status:invalidAddress')}</StepMessage>;
  } else if (step.kind === 'phone') {
    content = (
      <PhoneStep
        applicationId={applicationId}
        initialPhone={step.phone}
        notice={step.notice}
        focusHeading={moved}
        onSent={(phone, sent) => go({ kind: 'code', phone, resendAfter: sent.resend_after })}
      />
    );
  } else if (step.kind === 'code') {
    content = (
      <CodeStep
        applicationId={applicationId}
        phone={step.phone}
        resendAfter={step.resendAfter}
        focusHeading={moved}
        onVerified={(token) => go({ kind: 'status', phone: step.phone, token })}
        onChangePhone={() => go({ kind: 'phone', phone: step.phone })}
      />
    );
  } else {
    content = (
      <StatusStep
        applicationId={applicationId}
        token={step.token}
        focusHeading={moved}
        onAccessExpired={onAccessExpired}
        onEnd={() => go({ kind: 'phone' })}
      />
    );
  }

  return (
    <Stack align="center" py={{ base: 'md', sm: 'xl' }}>
      <Paper
        withBorder
        shadow="sm"
        p={{ base: 'md', sm: 'xl' }}
        radius="md"
        w="100%"
        maw={720}
        data-testid="public-status-page"
        onFocus={preloadLaterSteps}
      >
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('routes:applicationStatus')}
            </Title>
            <Text c="gray.7" size="sm" mt={4}>
              {t('public-status:intro')}
            </Text>
          </div>
          <Suspense fallback={<PageLoader />}>{content}</Suspense>
        </Stack>
      </Paper>
    </Stack>
  );
}
