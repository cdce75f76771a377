import { Alert, type AlertProps } from '@mantine/core';

export type NoticeTone = 'error' | 'warning' | 'success' | 'info';

/** Accent of the tinted background and the icon (non-text, ≥ 3:1). */
const TONE: Record<NoticeTone, string> = { error: 'red', warning: 'orange', success: 'green', info: 'navy' };

export interface NoticeProps extends Omit<AlertProps, 'color' | 'variant'> {
  tone: NoticeTone;
  'data-testid'?: string;
  'data-status'?: string;
}

/**
 * An in-page message (form error, state explanation). Mantine's light Alert writes its text in
 * the pale accent colour (about 3:1 on the tint); here the text is the body colour, the tint and
 * the icon carry the tone, and errors are announced (`role="alert"`).
 */
export function Notice({ tone, styles, role, ...rest }: NoticeProps) {
  return (
    <Alert
      variant="light"
      color={TONE[tone]}
      role={role ?? (tone === 'error' ? 'alert' : undefined)}
      {...rest}
      styles={{
        title: { color: 'var(--mantine-color-dark-9)' },
        message: { color: 'var(--mantine-color-dark-9)' },
        icon: { color: `var(--mantine-color-${TONE[tone]}-${tone === 'info' ? 7 : 9})` },
        ...(styles as object),
      }}
    />
  );
}
