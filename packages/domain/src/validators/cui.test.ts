import { describe, expect, it } from 'vitest';
import { cuiControlDigit, isValidCui, normalizeCui, validateCui } from './cui.js';

describe('cuiControlDigit', () => {
  it('right-aligns the key 753217532 and computes sum × 10 mod 11', () => {
    // 18547290: body 1854729 right-aligned as 001854729 →
    // 1·3 + 8·2 + 5·1 + 4·7 + 7·5 + 2·3 + 9·2 = 111; 1110 mod 11 = 10 → 0
    expect(cuiControlDigit('1854729')).toBe(0);
    // 1590082: 000159008 → 1·2 + 5·1 + 9·7 + 8·2 = 86; 860 mod 11 = 2
    expect(cuiControlDigit('159008')).toBe(2);
  });

  it('turns a result of 10 into 0', () => {
    // 100005 under the last six key digits 217532: 1·2 + 5·2 = 12; 120 mod 11 = 10 → 0
    expect(cuiControlDigit('100005')).toBe(0);
  });

  it('refuses bodies that are empty, too long or not digits', () => {
    expect(() => cuiControlDigit('')).toThrow(RangeError);
    expect(() => cuiControlDigit('1234567890')).toThrow(RangeError);
    expect(() => cuiControlDigit('12a45')).toThrow(RangeError);
  });
});

describe('normalizeCui', () => {
  it('strips the RO prefix in any case and the spaces after it', () => {
    expect(normalizeCui('RO18547290')).toBe('18547290');
    expect(normalizeCui('ro 18547290')).toBe('18547290');
    expect(normalizeCui('  Ro   1590082 ')).toBe('1590082');
    expect(normalizeCui('18547290')).toBe('18547290');
  });

  it('returns null for other characters', () => {
    expect(normalizeCui('RO 1854 7290')).toBeNull();
    expect(normalizeCui('BG18547290')).toBeNull();
    expect(normalizeCui('RO')).toBeNull();
    expect(normalizeCui('')).toBeNull();
  });
});

describe('validateCui', () => {
  it.each(['18547290', '1590082', '14399840', '4221187', '13548146', '361897', '1000050'])('accepts %s', (cui) => {
    expect(validateCui(cui)).toEqual({ ok: true, digits: cui, vatPrefix: false });
  });

  it('accepts the RO prefix and reports it', () => {
    expect(validateCui('RO 18547290')).toEqual({ ok: true, digits: '18547290', vatPrefix: true });
    expect(validateCui('ro14399840')).toEqual({ ok: true, digits: '14399840', vatPrefix: true });
  });

  it.each([
    ['5 digits (the spec asks for 6 to 10)', '12345'],
    ['11 digits', '18547290001'],
    ['a leading zero', '018547290'],
    ['a letter', '1854729O'],
    ['spaces between digits', '1854 7290'],
    ['another prefix', 'HU18547290'],
    ['empty', ''],
  ])('format: %s', (_label, cui) => {
    expect(validateCui(cui)).toEqual({ ok: false, reason: 'format' });
  });

  it('checksum: wrong control digit', () => {
    expect(validateCui('18547291')).toEqual({ ok: false, reason: 'checksum' });
    expect(validateCui('RO1590083')).toEqual({ ok: false, reason: 'checksum' });
    expect(validateCui('8000000')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('isValidCui mirrors validateCui', () => {
    expect(isValidCui('RO18547290')).toBe(true);
    expect(isValidCui('18547291')).toBe(false);
  });
});
