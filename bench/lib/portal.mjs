// Starts the built portal (apps/server/dist/main.js) the way it runs in production, against
// the bench database. On start it migrates and seeds the reference data (SIRUTA territory,
// countries…) itself, so the benchmark exercises the real start-up path, not a test shortcut.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startNode, waitForReady } from './processes.mjs';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const PORTAL_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

/** Only what a process needs from the outside; nothing else leaks in from the caller's shell. */
export function baseEnv() {
  const env = {};
  for (const key of ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR']) if (process.env[key] !== undefined) env[key] = process.env[key];
  return env;
}

export async function startPortal({ databaseUrl, readyTimeoutMs, env = {}, nodeArgs = [] }) {
  if (!fs.existsSync(PORTAL_MAIN)) throw new Error(`${PORTAL_MAIN} not found: build first (npm run build -w @ghiseu/server)`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ghiseu-bench-'));
  const portal = startNode(
    'portal',
    PORTAL_MAIN,
    {
      ...baseEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DEV_OUTBOX: 'false',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'warn',
      APP_SECRET: randomBytes(32).toString('hex'),
      // The rate limiter stays registered (its per-request cost is part of the platform being
      // measured) but its ceiling is lifted: at the default 600/min every request after the
      // first 600 would be a 429 and the benchmark would measure refusals.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      // Production refuses to start without real mail and SMS transports. Nothing is ever sent
      // through these: RUN_JOBS=false, so no delivery job runs in the benchmarked process, and
      // port 9 (discard) on this machine refuses connections anyway.
      SMTP_URL: 'smtp://127.0.0.1:9',
      SMS_API_URL: 'http://127.0.0.1:9/sms',
      SMS_API_KEY: 'bench-sms-key',
      ...env,
    },
    nodeArgs,
  );
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  try {
    await waitForReady(portal, `${origin}/api/ready`, readyTimeoutMs);
  } catch (error) {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    handle: portal,
    origin,
    startSeconds: Number(((Date.now() - started) / 1000).toFixed(1)),
    async stop() {
      await portal.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
