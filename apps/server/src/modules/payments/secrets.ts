import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalCallback, type GatewayCallbackFields } from '@ghiseu/domain';
import type { Config } from '../../platform/config.js';
import { resolveAppSecret } from '../../platform/tokens.js';

/**
 * The payments module's secrets, each derived from APP_SECRET with its own HKDF label:
 * - the collector accounts' provider passwords at rest (AES-256-GCM, bound to the account's
 *   organisation and username so a stored value cannot be moved to another row);
 * - the gateway's callback key (HMAC-SHA256): PAYMENT_GATEWAY_SECRET when configured (a real
 *   gateway gives it), otherwise derived, which is what the built-in sandbox gateway uses too.
 * Never logged, never returned.
 */
function derive(config: Pick<Config, 'appSecret' | 'dataDir'>, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', resolveAppSecret(config.appSecret, config.dataDir), 'ghiseu-payments', label, 32));
}

export function encryptProviderPassword(config: Pick<Config, 'appSecret' | 'dataDir'>, password: string, bindTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(config, 'collector-passwords-v1'), iv);
  cipher.setAAD(Buffer.from(`collector:${bindTo}`));
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptProviderPassword(config: Pick<Config, 'appSecret' | 'dataDir'>, stored: string, bindTo: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('payments: unknown password format');
  const decipher = createDecipheriv('aes-256-gcm', derive(config, 'collector-passwords-v1'), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`collector:${bindTo}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** What a collector account's password is bound to (the additional authenticated data). */
export const collectorBinding = (organisationId: number, username: string): string => `${organisationId}:${username}`;

/** The HMAC key of the built-in gateway's callbacks (derived from APP_SECRET; a bank adapter brings its own). */
export function callbackKey(config: Pick<Config, 'appSecret' | 'dataDir'>): Buffer {
  return derive(config, 'gateway-callback-v1');
}

export function signCallback(key: Buffer, fields: GatewayCallbackFields): string {
  return createHmac('sha256', key).update(canonicalCallback(fields)).digest('hex');
}

/** Constant-time check of a callback's signature. */
export function verifyCallbackSignature(key: Buffer, fields: GatewayCallbackFields, signature: string): boolean {
  const expected = Buffer.from(signCallback(key, fields), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
