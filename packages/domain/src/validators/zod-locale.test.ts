import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from './messages.js';
import { installRomanianValidationMessages } from './zod-locale.js';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0].message;
};

describe('Romanian messages of checks without their own', () => {
  beforeAll(installRomanianValidationMessages);

  it('speaks of required fields, lengths and limits in plain words', () => {
    expect(firstMessage(z.string().min(1), '')).toBe(VALIDATION_MESSAGES.requiredFields);
    expect(firstMessage(z.string(), undefined)).toBe(VALIDATION_MESSAGES.requiredFields);
    expect(firstMessage(z.string().max(5), 'abcdefg')).toBe('Textul poate avea cel mult 5 caractere');
    expect(firstMessage(z.string().min(3), 'ab')).toBe('Textul trebuie să aibă cel puțin 3 caractere');
    expect(firstMessage(z.number().min(0), -1)).toBe('Valoarea trebuie să fie cel puțin 0');
    expect(firstMessage(z.number().max(100), 101)).toBe('Valoarea poate fi cel mult 100');
    expect(firstMessage(z.number().positive(), 0)).toBe('Valoarea trebuie să fie mai mare decât 0');
    expect(firstMessage(z.array(z.string()).min(1), [])).toBe('Alegeți sau adăugați cel puțin o valoare');
    expect(firstMessage(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Sunt permise cel mult 2 valori');
  });

  it('names wrong types, choices and formats', () => {
    expect(firstMessage(z.number(), 'x')).toBe('Introduceți un număr');
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe('Alegeți una dintre valorile permise');
    expect(firstMessage(z.email(), 'nu-e-email')).toBe(VALIDATION_MESSAGES.email);
    expect(firstMessage(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('Proprietăți necunoscute: b');
  });

  it('keeps a message the check gives itself', () => {
    expect(firstMessage(z.string().min(1, { error: 'Numele este obligatoriu' }), '')).toBe('Numele este obligatoriu');
  });
});
