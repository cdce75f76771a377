import { FileInput, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { sameFingerprint, sha256Hex } from '../sha256';

type Result = { kind: 'idle' } | { kind: 'computing' } | { kind: 'done'; hash: string; match: boolean } | { kind: 'failed' };

/**
 * "Verificați un fișier": the visitor picks the PDF they hold; its SHA-256 is computed in the
 * browser and compared with the issued document's. Nothing is uploaded.
 */
export function FileCheck({ expected }: { expected: string }) {
  const { t } = useTranslation('document-verification');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<Result>({ kind: 'idle' });

  const onFile = async (picked: File | null) => {
    setFile(picked);
    if (!picked) {
      setResult({ kind: 'idle' });
      return;
    }
    setResult({ kind: 'computing' });
    try {
      const hash = await sha256Hex(picked);
      setResult({ kind: 'done', hash, match: sameFingerprint(hash, expected) });
    } catch {
      setResult({ kind: 'failed' });
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="file-check-title" data-testid="file-check">
      <Title order={2} size="h4" id="file-check-title">
        {t('file.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('file.intro')}
      </Text>
      <FileInput
        label={t('file.label')}
        placeholder={t('file.placeholder')}
        accept="application/pdf,.pdf"
        value={file}
        onChange={(picked) => void onFile(picked)}
        clearable
        clearButtonProps={{ 'aria-label': t('file.clear') }}
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        data-testid="file-check-input"
      />
      <div aria-live="polite" role="status" data-testid="file-check-result">
        {result.kind === 'computing' ? <Text size="sm">{t('file.computing')}</Text> : null}
        {result.kind === 'failed' ? <Notice tone="error">{t('file.failed')}</Notice> : null}
        {result.kind === 'done' ? (
          <Notice
            tone={result.match ? 'success' : 'error'}
            title={result.match ? t('file.match') : t('file.mismatch')}
            role="none"
          >
            <Text size="sm">{result.match ? t('file.matchText') : t('file.mismatchText')}</Text>
            <Text size="xs" mt={4} ff="monospace" style={{ wordBreak: 'break-all' }}>
              {t('file.computed', { hash: result.hash })}
            </Text>
          </Notice>
        ) : null}
      </div>
    </Stack>
  );
}
