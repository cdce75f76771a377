import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ANAF_PATH } from '../apps/server/test/anaf-stand-in';

/**
 * End-to-end suite: the built portal (API + web on one port) started from the repository root
 * with a fresh embedded database and the demo accounts, driven by Debian's Chromium.
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
// E2E_PORT lets two suites run side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 8080);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;
/** The local OpenID Connect provider standing in for Google (started by global-setup.ts). */
export const OIDC = {
  port: Number(process.env.E2E_OIDC_PORT ?? port + 1000),
  clientId: 'ghiseu-e2e',
  clientSecret: 'ghiseu-e2e-secret',
  redirectUri: `http://localhost:${port}/auth/google`,
};

/**
 * The local stand-in for the tax authority's (ANAF) CUI service (started by global-setup.ts), so
 * that no journey depends on the real service being reachable or not. Distinct CUIs for its
 * three answers; all have a valid control digit.
 */
export const ANAF = {
  // Not port + 2000: with the default 8080 that is 10080, one of the "bad ports" that Node's
  // fetch refuses to call (WHATWG fetch), and every check would look like ANAF being down.
  port: Number(process.env.E2E_ANAF_PORT ?? port + 2100),
  /** Known to ANAF: the beneficiary is validated. */
  validatedCui: 18547290,
  /** Unknown to ANAF: flagged invalid. */
  invalidCui: 12345674,
  /** ANAF answers 503: kept unvalidated and checked again later. */
  downCui: 76543210,
};

// The config is evaluated by the runner and by each worker: create the data folder once and
// hand it down through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ghiseu-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per port, so two suites side by side do not clear each other's artefacts.
  outputDir: process.env.E2E_PORT ? `./test-results/port-${port}` : './test-results',
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]] : 'list',
  use: {
    baseURL,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node apps/server/dist/main.js',
        cwd: repoRoot,
        url: `http://localhost:${port}/api/ready`,
        timeout: 180_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: process.env.E2E_DATA_DIR,
          SEED_DEMO: 'true',
          DEV_OUTBOX: 'true',
          GOOGLE_ISSUER: `http://127.0.0.1:${OIDC.port}`,
          GOOGLE_CLIENT_ID: OIDC.clientId,
          GOOGLE_CLIENT_SECRET: OIDC.clientSecret,
          GOOGLE_REDIRECT_URI: OIDC.redirectUri,
          ANAF_API_URL: `http://127.0.0.1:${ANAF.port}${ANAF_PATH}`,
          ANAF_TIMEOUT_MS: '3000',
          // Every journey's users share one address (127.0.0.1), so the per-address API limit (600 a
          // minute by default) counted the whole suite's traffic as one visitor's and answered 429
          // at random points once the journeys grew. The per-route limits (password reset, codes,
          // messages) keep their own ceilings and are covered by the API tests.
          RATE_LIMIT_PER_MINUTE: '100000',
        },
      },
});
