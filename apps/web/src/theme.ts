import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS, PRIMARY_COLOR } from '@ghiseu/domain';

/** Shades around the portal's primary #14213D (index 7 is the primary itself). */
const navy: MantineColorsTuple = [
  '#eef1f8',
  '#d9dfec',
  '#aebcd9',
  '#8197c6',
  '#5c78b6',
  '#4465ad',
  '#37598f',
  PRIMARY_COLOR,
  '#0f1a31',
  '#0a1224',
];

const rem = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 7,
  colors: { navy },
  autoContrast: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
  defaultRadius: 'sm',
  breakpoints: {
    xs: rem(BREAKPOINTS.sm - 1),
    sm: rem(BREAKPOINTS.sm),
    md: rem(BREAKPOINTS.md),
    lg: rem(BREAKPOINTS.lg),
    xl: rem(BREAKPOINTS.xl),
  },
});

/**
 * Mantine's default error text (red.6) and dimmed text (gray.6) are about 3.3:1 on white,
 * below WCAG AA; every input error and secondary text uses these variables, so fix them once.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-dimmed': t.colors.gray[7],
  },
  dark: {},
});
