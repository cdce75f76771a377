import type { RegistryRecord } from '@ghiseu/domain';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconFileTypePdf, IconMailForward, IconPlus, IconPrinter, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { SoftBadge } from '../../../components/page/soft-badge';
import { apiErrorText, errorCodeOf, validationIssues } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { slipObjectUrl, useAssignees, useInviteBeneficiary, useRegenerateSlip, useSendRegistered } from '../api/registry';

export interface RegistrationResultProps {
  record: RegistryRecord;
  onChange: (record: RegistryRecord) => void;
  onAnother: () => void;
}

/**
 * After a registration: the entry number, the slip to open or print, the link to the application,
 * the beneficiary's invitation by e-mail, sending the document to a colleague (registry-send),
 * and 'Înregistrați alt document'.
 */
export function RegistrationResult({ record, onChange, onAnother }: RegistrationResultProps) {
  const { t } = useTranslation('registry');
  const regenerate = useRegenerateSlip();
  const send = useSendRegistered();
  const invite = useInviteBeneficiary();
  const assignees = useAssignees(record.abilities.canSend);
  const [email, setEmail] = useState(record.beneficiary?.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [slipBusy, setSlipBusy] = useState(false);

  const openSlip = async (print: boolean) => {
    setSlipBusy(true);
    try {
      const url = await slipObjectUrl(record);
      const opened = window.open(url, '_blank', 'noopener');
      if (print && opened) opened.addEventListener('load', () => opened.print());
    } catch (error) {
      showToast('error', apiErrorText(error));
    } finally {
      setSlipBusy(false);
    }
  };

  const onRegenerate = async () => {
    try {
      const next = await regenerate.mutateAsync(record.id);
      onChange(next);
      showToast('success', t('result.regenerated', { version: next.slip.version }));
    } catch (error) {
      showToast('error', apiErrorText(error));
    }
  };

  const onInvite = async () => {
    setEmailError(null);
    try {
      const sent = await invite.mutateAsync({ email: email.trim(), application_id: record.id });
      onChange({ ...record, invited_emails: [...record.invited_emails, sent.email] });
      showToast('success', t('result.invited', { email: sent.email }));
    } catch (error) {
      const issue = validationIssues(error)[0];
      if (issue) setEmailError(issue.message);
      else if (errorCodeOf(error) === 'BENEFICIARY_EMAIL_ALREADY_INVITED') setEmailError(apiErrorText(error));
      else setEmailError(t('errors.invite'));
    }
  };

  const onSend = async () => {
    if (!assignee) return;
    try {
      const next = await send.mutateAsync({
        id: record.id,
        body: { assignee_user_id: Number(assignee), comment: comment.trim() || null },
      });
      onChange(next);
      showToast('success', t('result.sent', { name: next.sent_to?.name ?? '' }));
    } catch (error) {
      showToast('error', apiErrorText(error));
    }
  };

  return (
    <Stack gap="lg" data-testid="registration-result">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2}>{t('result.title')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <div>
              <Text size="sm" c="gray.7">
                {t('result.number')}
              </Text>
              <Text fz={28} fw={700} data-testid="registry-number">
                {record.identification_number}
              </Text>
            </div>
            <div>
              <Text size="sm" c="gray.7">
                {t('result.date')}
              </Text>
              <Text fw={600}>{formatDateTime(record.application_date)}</Text>
            </div>
            <div>
              <Text size="sm" c="gray.7">
                {t('result.status')}
              </Text>
              <SoftBadge color={record.status === 'REGISTERED' ? 'blue.8' : 'orange.9'} data-testid="registry-status">
                {record.status_label}
              </SoftBadge>
            </div>
          </SimpleGrid>
          <Text size="sm">
            {record.applicant.is_placeholder
              ? t('result.applicantPlaceholder')
              : t('result.applicantAccount', { name: record.applicant.name })}
          </Text>
          <Text size="sm" c="gray.7">
            {t('result.slipVersion', { version: record.slip.version })}
          </Text>
          <Group gap="sm">
            <Button
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              onClick={() => void openSlip(false)}
              loading={slipBusy}
              data-testid="registry-slip"
            >
              {t('result.slip')}
            </Button>
            <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => void openSlip(true)}>
              {t('result.print')}
            </Button>
            {record.abilities.canEditRegistry ? (
              <Button
                variant="default"
                leftSection={<IconRefresh size={18} aria-hidden />}
                onClick={() => void onRegenerate()}
                loading={regenerate.isPending}
              >
                {t('result.regenerate')}
              </Button>
            ) : null}
            <Anchor component={Link} to={`/application/${record.id}`} data-testid="registry-open-application">
              {t('result.openApplication')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>

      {record.abilities.canInvite ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={3}>{t('result.inviteTitle')}</Title>
            <Group align="flex-end" gap="sm">
              <TextInput
                id="registry-invite-email"
                label={t('result.inviteEmail')}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={emailError}
                maxLength={255}
                w={320}
              />
              <Button
                variant="default"
                leftSection={<IconMailForward size={18} aria-hidden />}
                onClick={() => void onInvite()}
                loading={invite.isPending}
                disabled={!email.trim()}
                data-testid="registry-invite"
              >
                {t('result.invite')}
              </Button>
            </Group>
            {record.invited_emails.length > 0 ? (
              <Text size="sm" data-testid="registry-invited">
                {t('result.invitedList', { emails: record.invited_emails.join(', ') })}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={3}>{t('result.sendTitle')}</Title>
          {record.sent_to ? (
            <Notice tone="success" data-testid="registry-sent">
              {t('result.sentTo', { name: record.sent_to.name })}
            </Notice>
          ) : record.abilities.canSend ? (
            <>
              <Select
                id="registry-assignee"
                label={t('result.assignee')}
                data={(assignees.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` }))}
                value={assignee}
                onChange={setAssignee}
                searchable
                w={{ base: '100%', sm: 420 }}
                error={assignees.isError ? apiErrorText(assignees.error) : undefined}
              />
              <Textarea
                id="registry-send-comment"
                label={t('result.comment')}
                value={comment}
                onChange={(event) => setComment(event.currentTarget.value)}
                maxLength={4000}
                autosize
                minRows={2}
              />
              <Button
                w="fit-content"
                leftSection={<IconSend size={18} aria-hidden />}
                onClick={() => void onSend()}
                disabled={!assignee}
                loading={send.isPending}
                data-testid="registry-send"
              >
                {t('result.send')}
              </Button>
            </>
          ) : null}
        </Stack>
      </Paper>

      <Button
        variant="default"
        w="fit-content"
        leftSection={<IconPlus size={18} aria-hidden />}
        onClick={onAnother}
        data-testid="registry-another"
      >
        {t('result.another')}
      </Button>
    </Stack>
  );
}
