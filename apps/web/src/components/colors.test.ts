import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { ACCENT_COLORS, TEXT_COLORS } from './colors';

/** Resolves 'name.shade' against the portal theme, then Mantine's default palette. */
function hex(token: string): string {
  const [name, shade] = token.split('.');
  const palette = (theme.colors?.[name] ?? DEFAULT_THEME.colors[name]) as readonly string[];
  return palette[Number(shade)];
}

function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = Number.parseInt(color.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';
const SELECTED_ROW = hex('navy.0');

describe('WCAG AA colours', () => {
  it('text colours reach 4.5:1 on white and on a selected table row', () => {
    for (const token of Object.values(TEXT_COLORS)) {
      expect(contrast(hex(token), WHITE), token).toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex(token), SELECTED_ROW), token).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the primary colour carries white button text and navy text on light navy', () => {
    expect(hex('navy.7')).toBe('#14213D');
    expect(contrast(hex('navy.7'), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(hex('navy.7'), SELECTED_ROW)).toBeGreaterThanOrEqual(4.5);
  });

  it('accent colours reach 3:1 against white (non-text contrast)', () => {
    for (const token of Object.values(ACCENT_COLORS)) expect(contrast(hex(token), WHITE), token).toBeGreaterThanOrEqual(3);
  });

  it('the destructive button red carries white text', () => {
    expect(contrast(hex('red.9'), WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});
