import type { Application } from '@ghiseu/domain';
import { Anchor, Button, List, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../../components/page/notice';
import { formatDate } from '../../../lib/format';
import { downloadReceipt } from '../api/applications';
import { showError } from '../errors';

/** A submitted application that is still being handled (not a draft, not resolved). */
export const isInProgress = (application: Pick<Application, 'status' | 'resolved_at'>): boolean =>
  application.status !== 'DRAFT' &&
  application.resolved_at === null &&
  !['RESOLVED', 'REJECTED', 'CLOSED'].includes(application.status);

/**
 * After submission: who handles the application, the legal term of the answer, and how to
 * follow it (the list, the details page, the receipt's QR code, clarifications in comments).
 */
export function WhatHappensNext({
  application,
  showDetailsLink = false,
}: {
  application: Pick<Application, 'id' | 'tenant_name' | 'response_due_in_days' | 'response_due_date' | 'identification_number'>;
  showDetailsLink?: boolean;
}) {
  const { t } = useTranslation('applications');
  const days = application.response_due_in_days;
  return (
    <Notice tone="info" role="note" data-testid="what-happens-next">
      <Title order={2} size="h4" mb={6}>
        {t('next.title')}
      </Title>
      <List size="sm" spacing={4}>
        <List.Item data-testid="next-handler">{t('next.handler', { institution: application.tenant_name })}</List.Item>
        <List.Item data-testid="next-deadline">
          {days === null
            ? t('next.noDeadline')
            : application.response_due_date
              ? t('next.deadlineUntil', { count: days, date: formatDate(application.response_due_date) })
              : t('next.deadline', { count: days })}
        </List.Item>
        <List.Item>
          {t('next.follow')}{' '}
          {showDetailsLink ? (
            <Anchor component={Link} to={`/application/${application.id}`} size="sm">
              {t('next.followLink')}
            </Anchor>
          ) : null}
        </List.Item>
        <List.Item>{t('next.clarifications')}</List.Item>
        <List.Item>{t('next.receipt')}</List.Item>
      </List>
    </Notice>
  );
}

/** The receipt download, for any submitted application. */
export function ReceiptButton({
  application,
  testId = 'receipt-download',
}: {
  application: Pick<Application, 'id' | 'identification_number'>;
  testId?: string;
}) {
  const { t } = useTranslation('applications');
  const [downloading, setDownloading] = useState(false);
  const onReceipt = async () => {
    setDownloading(true);
    try {
      await downloadReceipt(application.id, application.identification_number);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} aria-hidden />}
      onClick={() => void onReceipt()}
      loading={downloading}
      data-testid={testId}
    >
      {t('confirmation.receipt')}
    </Button>
  );
}
