import { LIMITS } from '../limits.js';

/** A rule of the password policy of spec §5. */
export type PasswordRule = 'minLength' | 'uppercase' | 'lowercase' | 'digit' | 'special';

/** The rules in the order they are reported. */
export const PASSWORD_RULES: readonly PasswordRule[] = ['minLength', 'uppercase', 'lowercase', 'digit', 'special'];

const RULE_TESTS: Record<PasswordRule, (password: string) => boolean> = {
  // Counted in code points, so an emoji or a diacritic is one character.
  minLength: (pw) => [...pw].length >= LIMITS.passwordMinLength,
  // Unicode-aware: 'Ș' is an upper-case letter, 'ă' a lower-case one.
  uppercase: (pw) => /\p{Lu}/u.test(pw),
  lowercase: (pw) => /\p{Ll}/u.test(pw),
  digit: (pw) => /\d/.test(pw),
  // Anything that is neither a letter, a digit, nor white space: !, @, #, _, €, …
  special: (pw) => /[^\p{L}\p{N}\s]/u.test(pw),
};

/**
 * The password-policy rules `password` breaks (spec §5): at least 8 characters
 * ({@link LIMITS.passwordMinLength}), an upper-case letter, a lower-case letter, a digit and a
 * special character (neither letter, digit nor space). An empty value breaks no rule, as in the
 * spec's generic rule: whether the field is required is checked separately.
 */
export function checkPasswordPolicy(password: string): PasswordRule[] {
  if (password === '') return [];
  return PASSWORD_RULES.filter((rule) => !RULE_TESTS[rule](password));
}

/** True when `password` is not empty and meets every rule of {@link checkPasswordPolicy}. */
export function isStrongPassword(password: string): boolean {
  return password !== '' && checkPasswordPolicy(password).length === 0;
}

/** True when the confirmation is identical to the password (no trimming, case-sensitive). */
export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}
