import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db.js';
import type { FileStorage } from './file-storage.js';
import type { JobQueue } from './jobs.js';
import type { Messaging } from './messaging.js';
import type { TokenSigner } from './tokens.js';

/** Everything a module needs from the platform, built once in main.ts (or the test app). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobQueue;
  messaging: Messaging;
  storage: FileStorage;
  signer: TokenSigner;
}

/**
 * What a job handler gets (src/jobs.ts): the platform's services without the HTTP app, which a
 * worker never builds, and a logger naming the job. `db` is the database, not a transaction:
 * a handler opens its own.
 */
export interface JobContext extends Pick<AppContext, 'config' | 'db' | 'jobs' | 'messaging' | 'storage' | 'signer'> {
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
