import { LIMITS } from '../limits.js';

const SMS_CODE = new RegExp(`^\\d{${LIMITS.smsCodeLength}}$`);
const POSTAL_CODE = new RegExp(`^\\d{${LIMITS.postalCodeLength}}$`);

/** True for an SMS verification code: exactly 6 digits ({@link LIMITS.smsCodeLength}). */
export function isValidSmsCode(value: string): boolean {
  return SMS_CODE.test(value);
}

/**
 * True for a Romanian postal code: exactly 6 digits ({@link LIMITS.postalCodeLength}); Bucharest
 * codes start with 0 (`'010011'`).
 */
export function isValidPostalCode(value: string): boolean {
  return POSTAL_CODE.test(value);
}
