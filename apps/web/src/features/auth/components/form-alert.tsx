import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A message at the top of a form: an error (announced at once) or a success notice. */
export function FormAlert({
  children,
  tone = 'error',
  'data-testid': testId,
}: {
  children: ReactNode;
  tone?: 'error' | 'success' | 'info';
  'data-testid'?: string;
}) {
  const color = tone === 'error' ? 'red' : tone === 'success' ? 'green' : 'navy';
  return (
    <Alert
      color={color}
      variant="light"
      icon={tone === 'success' ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? (tone === 'error' ? 'form-error' : 'form-notice')}
      styles={{ message: { color: 'var(--mantine-color-dark-9)' } }}
    >
      {children}
    </Alert>
  );
}
