import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { resolveAppSecret } from '../../platform/tokens.js';

/**
 * The module's settings: the secret the private keys are encrypted under (derived from
 * APP_SECRET, as the session tokens are) and the validity of issued certificates
 * (SIGNING_CERT_VALIDITY_DAYS, default 730). `configureSigning` is called when the routes are
 * registered (app.ts) with the app's config; a worker that never builds the app falls back to
 * the environment, resolved the same way as the platform does.
 */
interface SigningSettings {
  keyEncryptionKey: Buffer;
  validityDays: number;
}

let settings: SigningSettings | null = null;

function validityFrom(env: Record<string, string | undefined>): number {
  const raw = env.SIGNING_CERT_VALIDITY_DAYS?.trim();
  const days = raw ? Number(raw) : 730;
  return Number.isInteger(days) && days > 0 && days <= 3650 ? days : 730;
}

function derive(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'ghiseu-signing', 'signing-keys-v1', 32));
}

export function configureSigning(options: { appSecret: string | undefined; dataDir: string; validityDays?: number }): void {
  settings = {
    keyEncryptionKey: derive(resolveAppSecret(options.appSecret, options.dataDir)),
    validityDays: options.validityDays ?? validityFrom(process.env),
  };
}

export function signingSettings(): SigningSettings {
  if (!settings) {
    configureSigning({
      appSecret: process.env.APP_SECRET?.trim() || undefined,
      dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
    });
  }
  return settings as SigningSettings;
}

/** For tests: a different validity without touching the environment. */
export function setValidityDays(days: number): void {
  signingSettings().validityDays = days;
}
