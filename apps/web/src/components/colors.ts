/**
 * Colours the shared components use for text and accents, chosen for WCAG 2.1 AA on the
 * portal's white and light-navy backgrounds (checked by `colors.test.ts`). Mantine's defaults
 * for dimmed text (gray.6, 3.3:1) and error text (red.6, 3.3:1) are too light for body text.
 */
export const TEXT_COLORS = {
  /** Secondary text (hints, sizes, descriptions): 8.2:1 on white. */
  muted: 'gray.7',
  /** Error text: 5.5:1 on white. */
  error: 'red.9',
} as const;

/** Accent colours of toasts and alert icons (non-text: at least 3:1 required). */
export const ACCENT_COLORS = {
  success: 'green.8',
  error: 'red.8',
  warning: 'orange.9',
  info: 'navy.7',
} as const;
