/**
 * What the accounts module takes from the configuration: `config.accounts`, read from
 * `BLOCKED_EMAIL_DOMAINS` (comma-separated) and `COUNTY_EMAIL_DOMAIN` (default `cjmures.ro`)
 * and validated by `loadConfig` with the other settings.
 */
export interface AccountSettings {
  /** Refused everywhere an address is given (registration, sub-accounts): disposable-mail domains and the like. */
  blockedEmailDomains: readonly string[];
  /** The county council's own domain: its staff are invited, they never register themselves (spec §5). */
  countyEmailDomain: string;
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
