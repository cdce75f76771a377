import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...secret })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true', ...secret })).toThrow(/DEV_OUTBOX/);
    expect(loadConfig({ NODE_ENV: 'production', ...secret })).toMatchObject({ seedDemo: false, devOutbox: false });
  });
});
