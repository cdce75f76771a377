import { describe, expect, it } from 'vitest';
import { formatValidationMessage, VALIDATION_MESSAGES } from './messages.js';

describe('VALIDATION_MESSAGES', () => {
  const texts = Object.values(VALIDATION_MESSAGES);

  it('uses comma-below ș ț, never the cedilla ş ţ', () => {
    for (const text of texts) expect(text).not.toMatch(/[şţŞŢ]/);
  });

  it('holds the texts the spec and the forms require', () => {
    expect(VALIDATION_MESSAGES.required).toBe('Acest câmp este obligatoriu');
    expect(VALIDATION_MESSAGES.requiredFields).toBe('Vă rugăm să completați toate câmpurile obligatorii.');
    expect(VALIDATION_MESSAGES.email).toBe('Adresa de e-mail nu este validă');
    expect(VALIDATION_MESSAGES.passwordsMismatch).toBe('Parolele nu sunt identice');
    expect(VALIDATION_MESSAGES.cnp).toBe('CNP-ul nu este valid');
    expect(VALIDATION_MESSAGES.cui).toBe('CUI/CIF-ul nu este valid');
    expect(VALIDATION_MESSAGES.iban).toBe('IBAN-ul nu este valid');
    expect(VALIDATION_MESSAGES.responseDays).toBe('Introdu un numar');
  });

  it('takes the numbers of the limits', () => {
    expect(VALIDATION_MESSAGES.passwordMinLength).toContain('8 caractere');
    expect(VALIDATION_MESSAGES.cnpUnderage).toContain('18 ani');
  });

  it('has no empty or duplicated text', () => {
    expect(texts.every((text) => text.trim().length > 0)).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('formatValidationMessage', () => {
  it('fills known placeholders and keeps unknown ones', () => {
    expect(formatValidationMessage(VALIDATION_MESSAGES.maxLength, { max: 255 })).toBe('Textul poate avea cel mult 255 caractere');
    expect(formatValidationMessage('{a} și {b}', { a: 1 })).toBe('1 și {b}');
  });
});
