import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A message above a step: an error is announced at once (role alert, assertive), a notice
 * politely (role status).
 */
export function StepMessage({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  const color = tone === 'error' ? 'red' : tone === 'success' ? 'green' : 'navy';
  return (
    <Alert
      color={color}
      variant="light"
      icon={tone === 'error' ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      data-testid={tone === 'error' ? 'public-status-error' : 'public-status-notice'}
      styles={{ message: { color: 'var(--mantine-color-dark-9)' } }}
    >
      {children}
    </Alert>
  );
}
