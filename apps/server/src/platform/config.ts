import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration from the environment, validated once at start. Every variable is listed in the
 * README's configuration table; a bad value stops the process with a message naming it; an
 * empty one counts as unset.
 */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes'));

const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes'));

const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).optional().default(fallback);

/** A domain name as written in the environment: `cjmures.ro`, `@cjmures.ro` or `.cjmures.ro`. */
const DOMAIN = /^[@.]?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/;

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // This machine only unless told otherwise: the embedded defaults turn on demo accounts and
  // the dev outbox, which are not for the network.
  HOST: z.string().default('127.0.0.1'),
  PORT: int(8080, 0, 65535),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'trebuie să fie un URL postgres://')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: optionalBool,
  DEV_OUTBOX: optionalBool,
  RUN_JOBS: bool(true),
  APP_SECRET: z.string().min(32, 'cel puțin 32 de caractere').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  RATE_LIMIT_PER_MINUTE: int(600, 1),
  BODY_LIMIT_BYTES: int(1024 * 1024, 1024),
  SESSION_TTL_HOURS: int(12, 1),
  SESSION_IDLE_MINUTES: int(60, 1),
  LOGIN_MAX_ATTEMPTS: int(5, 1),
  LOGIN_LOCK_MINUTES: int(15, 1),
  PASSWORD_EXPIRY_DAYS: int(365, 0),
  DOWNLOAD_TOKEN_SECONDS: int(300, 10),
  UPLOAD_TOKEN_SECONDS: int(3600, 60),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'trebuie să fie un URL smtp:// sau smtps://' }).optional(),
  MAIL_FROM: z.string().default('Ghișeul Unic <no-reply@ghiseu.ro>'),
  // The SMS provider's HTTP API (platform/sms.ts); without it SMS stay in the outbox (development).
  SMS_API_URL: z.url({ protocol: /^https?$/, error: 'trebuie să fie un URL http:// sau https://' }).optional(),
  SMS_API_KEY: z.string().min(8, 'cel puțin 8 caractere').optional(),
  // What the handset shows as the sender: up to 11 letters and digits, or a phone number.
  SMS_SENDER: z
    .string()
    .regex(/^(?:[A-Za-z0-9]{1,11}|\+?\d{3,15})$/, 'cel mult 11 litere și cifre fără diacritice, sau un număr de telefon')
    .default('GhiseulUnic'),
  SMS_TIMEOUT_MS: z.coerce
    .number({ error: 'trebuie să fie un număr de milisecunde' })
    .int('trebuie să fie un număr întreg de milisecunde')
    .min(100, 'cel puțin 100 ms')
    .max(60_000, 'cel mult 60000 ms')
    .default(10_000),
  DEFAULT_COUNTY: z.string().default('MS'),
  WEB_DIST: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_REDIRECT_URI: z.url().optional(),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  // Accounts: refused e-mail domains (disposable mail) and the county's own domain (staff are invited).
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
  // The tax authority (ANAF) adapter of the beneficiaries module.
  ANAF_API_URL: z
    .url({ protocol: /^https?$/, error: 'trebuie să fie un URL http:// sau https://' })
    .default('https://webservicesp.anaf.ro/api/PlatitorTvaRest/v9/tva'),
  ANAF_TIMEOUT_MS: z.coerce
    .number({ error: 'trebuie să fie un număr de milisecunde' })
    .int('trebuie să fie un număr întreg de milisecunde')
    .min(100, 'cel puțin 100 ms')
    .max(60_000, 'cel mult 60000 ms')
    .default(5000),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Parses `env` (default `process.env`) into a typed config with derived defaults. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // `DATABASE_URL=` (as .env files and compose files write an unset value) means unset.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = ConfigSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configurație invalidă:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  const embedded = !c.DATABASE_URL;
  if (production && !c.APP_SECRET) throw new ConfigError('Configurație invalidă:\n  APP_SECRET: obligatoriu în producție');
  if (production && c.SEED_DEMO) throw new ConfigError('Configurație invalidă:\n  SEED_DEMO: nu este permis în producție');
  if (production && c.DEV_OUTBOX) throw new ConfigError('Configurație invalidă:\n  DEV_OUTBOX: nu este permis în producție');
  // Production never keeps messages in the outbox as if they were sent: both real transports
  // are required, every missing variable named at once.
  const missingTransports = [
    ...(production && !c.SMTP_URL ? ['  SMTP_URL: obligatoriu în producție (serverul SMTP prin care pleacă e-mailurile)'] : []),
    ...(production && !c.SMS_API_URL ? ['  SMS_API_URL: obligatoriu în producție (adresa API-ului furnizorului de SMS)'] : []),
    ...(production && !c.SMS_API_KEY ? ['  SMS_API_KEY: obligatoriu în producție (cheia API-ului furnizorului de SMS)'] : []),
  ];
  if (missingTransports.length > 0) throw new ConfigError(`Configurație invalidă:\n${missingTransports.join('\n')}`);
  if (c.SMS_API_URL && !c.SMS_API_KEY)
    throw new ConfigError('Configurație invalidă:\n  SMS_API_KEY: obligatoriu când SMS_API_URL este setat');
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    production,
    host: c.HOST,
    port: c.PORT,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    databaseUrl: c.DATABASE_URL,
    embedded,
    dataDir,
    seedDemo: c.SEED_DEMO ?? (embedded && !production),
    devOutbox: !production && (c.DEV_OUTBOX ?? embedded),
    runJobs: c.RUN_JOBS,
    /** Without APP_SECRET (development only) a random secret is kept in DATA_DIR. */
    appSecret: c.APP_SECRET,
    logLevel: c.LOG_LEVEL,
    corsOrigins: c.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    session: { ttlHours: c.SESSION_TTL_HOURS, idleMinutes: c.SESSION_IDLE_MINUTES },
    login: { maxAttempts: c.LOGIN_MAX_ATTEMPTS, lockMinutes: c.LOGIN_LOCK_MINUTES, passwordExpiryDays: c.PASSWORD_EXPIRY_DAYS },
    downloadTokenSeconds: c.DOWNLOAD_TOKEN_SECONDS,
    uploadTokenSeconds: c.UPLOAD_TOKEN_SECONDS,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    /**
     * The SMS provider (platform/sms.ts): on when its URL and key are set, else SMS stay in the
     * outbox. The key also verifies the provider's delivery receipts; it is never logged.
     */
    sms:
      c.SMS_API_URL && c.SMS_API_KEY
        ? { url: c.SMS_API_URL, key: c.SMS_API_KEY, sender: c.SMS_SENDER, timeoutMs: c.SMS_TIMEOUT_MS }
        : null,
    defaultCounty: c.DEFAULT_COUNTY,
    webDist: c.WEB_DIST,
    /** What the accounts module refuses at registration (spec §5). */
    accounts: { blockedEmailDomains: c.BLOCKED_EMAIL_DOMAINS, countyEmailDomain: c.COUNTY_EMAIL_DOMAIN },
    /** The tax-authority (ANAF) service checking a company's CUI, and how long to wait for it. */
    anaf: { url: c.ANAF_API_URL, timeoutMs: c.ANAF_TIMEOUT_MS },
    /** Social sign-in: each provider is on only when its client is configured. */
    social: {
      google:
        c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
          ? {
              issuer: c.GOOGLE_ISSUER,
              clientId: c.GOOGLE_CLIENT_ID,
              clientSecret: c.GOOGLE_CLIENT_SECRET,
              redirectUri: c.GOOGLE_REDIRECT_URI ?? `${c.PUBLIC_URL ?? `http://localhost:${c.PORT}`}/auth/google`,
            }
          : null,
      facebook:
        c.FACEBOOK_APP_ID && c.FACEBOOK_APP_SECRET
          ? { appId: c.FACEBOOK_APP_ID, appSecret: c.FACEBOOK_APP_SECRET, graphUrl: c.FACEBOOK_GRAPH_URL }
          : null,
    },
  };
}
