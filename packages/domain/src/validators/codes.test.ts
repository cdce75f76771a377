import { describe, expect, it } from 'vitest';
import { isValidPostalCode, isValidSmsCode } from './codes.js';

describe('isValidSmsCode', () => {
  it('accepts exactly 6 digits', () => {
    expect(isValidSmsCode('123456')).toBe(true);
    expect(isValidSmsCode('000000')).toBe(true);
  });

  it.each(['12345', '1234567', '12345a', ' 123456', '123 456', '１２３４５６', ''])('refuses %j', (code) => {
    expect(isValidSmsCode(code)).toBe(false);
  });
});

describe('isValidPostalCode', () => {
  it('accepts 6-digit postal codes, Bucharest ones starting with 0', () => {
    expect(isValidPostalCode('540026')).toBe(true);
    expect(isValidPostalCode('010011')).toBe(true);
  });

  it.each(['54002', '5400261', 'RO540026', '540 026', ''])('refuses %j', (code) => {
    expect(isValidPostalCode(code)).toBe(false);
  });
});
