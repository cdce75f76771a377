import { Anchor, Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useApplication } from '../api/applications';
import { errorText, showError } from '../errors';

/** Downloads the registration receipt (`GET /qr/{id}/receipt`, PDF) named after the entry number. */
async function downloadReceipt(id: number, entryNumber: string | null): Promise<void> {
  const blob = await api.get<Blob>(`/qr/${id}/receipt`, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `recipisa-${(entryNumber ?? String(id)).replace(/[^\p{L}\p{N}-]+/gu, '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** /application-confirmation/:id: the success screen after submission (entry number and date). */
export function ApplicationConfirmationPage() {
  const { t } = useTranslation('applications');
  const id = Number(useParams().id) || null;
  const query = useApplication(id);
  const [downloading, setDownloading] = useState(false);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <ErrorState title={t('confirmation.loadError')} message={errorText(query.error)} onRetry={() => void query.refetch()} />
    );
  const application = query.data;

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
      <Group gap="sm">
        <Button component={Link} to={`/application/${application.id}`} data-testid="confirmation-open">
          {t('confirmation.open')}
        </Button>
        {application.status !== 'DRAFT' ? (
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void onReceipt()}
            loading={downloading}
            data-testid="confirmation-receipt"
          >
            {t('confirmation.receipt')}
          </Button>
        ) : null}
        <Anchor component={Link} to="/applications">
          {t('confirmation.list')}
        </Anchor>
      </Group>
    </Stack>
  );
}
