import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP parameters of DESIGN.md §2 (m=19456 KiB, t=2, p=1). */
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same work as a real check, so that response time does not tell which accounts exist.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
