import { Badge, type BadgeProps, darken, rgba, useMantineTheme } from '@mantine/core';

export interface SoftBadgeProps extends Omit<BadgeProps, 'color' | 'variant'> {
  /** A theme colour with its shade, e.g. 'green.9', 'navy.7'. */
  color: string;
  'data-testid'?: string;
  'data-status'?: string;
  tabIndex?: number;
  'aria-label'?: string;
}

/**
 * A tinted badge whose text keeps at least 4.5:1 contrast. Mantine's `light` variant with a
 * shade ('green.9') paints the solid shade behind its pale 'light' text colour, which is
 * unreadable; this one tints the background and darkens the text instead.
 */
export function SoftBadge({ color, styles, ...rest }: SoftBadgeProps) {
  const theme = useMantineTheme();
  const [name, shade] = color.split('.');
  const base = theme.colors[name]?.[Number(shade ?? 9)] ?? color;
  return (
    <Badge
      variant="light"
      {...rest}
      styles={{ root: { background: rgba(base, 0.12), color: darken(base, 0.3) }, ...(styles as object) }}
    />
  );
}
