import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The real transports production requires. */
const transports = {
  SMTP_URL: 'smtp://mail.cjmures.ro:587',
  SMS_API_URL: 'https://sms.example.ro/v1/messages',
  SMS_API_KEY: 'cheie-sms-123',
};

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data and the dev outbox', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ embedded: true, seedDemo: true, devOutbox: true, port: 8080 });
  });

  it('turns demo data and the outbox off by default on PostgreSQL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect(config).toMatchObject({ embedded: false, seedDemo: false, devOutbox: false });
  });

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('takes an empty variable for an unset one', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', HOST: ' ', APP_SECRET: '', SEED_DEMO: '' });
    expect(config).toMatchObject({ embedded: true, databaseUrl: undefined, port: 8080, host: '127.0.0.1', seedDemo: true });
    expect(config.appSecret).toBeUndefined();
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'optzeci' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'optzeci' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('refuses demo data, the dev outbox and a missing secret in production', () => {
    const secret = { APP_SECRET: 'x'.repeat(40), ...transports };
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...secret })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true', ...secret })).toThrow(/DEV_OUTBOX/);
    expect(loadConfig({ NODE_ENV: 'production', ...secret })).toMatchObject({ seedDemo: false, devOutbox: false });
  });

  it('reads the accounts settings: blocked domains, the county domain (default cjmures.ro)', () => {
    expect(loadConfig({ BLOCKED_EMAIL_DOMAINS: ' Mailinator.com, @yopmail.com ,,' }).accounts).toEqual({
      blockedEmailDomains: ['mailinator.com', '@yopmail.com'],
      countyEmailDomain: 'cjmures.ro',
    });
    expect(loadConfig({ COUNTY_EMAIL_DOMAIN: 'CJCLUJ.ro' }).accounts.countyEmailDomain).toBe('cjcluj.ro');
    expect(loadConfig({}).accounts.blockedEmailDomains).toEqual([]);
    expect(() => loadConfig({ BLOCKED_EMAIL_DOMAINS: 'mailinator.com, nu e domeniu' })).toThrow(ConfigError);
    expect(() => loadConfig({ COUNTY_EMAIL_DOMAIN: 'cj mures' })).toThrow(/COUNTY_EMAIL_DOMAIN: trebuie să fie un domeniu/);
  });

  it('reads the tax-authority adapter settings, in Romanian when wrong', () => {
    expect(loadConfig({}).anaf).toEqual({ url: 'https://webservicesp.anaf.ro/api/PlatitorTvaRest/v9/tva', timeoutMs: 5000 });
    expect(loadConfig({ ANAF_API_URL: 'http://127.0.0.1:9999/tva', ANAF_TIMEOUT_MS: '2000' }).anaf).toEqual({
      url: 'http://127.0.0.1:9999/tva',
      timeoutMs: 2000,
    });
    expect(() => loadConfig({ ANAF_API_URL: 'nu e adresă' })).toThrow(/ANAF_API_URL: trebuie să fie un URL http/);
    expect(() => loadConfig({ ANAF_API_URL: 'ftp://anaf.ro/tva' })).toThrow(/ANAF_API_URL/);
    expect(() => loadConfig({ ANAF_TIMEOUT_MS: 'curând' })).toThrow(/ANAF_TIMEOUT_MS: trebuie să fie un număr/);
    expect(() => loadConfig({ ANAF_TIMEOUT_MS: '10' })).toThrow(/ANAF_TIMEOUT_MS: cel puțin 100 ms/);
    expect(() => loadConfig({ ANAF_TIMEOUT_MS: '1.5' })).toThrow(/ANAF_TIMEOUT_MS: trebuie să fie un număr întreg/);
  });

  it('refuses to start in production without a mail and an SMS transport, naming every missing variable', () => {
    const base = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) };
    const error = (() => {
      try {
        loadConfig(base);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('loadConfig accepted a production configuration without transports');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/SMTP_URL: obligatoriu în producție/);
    expect(error.message).toMatch(/SMS_API_URL: obligatoriu în producție/);
    expect(error.message).toMatch(/SMS_API_KEY: obligatoriu în producție/);
    expect(() => loadConfig({ ...base, ...transports, SMTP_URL: '' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, ...transports, SMS_API_URL: '' })).toThrow(/SMS_API_URL/);
    expect(() => loadConfig({ ...base, ...transports, SMS_API_KEY: '' })).toThrow(/SMS_API_KEY/);
    // The key is never part of the message.
    expect(() => loadConfig({ ...base, ...transports, SMS_API_URL: '' })).not.toThrow(/cheie-sms-123/);
    expect(loadConfig({ ...base, ...transports }).sms).toEqual({
      url: 'https://sms.example.ro/v1/messages',
      key: 'cheie-sms-123',
      sender: 'GhiseulUnic',
      timeoutMs: 10_000,
    });
  });

  it('keeps SMS in the outbox in development unless the provider is configured, and checks its settings', () => {
    expect(loadConfig({}).sms).toBeNull();
    expect(
      loadConfig({
        SMS_API_URL: 'http://127.0.0.1:9/sms',
        SMS_API_KEY: 'bench-key',
        SMS_SENDER: 'CJMures',
        SMS_TIMEOUT_MS: '2000',
      }).sms,
    ).toEqual({ url: 'http://127.0.0.1:9/sms', key: 'bench-key', sender: 'CJMures', timeoutMs: 2000 });
    expect(() => loadConfig({ SMS_API_URL: 'http://127.0.0.1:9/sms' })).toThrow(/SMS_API_KEY: obligatoriu când SMS_API_URL/);
    expect(() => loadConfig({ SMS_API_URL: 'ftp://sms.ro' })).toThrow(/SMS_API_URL: trebuie să fie un URL http/);
    expect(() => loadConfig({ SMS_SENDER: 'Ghișeul Unic Mureș' })).toThrow(/SMS_SENDER: cel mult 11 litere/);
    expect(() => loadConfig({ SMS_SENDER: '+40722000000' })).not.toThrow();
    expect(() => loadConfig({ SMS_TIMEOUT_MS: '50' })).toThrow(/SMS_TIMEOUT_MS: cel puțin 100 ms/);
    expect(() => loadConfig({ SMS_API_KEY: 'scurt' })).toThrow(/SMS_API_KEY: cel puțin 8 caractere/);
    expect(() => loadConfig({ SMTP_URL: 'mail.cjmures.ro:587' })).toThrow(/SMTP_URL: trebuie să fie un URL smtp/);
    expect(loadConfig({ SMTP_URL: 'smtps://user:p%40rola@mail.cjmures.ro:465' }).smtpUrl).toBe(
      'smtps://user:p%40rola@mail.cjmures.ro:465',
    );
  });
});
