import { describe, expect, it } from 'vitest';
import {
  findUnstorableText,
  isStorableText,
  toStorableText,
  isDigitsOnly,
  isHttpsUrl,
  isInteger,
  isLettersAndDigits,
  isLettersApostropheHyphen,
  isLettersOnly,
  isLowercaseOnly,
  isNoSpace,
  isPositiveDecimal,
  isPositiveInteger,
  isWithinMaxLength,
  matchesPattern,
  parsePositiveDecimal,
} from './text-rules.js';

describe('integers', () => {
  it('isInteger accepts an optional minus sign and digits', () => {
    expect(['0', '42', '-7', '007'].every(isInteger)).toBe(true);
    expect(['', '-', '+3', '1.5', '1,5', '1e3', ' 4'].some(isInteger)).toBe(false);
  });

  it('isDigitsOnly accepts digits only', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    expect(['', '-1', '12a', '1 2'].some(isDigitsOnly)).toBe(false);
  });

  it('isPositiveInteger refuses zero, leading zeros, signs and separators', () => {
    expect(['1', '9', '10', '250', '9999999'].every(isPositiveInteger)).toBe(true);
    expect(['0', '007', '01', '+3', '-3', '1.0', '1,5', ' 1', ''].some(isPositiveInteger)).toBe(false);
  });
});

describe('positive decimals', () => {
  it('parses with a comma separator', () => {
    expect(parsePositiveDecimal('12,5', ',')).toBe(12.5);
    expect(parsePositiveDecimal('0,5', ',')).toBe(0.5);
    expect(parsePositiveDecimal('12', ',')).toBe(12);
    expect(parsePositiveDecimal('12,0', ',')).toBe(12);
  });

  it('parses with a dot separator', () => {
    expect(parsePositiveDecimal('12.5', '.')).toBe(12.5);
    expect(parsePositiveDecimal('12,5', '.')).toBeNull();
  });

  it('defaults to the comma, the Romanian separator', () => {
    expect(isPositiveDecimal('3,7')).toBe(true);
    expect(isPositiveDecimal('3.7')).toBe(false);
  });

  it.each([
    ['two decimals', '1,25'],
    ['two separators', '1,2,3'],
    ['trailing separator', '12,'],
    ['leading separator', ',5'],
    ['leading zero', '05'],
    ['zero', '0'],
    ['zero with decimal', '0,0'],
    ['negative', '-1,5'],
    ['thousands separator', '1.000,5'],
    ['empty', ''],
  ])('refuses %s', (_label, value) => {
    expect(isPositiveDecimal(value, ',')).toBe(false);
  });
});

describe('letters', () => {
  it('isLettersOnly accepts Romanian letters with comma-below and cedilla diacritics', () => {
    expect(isLettersOnly('Ștefănescu')).toBe(true);
    expect(isLettersOnly('ĂÂÎȘȚăâîșț')).toBe(true);
    expect(isLettersOnly('ŞŢşţ')).toBe(true);
    // s + combining comma below (U+0326), composed by NFC.
    expect(isLettersOnly('s\u0326t\u0326')).toBe(true);
  });

  it('isLettersOnly accepts the Latin letters of minority names', () => {
    expect(isLettersOnly('Szőcs')).toBe(true);
    expect(isLettersOnly('Müller')).toBe(true);
  });

  it('isLettersOnly refuses digits, spaces, punctuation and other scripts', () => {
    expect(['Ion1', 'Ion Ion', 'Ana-Maria', "O'Brien", 'Иван', '', '.'].some(isLettersOnly)).toBe(false);
  });

  it('isLettersApostropheHyphen accepts names with apostrophes, hyphens and spaces', () => {
    expect(['Ana-Maria', "O'Brien", 'D’Angelo', 'Maria Ioana', 'Târgu-Mureș'].every(isLettersApostropheHyphen)).toBe(true);
  });

  it('isLettersApostropheHyphen needs a letter and refuses digits and other signs', () => {
    expect(["'", '-', ' ', '', 'Ion2', 'Ion.', 'Ion_Pop'].some(isLettersApostropheHyphen)).toBe(false);
  });

  it('isLettersAndDigits accepts letters and digits only', () => {
    expect(isLettersAndDigits('MS123Ștefan')).toBe(true);
    expect(['MS 123', 'MS-123', ''].some(isLettersAndDigits)).toBe(false);
  });
});

describe('case, spaces, length and patterns', () => {
  it('isLowercaseOnly refuses any upper-case letter', () => {
    expect(['parcele_2024', 'ștefan', '123', ''].every(isLowercaseOnly)).toBe(true);
    expect(['Parcele', 'ștefaN', 'Ș', 'ǅ'].some(isLowercaseOnly)).toBe(false);
  });

  it('isNoSpace refuses every kind of white space', () => {
    expect(isNoSpace('fara-spatii')).toBe(true);
    expect(['a b', 'a\tb', 'a\nb', 'a\u00a0b', ' '].some(isNoSpace)).toBe(false);
  });

  it('isWithinMaxLength defaults to 255 characters', () => {
    expect(isWithinMaxLength('a'.repeat(255))).toBe(true);
    expect(isWithinMaxLength('a'.repeat(256))).toBe(false);
    expect(isWithinMaxLength('ăâî', 3)).toBe(true);
    expect(isWithinMaxLength('ăâîș', 3)).toBe(false);
  });

  it('matchesPattern anchors string patterns and ignores g/y flags', () => {
    expect(matchesPattern('MS-123', '[A-Z]{2}-\\d+')).toBe(true);
    expect(matchesPattern('xMS-123', '[A-Z]{2}-\\d+')).toBe(false);
    expect(matchesPattern('abc', '(')).toBe(false);
    const global = /^a/g;
    expect(matchesPattern('abc', global)).toBe(true);
    expect(matchesPattern('abc', global)).toBe(true);
  });
});

describe('isHttpsUrl', () => {
  it.each([
    'https://cjmures.ro',
    'https://gis.cjmures.ro/arcgis/rest/services/Parcele/FeatureServer/0',
    'HTTPS://example.com/a?b=c',
    'https://localhost:8443/x',
    'https://[::1]/',
  ])('accepts %s', (url) => {
    expect(isHttpsUrl(url)).toBe(true);
  });

  it.each([
    ['http', 'http://cjmures.ro'],
    ['no scheme', 'cjmures.ro'],
    ['ftp', 'ftp://cjmures.ro'],
    ['no host', 'https://'],
    ['bare word host', 'https://intranet'],
    ['space', 'https://cjmures.ro/a b'],
    ['empty', ''],
  ])('refuses %s', (_label, url) => {
    expect(isHttpsUrl(url)).toBe(false);
  });
});

describe('storable text (no NUL, no lone surrogate)', () => {
  it('tells well-formed text from text PostgreSQL would refuse', () => {
    expect(isStorableText('Târgu Mureș 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udfffy')).toBe(false);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
  });
  it('finds the first offending string or key', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, 'x', { c: 'y\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(findUnstorableText({ a: { 'k\ud800': 1 } })).toEqual(['a', 'k\ud800']);
    expect(findUnstorableText({ a: ['ok', 2, null, true] })).toBeNull();
    expect(findUnstorableText('\udc00')).toEqual([]);
  });
  it('replaces what cannot be stored', () => {
    expect(toStorableText('a\u0000b\ud800c\ud83d\ude00')).toBe('a\ufffdb\ufffdc\ud83d\ude00');
  });
});
