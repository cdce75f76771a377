import { Anchor, Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { formatDateTime } from '../../../lib/format';
import { useApplication } from '../api/applications';
import { ReceiptButton, WhatHappensNext } from '../components/what-happens-next';
import { errorText } from '../errors';
import { PayNowPanel } from '../../payments';

/**
 * /application-confirmation/:id: the success screen after submission: entry number and date,
 * the total due with the ways to pay now (features/payments), what happens next (who, the legal
 * term, how to follow it) and the receipt.
 */
export function ApplicationConfirmationPage() {
  const { t } = useTranslation('applications');
  const id = Number(useParams().id) || null;
  const query = useApplication(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <ErrorState title={t('confirmation.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />
    );
  const application = query.data;

  return (
    <Stack gap="lg" maw={720} data-testid="application-confirmation">
      <Group gap="sm">
        <ThemeIcon color="green.9" size="xl" radius="xl" variant="filled">
          <IconCircleCheck aria-hidden />
        </ThemeIcon>
        <Title order={1}>{t('confirmation.title')}</Title>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={220}>
                {t('confirmation.number')}
              </Table.Th>
              <Table.Td>
                <Text fw={700} size="lg" data-testid="entry-number">
                  {application.identification_number ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('confirmation.date')}</Table.Th>
              <Table.Td data-testid="entry-date">{formatDateTime(application.application_date)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('confirmation.type')}</Table.Th>
              <Table.Td>{application.application_type_name}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      {application.status !== 'DRAFT' ? <PayNowPanel applicationId={application.id} /> : null}
      {application.status !== 'DRAFT' ? <WhatHappensNext application={application} /> : null}
      <Group gap="sm">
        <Button component={Link} to={`/application/${application.id}`} data-testid="confirmation-open">
          {t('confirmation.open')}
        </Button>
        {application.status !== 'DRAFT' ? <ReceiptButton application={application} testId="confirmation-receipt" /> : null}
        <Anchor component={Link} to="/applications">
          {t('confirmation.list')}
        </Anchor>
      </Group>
    </Stack>
  );
}
