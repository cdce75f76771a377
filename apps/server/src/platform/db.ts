import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { postgis } from '@electric-sql/pglite-postgis';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type AnyColumn, and, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from '../db/schema/index.js';

export type Schema = typeof schema;
/** The typed database, or a transaction on it: both run the same query API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A client that runs SQL text with `$n` parameters, as pg-boss and raw queries need. */
export interface RawClient {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs one or several statements without parameters. */
  exec(text: string): Promise<void>;
  /** Applies the migrations (see `migrateDatabase`). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel: `handler` gets each NOTIFY payload sent on it (by any process on the
   * same database) once the notifying transaction has committed. Answers the function that stops
   * listening. On PostgreSQL one dedicated connection carries every channel of this process and
   * reconnects (re-listening) after a failure; notifications sent while it was down are lost, so
   * a listener must also catch up by itself (the dispatcher's schedule, the bell's refetch).
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: drizzle keeps the driver client on an internal field
type WithSession = { session: { client: any } };

/**
 * The driver client behind a drizzle database or transaction. Inside a transaction this is the
 * transaction's own client, so raw SQL (pg-boss inserts) joins the business transaction;
 * with PGlite using the outer client there would hang forever (notes/stack.md).
 */
export function rawClient(executor: Db): RawClient {
  const client = (executor as unknown as WithSession).session.client;
  return {
    async query(text, values) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

/** Rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/* ───────────────────────────── Database errors ───────────────────────────── */

/** The SQLSTATE of a driver error, looking through drizzle's wrapper (`cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint refused the write (two requests raced past a "name taken" check, say). */
export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';

/** A foreign key refused the write or the delete (the record is still referenced). */
export const isForeignKeyViolation = (error: unknown): boolean => pgErrorCode(error) === '23503';

/**
 * Case-insensitive equality of a name column with a trimmed name: the SQL form of the
 * `lower(name)` unique indexes, for the "name taken" checks that come before the insert.
 */
export const sameNameAs = (column: AnyColumn, name: string): SQL => sql`lower(${column}) = lower(${name.trim()})`;

/**
 * Whether a row of `table` other than `exceptId` (the one being renamed) already has `name`,
 * compared as the `lower(name)` unique indexes do, within `scope` (the same organisation, say).
 * The check gives the friendly error before the insert; the unique index still decides races
 * ({@link isUniqueViolation}).
 */
export async function nameTaken(
  db: Db,
  table: PgTable,
  columns: { id: PgColumn; name: PgColumn },
  name: string,
  options: { scope?: SQL; exceptId?: number } = {},
): Promise<boolean> {
  const rows = await db
    .select({ id: columns.id })
    .from(table)
    .where(and(options.scope, sameNameAs(columns.name, name), options.exceptId ? ne(columns.id, options.exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Finds the migrations folder both from the sources (src/platform) and from the bundle (dist). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, '../db/migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/**
 * Opens the embedded PGlite folder (with PostGIS, unaccent and pg_trgm) or a PostgreSQL pool.
 * The PGlite folder is locked: two processes on one folder corrupt it.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // Idle client errors (server restart) are reported on the next query; keep the process alive.
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const listener = new PgListener(options.databaseUrl);
    return {
      kind: 'postgres',
      db,
      listen: (channel, handler) => listener.listen(channel, handler),
      exec: async (text) => {
        await pool.query(text);
      },
      // One dedicated connection holds an advisory lock so two starting servers never migrate at once.
      migrate: async () => {
        const connection = await pool.connect();
        try {
          await connection.query('SELECT pg_advisory_lock(727001)');
          await migrateNodePg(drizzleNodePg(connection), { migrationsFolder: migrationsFolder() });
        } finally {
          await connection.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
          connection.release();
        }
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const release = await lockfile
    .lock(options.dataDir, {
      lockfilePath: path.join(options.dataDir, '.lock'),
      // PGlite work is synchronous WebAssembly: on a busy machine a long statement can hold the
      // event loop past the refresh. Keep a generous stale window and never crash on it: the
      // default handler throws, which would kill a healthy server mid-request.
      stale: 120_000,
      update: 10_000,
      onCompromised: (error) => process.emitWarning(`data folder lock could not be refreshed: ${error.message}`),
    })
    .catch((error: Error) => {
      throw new Error(`Dosarul de date ${options.dataDir} este folosit de alt proces (${error.message})`);
    });
  // pg_trgm serves the lists' free-text search (migration 0006); PGlite 0.5.8 ships it as contrib.
  const client = await PGlite.create({
    dataDir: path.join(options.dataDir, 'pg'),
    extensions: { postgis, unaccent, pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    exec: async (text) => {
      await client.exec(text);
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    // One process owns the folder, so LISTEN on the same instance sees every NOTIFY.
    listen: async (channel, handler) => {
      const stop = await client.listen(channel, handler);
      return async () => stop();
    },
    close: async () => {
      await client.close();
      await release();
    },
  };
}

/**
 * The LISTEN connection of a PostgreSQL process: one `pg.Client` outside the pool (a pooled
 * connection would be handed to other queries), created on the first `listen`, re-created with
 * backoff when it fails, every channel listened to again.
 */
class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  private retryMs = 500;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${channel}`);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${channel}`).catch(() => {});
      }
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      await client.connect();
      this.client = client;
      this.connecting = undefined;
      this.retryMs = 500;
      return client;
    })().catch((error) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  /** The connection died: connect again (with backoff) and listen to every channel again. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    if (this.closed) return;
    const retry = () => {
      if (this.closed || this.handlers.size === 0) return;
      this.connect()
        .then(async (fresh) => {
          for (const channel of this.handlers.keys()) await fresh.query(`LISTEN ${channel}`);
        })
        .catch(() => {
          this.retryMs = Math.min(this.retryMs * 2, 30_000);
          setTimeout(retry, this.retryMs).unref();
        });
    };
    setTimeout(retry, this.retryMs).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
