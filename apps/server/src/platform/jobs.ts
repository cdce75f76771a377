import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Database, type Db, rawClient } from './db.js';

/**
 * A job is a definition: a name, a zod payload and an idempotent handler (STYLE.md §7).
 * Delivery is at-least-once, so a handler must tolerate running twice.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Runs on this cron schedule (Romanian time) besides whatever is enqueued. */
  cron?: string;
  handler: (payload: z.infer<S>, context: { db: Db; log: FastifyBaseLogger }) => Promise<void>;
}

export const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> => definition;

function serialise(values: unknown[] | undefined): unknown[] | undefined {
  // node-postgres turns objects into JSON by itself; PGlite wants the text. Arrays stay arrays.
  return values?.map((v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !Buffer.isBuffer(v)
      ? JSON.stringify(v)
      : v,
  );
}

/**
 * pg-boss over either engine. On PGlite pg-boss talks through an adapter: parameterless SQL
 * (its multi-statement migrations) goes through `exec`, the rest through `query`.
 */
function pgBossDb(database: Database): PgBoss.Db {
  const client = rawClient(database.db);
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        if (database.kind === 'pglite') {
          // biome-ignore lint/suspicious/noExplicitAny: PGlite's exec returns one result per statement
          const results: any[] = await (database.db as any).session.client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
      }
      return client.query(text, serialise(values));
    },
  };
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollingIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({
      db: pgBossDb(database),
      schema: 'pgboss',
      // The embedded database is single-process; supervision and cron run in this process.
      supervise: true,
      schedule: true,
      migrate: true,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /**
   * Declares jobs. Modules do it while the app is built, before `start()` creates the queues:
   * a job registered later would have no queue, and pg-boss silently drops what is sent to it.
   */
  register(...definitions: JobDefinition[]): void {
    if (this.started)
      throw new Error(`job ${definitions[0]?.name} registered after the queue started: build the app before starting the jobs`);
    for (const definition of definitions) this.definitions.set(definition.name, definition);
  }

  /** Creates the queues; with `work` also starts polling them in this process. */
  async start({ work }: { work: boolean }): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of this.definitions.values()) {
      await this.boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 30,
        retryBackoff: true,
      });
      // Idempotent: every process (re)declares the schedule; pg-boss sends one job per tick.
      if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {}, { tz: 'Europe/Bucharest' });
      if (work) {
        await this.boss.work(
          definition.name,
          { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) await this.runOne(definition, job.data);
          },
        );
      }
    }
  }

  private async runOne(definition: JobDefinition, data: unknown): Promise<void> {
    const payload = definition.payload.parse(data);
    await definition.handler(payload, { db: this.database.db, log: this.log.child({ job: definition.name }) });
  }

  /**
   * Enqueues a job inside the caller's transaction (outbox pattern): the job exists if and
   * only if the business change commits. `startAfter` delays it (a secret's expiry).
   */
  async enqueue<S extends z.ZodType>(
    executor: Db,
    definition: JobDefinition<S>,
    payload: z.infer<S>,
    options: { startAfter?: Date } = {},
  ): Promise<void> {
    if (!this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is not registered`);
    const client = rawClient(executor);
    await this.boss.send(definition.name, definition.payload.parse(payload) as object, {
      db: { executeSql: (text, values) => client.query(text, serialise(values)) },
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /**
   * Runs every job that is due now, in this process, until the queues are empty. Tests and
   * the seed use it to make delivery deterministic; production relies on the workers.
   */
  async drain(): Promise<number> {
    let count = 0;
    for (const definition of this.definitions.values()) {
      for (;;) {
        const jobs = await this.boss.fetch(definition.name, { batchSize: 10 });
        if (jobs.length === 0) break;
        for (const job of jobs) {
          try {
            await this.runOne(definition, job.data);
            await this.boss.complete(definition.name, job.id);
          } catch (error) {
            await this.boss.fail(definition.name, job.id, { message: (error as Error).message });
          }
          count++;
        }
      }
    }
    return count;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }
}
