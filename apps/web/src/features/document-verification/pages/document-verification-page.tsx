import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { Notice } from '../../../components/page/notice';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDocumentVerification } from '../api/get-document-verification';
import { FileCheck } from '../components/file-check';

/** The verification code of the QR code (the contract's shape): anything else is not looked up. */
const codeOf = (raw: string | undefined): string | null => (raw && /^[A-Za-z0-9_-]{10,64}$/.test(raw) ? raw : null);

/**
 * /verificare/:code (public, no sign-in): the page the QR code of a generated document leads to.
 * It says whether the code belongs to an issued document and shows only its public facts
 * (output number, document, issuer, issue date, the SHA-256 of the issued PDF); the visitor can
 * check the PDF they hold against that fingerprint in the browser.
 */
export function DocumentVerificationPage() {
  const { t } = useTranslation('document-verification');
  const code = codeOf(useParams().code);
  const query = useDocumentVerification(code);

  let content: ReactNode;
  const notFound =
    code === null ||
    (query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  if (notFound) {
    content = (
      <Notice tone="error" title={t('notFound.title')} data-testid="verification-not-found">
        {t('notFound.text')}
      </Notice>
    );
  } else if (query.isPending) {
    content = <PageLoader minHeight={160} />;
  } else if (query.isError) {
    content = <ErrorState title={t('loadError')} onRetry={() => void query.refetch()} />;
  } else {
    const doc = query.data;
    const rows: { key: string; label: string; value: string; hash?: boolean }[] = [
      { key: 'output-number', label: t('fields.outputNumber'), value: doc.output_number ?? '—' },
      { key: 'document', label: t('fields.document'), value: doc.document_name },
      { key: 'issuer', label: t('fields.issuer'), value: doc.issuer },
      { key: 'issued-at', label: t('fields.issuedAt'), value: doc.issued_at ? formatDate(doc.issued_at) : '—' },
      { key: 'sha256', label: t('fields.sha256'), value: doc.sha256 ?? '—', hash: true },
    ];
    content = (
      <Stack gap="lg">
        <Notice
          tone="success"
          title={t('valid.title')}
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          data-testid="verification-valid"
        >
          {t('valid.text')}
        </Notice>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', gap: '8px 16px' }}>
          {rows.map((row) => (
            <div key={row.key} style={{ display: 'contents' }}>
              <Text component="dt" size="sm" fw={600}>
                {row.label}
              </Text>
              <Text
                component="dd"
                size="sm"
                m={0}
                ff={row.hash ? 'monospace' : undefined}
                style={row.hash ? { wordBreak: 'break-all' } : undefined}
                data-testid={`verification-${row.key}`}
              >
                {row.value}
              </Text>
            </div>
          ))}
        </dl>
        {doc.sha256 ? <FileCheck expected={doc.sha256} /> : <Text size="sm">{t('file.noFingerprint')}</Text>}
      </Stack>
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
        maw={760}
        data-testid="document-verification-page"
      >
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('title')}
            </Title>
            <Text c="gray.7" size="sm" mt={4}>
              {t('intro')}
            </Text>
          </div>
          {content}
        </Stack>
      </Paper>
    </Stack>
  );
}
