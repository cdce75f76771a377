import { z } from 'zod';
import { ConfigError } from '../../platform/config.js';

/** A domain name as written in the environment: `cjmures.ro`, `@cjmures.ro` or `.cjmures.ro`. */
const DOMAIN = /^[@.]?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/;

const ZAccountEnv = z.object({
  BLOCKED_EMAIL_DOMAINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(DOMAIN, 'listă de domenii separate prin virgulă'))),
  COUNTY_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(DOMAIN, 'trebuie să fie un domeniu (de exemplu cjmures.ro)')
    .default('cjmures.ro'),
});

/** What the accounts module reads from the environment, beyond the platform's config. */
export interface AccountSettings {
  /** Refused everywhere an address is given (registration, sub-accounts): disposable-mail domains and the like. */
  blockedEmailDomains: readonly string[];
  /** The county council's own domain: its staff are invited, they never register themselves (spec §5). */
  countyEmailDomain: string;
}

/**
 * Reads `BLOCKED_EMAIL_DOMAINS` (comma-separated) and `COUNTY_EMAIL_DOMAIN` (default
 * `cjmures.ro`). Called once when the routes are registered, so a bad value stops the start
 * with a message naming the variable, as the platform config does.
 */
export function loadAccountSettings(env: Record<string, string | undefined> = process.env): AccountSettings {
  const parsed = ZAccountEnv.safeParse({
    BLOCKED_EMAIL_DOMAINS: env.BLOCKED_EMAIL_DOMAINS,
    COUNTY_EMAIL_DOMAIN: env.COUNTY_EMAIL_DOMAIN === '' ? undefined : env.COUNTY_EMAIL_DOMAIN,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configurație invalidă:\n${lines.join('\n')}`);
  }
  return { blockedEmailDomains: parsed.data.BLOCKED_EMAIL_DOMAINS, countyEmailDomain: parsed.data.COUNTY_EMAIL_DOMAIN };
}

/** Lifetimes of the single-use keys and codes. */
export const KEY_LIFETIME_MS = {
  'email-confirmation': 24 * 3600_000,
  'password-reset': 3600_000,
  /** Invited staff and sub-accounts get three days to set their password. */
  'set-password': 72 * 3600_000,
  'sub-account-invite': 72 * 3600_000,
  'phone-confirmation': 10 * 60_000,
} as const;

/** Wrong SMS codes accepted before the code is invalidated. */
export const SMS_CODE_MAX_ATTEMPTS = 5;

/**
 * Phone codes sent in a rolling hour, per account and per destination number (counted from the
 * stored codes, so every server instance sees the same count): enough for typos and resends,
 * too few to use the portal to flood a stranger's phone or run up the SMS bill.
 */
export const PHONE_CODE_LIMITS = { windowMinutes: 60, perAccount: 5, perNumber: 5 } as const;

/** Lifetime of the signed verification token handed out by e-mail confirmation (as login does). */
export const VERIFICATION_TOKEN_SECONDS = 3600;
