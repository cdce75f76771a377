import { createCipheriv, createDecipheriv, randomBytes, webcrypto } from 'node:crypto';

export type CryptoKey = webcrypto.CryptoKey;
export type CryptoKeyPair = webcrypto.CryptoKeyPair;
import { signingSettings } from './config.js';

/**
 * Private keys at rest: the PKCS#8 bytes encrypted with AES-256-GCM under the key derived from
 * APP_SECRET (config.ts), bound to the certificate's serial (additional data) so a key cannot be
 * moved onto another row. Format `v1.<iv>.<tag>.<ciphertext>`, base64url. Never logged.
 */
export function encryptPrivateKey(pkcs8: Buffer, serial: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', signingSettings().keyEncryptionKey, iv);
  cipher.setAAD(Buffer.from(`signing-key:${serial}`));
  const body = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptPrivateKey(stored: string, serial: string): Buffer {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('signing: unknown key format');
  const decipher = createDecipheriv('aes-256-gcm', signingSettings().keyEncryptionKey, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`signing-key:${serial}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
}

export const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
}

export async function exportPrivateKey(key: CryptoKey): Promise<Buffer> {
  return Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
}

export async function importPrivateKey(pkcs8: Buffer): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', pkcs8, KEY_ALGORITHM, false, ['sign']);
}
