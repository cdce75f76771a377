// The throw-away PostgreSQL database a benchmark run works on.

import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The admin URL with another database name (same host, user, password, options). */
export function withDatabase(adminUrl, database) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin(adminUrl, work) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Drops (if a previous run was interrupted) and creates `name`. The database is empty: the
 * portal migrates and seeds it itself on start, exactly as in production.
 */
export async function recreateDatabase(adminUrl, name) {
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  return withDatabase(adminUrl, name);
}

/** WITH (FORCE) ends any connection a killed child may have left behind. */
export async function dropDatabase(adminUrl, name) {
  await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export async function serverVersion(url) {
  return withAdmin(url, async (client) => (await client.query('SHOW server_version')).rows[0].server_version);
}
