import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP parameters of DESIGN.md §2 (m=19456 KiB, t=2, p=1). */
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of no one's password, made once: checks for missing accounts verify against it. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    // The same work as a real check (an argon2 verify with the same parameters), so that the
    // response time does not tell which accounts exist or have a password.
    dummyHash ??= hash(randomBytes(16).toString('base64url'), OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
