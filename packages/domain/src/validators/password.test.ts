import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, isStrongPassword, PASSWORD_RULES, passwordsMatch } from './password.js';

describe('checkPasswordPolicy', () => {
  it('passes a password meeting every rule', () => {
    expect(checkPasswordPolicy('Parola#2026')).toEqual([]);
    expect(checkPasswordPolicy('Știință_99')).toEqual([]);
  });

  it('lets the empty value pass (the generic rule; required is checked elsewhere)', () => {
    expect(checkPasswordPolicy('')).toEqual([]);
  });

  it('reports each broken rule, in order', () => {
    expect(checkPasswordPolicy('Ab1!')).toEqual(['minLength']);
    expect(checkPasswordPolicy('parola#2026')).toEqual(['uppercase']);
    expect(checkPasswordPolicy('PAROLA#2026')).toEqual(['lowercase']);
    expect(checkPasswordPolicy('Parola#Mea')).toEqual(['digit']);
    expect(checkPasswordPolicy('Parola2026')).toEqual(['special']);
    expect(checkPasswordPolicy('a')).toEqual(['minLength', 'uppercase', 'digit', 'special']);
  });

  it('treats Romanian capitals and small letters as letters of their case', () => {
    expect(checkPasswordPolicy('ȘȚĂÎÂ#2026')).toEqual(['lowercase']);
    expect(checkPasswordPolicy('șțăîâ#2026')).toEqual(['uppercase']);
  });

  it('does not count a space as a special character', () => {
    expect(checkPasswordPolicy('Parola 2026')).toEqual(['special']);
  });

  it('counts the length in characters, not UTF-16 units', () => {
    // 7 characters, 8 UTF-16 units because of the emoji.
    expect(checkPasswordPolicy('Ab1!xy😀')).toEqual(['minLength']);
    expect(checkPasswordPolicy('Ab1!xyz😀')).toEqual([]);
  });

  it('lists all the rules', () => {
    expect(PASSWORD_RULES).toEqual(['minLength', 'uppercase', 'lowercase', 'digit', 'special']);
  });
});

describe('isStrongPassword', () => {
  it('is true only for a non-empty password meeting the policy', () => {
    expect(isStrongPassword('Parola#2026')).toBe(true);
    expect(isStrongPassword('parola2026')).toBe(false);
    expect(isStrongPassword('')).toBe(false);
  });
});

describe('passwordsMatch', () => {
  it('compares exactly', () => {
    expect(passwordsMatch('Parola#2026', 'Parola#2026')).toBe(true);
    expect(passwordsMatch('Parola#2026', 'parola#2026')).toBe(false);
    expect(passwordsMatch('Parola#2026', 'Parola#2026 ')).toBe(false);
  });
});
