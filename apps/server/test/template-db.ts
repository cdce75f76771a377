import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/platform/db.js';
import { runSeeds } from '../src/seed/index.js';

/**
 * Fresh databases for tests, fast (DESIGN.md §3): on PostgreSQL a migrated and seeded template
 * database copied with CREATE DATABASE … TEMPLATE; on PGlite a migrated and seeded data folder
 * copied per test file. Both hold the reference data and the demo accounts.
 */

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Changes whenever migrations or seeds change, so a stale template is never reused. */
export function templateFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(path.join(serverRoot, 'src/db/migrations'));
  walk(path.join(serverRoot, 'src/seed'));
  return hash.digest('hex').slice(0, 12);
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function preparePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `ghiseu_tpl_${templateFingerprint()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_build_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, building), dataDir: os.tmpdir(), poolSize: 2 });
    try {
      await database.migrate();
      await runSeeds(database.db, { demo: true, defaultCounty: 'MS' });
    } finally {
      await database.close();
    }
    // Renamed only when complete, so an interrupted build is never mistaken for a template.
    try {
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (error) {
      // Another test run finished the same template first: use it, drop ours.
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      const done = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!done.rowCount) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

export async function createPostgresDatabase(adminUrl: string, template: string): Promise<string> {
  const name = `ghiseu_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}

export async function dropPostgresDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function preparePgliteTemplate(): Promise<string> {
  const folder = path.join(os.tmpdir(), `ghiseu-test-template-${templateFingerprint()}`);
  if (fs.existsSync(path.join(folder, 'ready'))) return folder;
  // Built aside and renamed into place, so concurrent test runs never see a half-built folder.
  const building = `${folder}-build-${process.pid}-${randomBytes(3).toString('hex')}`;
  const database = await openDatabase({ dataDir: building });
  try {
    await database.migrate();
    await runSeeds(database.db, { demo: true, defaultCounty: 'MS' });
  } finally {
    await database.close();
  }
  fs.writeFileSync(path.join(building, 'ready'), new Date().toISOString());
  try {
    fs.renameSync(building, folder);
  } catch {
    // Another run finished first: use its template.
    fs.rmSync(building, { recursive: true, force: true });
  }
  return folder;
}

export function copyPgliteTemplate(template: string): string {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'ghiseu-test-'));
  fs.cpSync(template, target, { recursive: true, filter: (source) => !source.endsWith('.lock') });
  return target;
}
