import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { createContext } from './platform/bootstrap.js';
import { baseLoggerOptions } from './platform/logger.js';

/**
 * Runs background jobs only, for scaling out on PostgreSQL (DESIGN.md §8): start web servers
 * with RUN_JOBS=false and as many workers as needed. Not for the embedded database, which
 * one process owns.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.embedded)
    throw new ConfigError('Worker-ul separat necesită DATABASE_URL (baza de date încorporată aparține unui singur proces).');
  const log = pino(baseLoggerOptions(config.logLevel));
  const ctx = await createContext(config, { seed: false, log });
  // Building the app (never listening) registers every module's jobs, as in the server.
  await buildApp(ctx, { logger: false });
  await ctx.jobs.start({ work: true });
  log.info('worker started');
  const shutdown = async () => {
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
