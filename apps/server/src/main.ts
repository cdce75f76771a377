import { buildApp } from './app.js';
import { JOBS } from './jobs.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { createContext } from './platform/bootstrap.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo.js';
import { seedDatabase } from './seed/index.js';

/** Opens the database, migrates, seeds if asked, serves API + web app, runs jobs. */
async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  const ctx = await createContext(config, { jobs: JOBS, seed: seedDatabase(config) });
  const app = await buildApp(ctx);
  await ctx.jobs.start({ work: config.runJobs });
  await app.listen({ host: config.host, port: config.port });

  const database = config.embedded ? `PGlite în ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `Ghișeul Unic rulează la ${config.publicUrl} (bază de date: ${database}; pornit în ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `API: ${config.publicUrl}/api  ·  documentație: ${config.publicUrl}/api/docs`,
    config.host === '127.0.0.1' || config.host === '::1' || config.host === 'localhost'
      ? `Ascultă doar pe acest calculator (${config.host}); setați HOST=0.0.0.0 pentru acces din rețea.`
      : `Ascultă pe ${config.host}:${config.port}.`,
  ];
  if (config.seedDemo) {
    lines.push(`Conturi demo (parola ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS)
      lines.push(`  ${user.email.padEnd(32)} ${user.userType}${user.accountType === 'professional' ? ' (profesional)' : ''}`);
  }
  if (config.devOutbox) lines.push(`E-mail și SMS de test: ${config.publicUrl}/api/dev/outbox`);
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await ctx.jobs.stop();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Pornirea a eșuat: ${(error as Error).stack ?? error}\n`);
  }
  process.exit(1);
});
