import { createHmac, randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Short-lived signed tokens (file upload and download): stateless, so any server instance can
 * check them. Format: base64url(JSON payload) "." base64url(HMAC-SHA256).
 */
export class TokenSigner {
  constructor(private readonly secret: string) {}

  sign(payload: Record<string, unknown>, ttlSeconds: number, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(now / 1000) + ttlSeconds })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload when the signature is right and the token has not expired; otherwise null. */
  verify<T extends Record<string, unknown>>(token: string | undefined, now = Date.now()): T | null {
    if (!token) return null;
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp: number };
      if (typeof payload.exp !== 'number' || payload.exp * 1000 < now) return null;
      return payload;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

/** A random opaque token (sessions, confirmation keys) and the hash we store instead of it. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The secret for signed tokens: APP_SECRET, or in development a random one kept in DATA_DIR so
 * tokens survive a restart.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, '.app-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
