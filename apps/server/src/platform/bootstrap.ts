import path from 'node:path';
import pino from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Db, openDatabase } from './db.js';
import { LocalDiskStorage } from './file-storage.js';
import { baseLoggerOptions } from './logger.js';
import { type JobDefinition, JobQueue } from './jobs.js';
import { Messaging, outboxTransport, smtpTransport } from './messaging.js';
import { httpSmsTransport } from './sms.js';
import { resolveAppSecret, TokenSigner } from './tokens.js';

/**
 * Loads data after the migrations (reference and demo data) and answers what it loaded, by name.
 * The platform does not know the seeds: main.ts passes `seedDatabase` of `src/seed`.
 */
export type Seeder = (db: Db) => Promise<Record<string, Record<string, number> | null>>;

/**
 * Builds the platform: opens and migrates the database, runs the seeder it is given, prepares
 * the job queue, messaging, file storage and token signer. Shared by the server, the worker,
 * the tests and the benchmarks.
 */
export async function createContext(
  config: Config,
  options: { jobs: readonly JobDefinition[]; seed?: Seeder | false; log?: pino.Logger },
): Promise<AppContext> {
  const log = options.log ?? pino(baseLoggerOptions(config.logLevel));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (options.seed) {
      const seeded = await options.seed(database.db);
      for (const [name, detail] of Object.entries(seeded)) if (detail) log.info({ seed: name, ...detail }, 'seed loaded');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  // The job registry (src/jobs.ts) comes from the caller: the platform does not import modules.
  const jobs = new JobQueue(database, log, options.jobs);
  // The real transports when configured (always in production: loadConfig refuses to start
  // without them), else the built-in outbox that /api/dev/outbox reads.
  const messaging = new Messaging(jobs, {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom, new URL(config.publicUrl).hostname) : outboxTransport,
    sms: config.sms ? httpSmsTransport(config.sms) : outboxTransport,
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    messaging,
    storage: new LocalDiskStorage(path.join(config.dataDir, 'files')),
    signer: new TokenSigner(resolveAppSecret(config.appSecret, config.dataDir)),
  };
  jobs.provide(ctx);
  return ctx;
}
