import pino from 'pino';
import { JOBS } from './jobs.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { createContext } from './platform/bootstrap.js';
import { baseLoggerOptions } from './platform/logger.js';

/**
 * Runs background jobs only, for scaling out on PostgreSQL (DESIGN.md §8): start web servers
 * with RUN_JOBS=false and as many workers as needed. Not for the embedded database, which
 * one process owns.
 *
 * The worker never builds the HTTP app: it opens the platform (database, messaging, storage,
 * signer) and works the queues of the job registry (src/jobs.ts), the list the server loads.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.embedded)
    throw new ConfigError('Worker-ul separat necesită DATABASE_URL (baza de date încorporată aparține unui singur proces).');
  const log = pino(baseLoggerOptions(config.logLevel));
  const ctx = await createContext(config, { jobs: JOBS, seed: false, log });
  await ctx.jobs.start({ work: true });
  log.info({ jobs: ctx.jobs.names }, 'worker started');
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await ctx.jobs.stop();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
