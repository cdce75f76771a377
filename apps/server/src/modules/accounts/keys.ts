import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db.js';
import type { MessageSecrets } from '../../platform/messaging.js';
import { hashToken, newOpaqueToken } from '../../platform/tokens.js';
import { type CodePurpose, expireOpenCodes, insertCode, type VerificationCodeRow } from './repository.js';
import { KEY_LIFETIME_MS } from './settings.js';

/**
 * Single-use keys sent by e-mail (256-bit random, stored as SHA-256) and 6-digit SMS codes
 * (stored salted, see {@link hashSmsCode}). Issuing a key ends the user's earlier open keys of
 * the same purpose, so only the newest link or code works.
 */

/** Link pages of the web app, per purpose (spec §2 authentication area). */
const LINK_PAGES: Record<Exclude<CodePurpose, 'phone-confirmation'>, string> = {
  'email-confirmation': '/auth/confirm-email',
  'password-reset': '/auth/reset-password',
  'set-password': '/auth/set-password',
  'sub-account-invite': '/auth/set-password',
};

/**
 * Creates a link key for `purpose` and returns the address to e-mail with the key named as the
 * message's secret (the outbox keeps it only while the link can serve). Call inside the
 * business transaction.
 */
export async function issueLinkKey(
  tx: Db,
  publicUrl: string,
  userId: number,
  purpose: Exclude<CodePurpose, 'phone-confirmation'>,
  now = new Date(),
): Promise<{ url: string; secrets: MessageSecrets }> {
  await expireOpenCodes(tx, userId, [purpose], now);
  const key = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + KEY_LIFETIME_MS[purpose]);
  await insertCode(tx, { userId, purpose, codeHash: hashToken(key), expiresAt });
  return {
    url: `${publicUrl.replace(/\/+$/, '')}${LINK_PAGES[purpose]}?confirmationKey=${encodeURIComponent(key)}`,
    secrets: { values: [key], expiresAt },
  };
}

/** Whether a stored key can still be used at `now`. */
export function isOpen(code: Pick<VerificationCodeRow, 'usedAt' | 'expiresAt'>, now = new Date()): boolean {
  return code.usedAt === null && code.expiresAt > now;
}

/** A random 6-digit code, leading zeros kept. */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stored form of an SMS code: `salt$sha256(salt + code)`. A million codes are few, so an
 * unsalted hash would repeat across users and collide on the (purpose, hash) unique index;
 * the salt makes every stored value distinct and the table useless for a lookup by code.
 */
export function hashSmsCode(code: string, salt = randomBytes(12).toString('hex')): string {
  return `${salt}$${hashToken(salt + code)}`;
}

export function smsCodeMatches(stored: string, code: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const given = Buffer.from(hashToken(salt + code));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
