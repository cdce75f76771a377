import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import pino, { type DestinationStream } from 'pino';
import { buildApp, type App } from '../src/app.js';
import { JOBS } from '../src/jobs.js';
import { createContext } from '../src/platform/bootstrap.js';
import { loadConfig } from '../src/platform/config.js';
import { baseLoggerOptions } from '../src/platform/logger.js';
import type { AppContext } from '../src/platform/context.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { copyPgliteTemplate, createPostgresDatabase, dropPostgresDatabase } from './template-db.js';

/**
 * A log destination for `createTestApp(…, { logStream })` that keeps what the app writes: the raw
 * pino lines (for greps) and their parsed entries.
 */
export function captureLog<T = Record<string, unknown>>() {
  const lines: string[] = [];
  const stream: DestinationStream = {
    write: (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) lines.push(line);
    },
  };
  return { stream, lines, text: () => lines.join('\n'), entries: () => lines.map((line) => JSON.parse(line) as T) };
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  /** Signs in and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for a signed-in demo account. */
  authHeaders(email: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * A real app on a fresh database (PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise)
 * with the reference data and the demo accounts. Use one per test file.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { workJobs?: boolean; logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const template = inject('databaseTemplate');
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ghiseu-files-'));
  let databaseUrl: string | undefined;
  let dataDir = filesDir;
  if (template.kind === 'postgres') {
    databaseUrl = await createPostgresDatabase(template.adminUrl, template.template);
  } else {
    dataDir = copyPgliteTemplate(template.folder);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DEV_OUTBOX: 'true',
    SEED_DEMO: 'false',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Never the real tax authority: a closed local port (the service is down at once) unless
    // the test starts its stand-in (test/anaf-stand-in.ts) and passes its address.
    ANAF_API_URL: 'http://127.0.0.1:9/anaf',
    ...env,
  });
  // With `logStream` the server and the jobs log there as in production (the privacy tests read it).
  const log = options.logStream ? pino(baseLoggerOptions('info'), options.logStream) : pino({ level: 'silent' });
  // The same job registry as the server and the worker.
  const ctx = await createContext(config, { jobs: JOBS, seed: false, log });
  const app = await buildApp(ctx, options.logStream ? { logStream: options.logStream } : { logger: false });
  await app.ready();
  // Jobs run only through `ctx.jobs.drain()` unless a test wants the real polling workers.
  await ctx.jobs.start({ work: options.workJobs ?? false });

  const tokens = new Map<string, string>();
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    return response.json().data.authToken as string;
  };
  return {
    app,
    ctx,
    login,
    async authHeaders(email) {
      let token = tokens.get(email);
      if (!token) {
        token = await login(email);
        tokens.set(email, token);
      }
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await ctx.jobs.stop();
      await ctx.database.close();
      if (template.kind === 'postgres' && databaseUrl) await dropPostgresDatabase(template.adminUrl, databaseUrl);
      fs.rmSync(filesDir, { recursive: true, force: true });
      if (dataDir !== filesDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
