import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { JobContext } from './context.js';
import { type Database, type Db, rawClient } from './db.js';

/**
 * A job is a definition (STYLE.md §7, ADR "job registry"): a name, a version, a zod payload and
 * an idempotent handler. Definitions are plain values in a module's `jobs.ts`; the one list of
 * them, `src/jobs.ts`, is what the server, the worker and the tests load.
 *
 * Delivery is at-least-once, so a handler must tolerate running twice. It gets the platform's
 * services through its context (`JobContext`: db, config, messaging, storage, signer, the
 * queue itself, a logger), never through the HTTP app, which a worker does not build.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** The queue's name, `<module>.<verb>`: stored with every queued job, so it never changes. */
  name: string;
  /**
   * The version of the payload contract, logged with every run. Raise it when the payload's
   * shape or the handler's meaning changes; payloads of the previous version may still sit in the
   * queue (retries last up to a day), so the schema must keep accepting them until they are gone.
   */
  version: number;
  /** Checked when a job is enqueued and again when it runs. */
  payload: S;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Runs on this cron schedule (Romanian time) besides whatever is enqueued. */
  cron?: string;
  /**
   * A NOTIFY channel that wakes this job at once in every process that works the queues (the
   * notification dispatcher wakes on `domain_events`). The handler then runs in process with an
   * empty payload, never two at a time in one process; concurrent processes must stay safe
   * (SKIP LOCKED). The cron schedule catches up on anything a lost notification missed.
   */
  wakeOn?: string;
  handler: (payload: z.infer<S>, context: JobContext) => Promise<void>;
}

export const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> => definition;

/** A payload that does not match its job's schema: names the job and the fields, never the values. */
export class JobPayloadError extends Error {
  constructor(definition: Pick<JobDefinition, 'name' | 'version'>, error: z.ZodError, when: 'enqueue' | 'run') {
    const fields = error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ');
    super(
      `job ${definition.name} v${definition.version}: invalid payload ${when === 'enqueue' ? 'refused' : 'not run'} (${fields})`,
    );
    this.name = 'JobPayloadError';
  }
}

function parsePayload<S extends z.ZodType>(definition: JobDefinition<S>, data: unknown, when: 'enqueue' | 'run'): z.infer<S> {
  const parsed = definition.payload.safeParse(data);
  if (!parsed.success) throw new JobPayloadError(definition, parsed.error, when);
  return parsed.data;
}

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

/**
 * The queue of one process: the registry's definitions, fixed when it is built (a job added
 * later would have no queue, and pg-boss silently drops what is sent to a missing queue).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private services: Omit<JobContext, 'log'> | undefined;
  private started = false;
  private readonly unlisten: Array<() => Promise<void>> = [];
  /** Wake-ups running (their promise) and wanted again after the current run. */
  private readonly waking = new Map<string, Promise<void>>();
  private readonly wakeAgain = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    definitions: readonly JobDefinition[],
    private readonly options: { pollingIntervalSeconds?: number } = {},
  ) {
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
      this.definitions.set(definition.name, definition);
    }
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

  /** The names of the registered jobs. */
  get names(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Gives the handlers their services. The platform calls it once it is built (the services
   * include this queue, so they cannot be passed to the constructor).
   */
  provide(services: Omit<JobContext, 'log'>): void {
    this.services = services;
  }

  /** Creates the queues; with `work` also starts polling them in this process. */
  async start({ work }: { work: boolean }): Promise<void> {
    if (!this.services) throw new Error('the job queue has no services: provide() them before start()');
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
          // A failure (a bad payload included) fails this job, which pg-boss retries or gives up;
          // the worker goes on with the next one.
          async (jobs) => {
            for (const job of jobs) await this.runOne(definition, job.id, job.data);
          },
        );
        if (definition.wakeOn) {
          const target = definition;
          this.unlisten.push(await this.database.listen(definition.wakeOn, () => this.wake(target)));
        }
      }
    }
  }

  /**
   * Runs a `wakeOn` job now, in this process. A wake-up during a run asks for one more run after
   * it (the run may have read before the new rows committed); more wake-ups meanwhile coalesce.
   */
  wake(definition: JobDefinition): Promise<void> {
    const running = this.waking.get(definition.name);
    if (running) {
      this.wakeAgain.add(definition.name);
      return running;
    }
    const run = (async () => {
      do {
        this.wakeAgain.delete(definition.name);
        if (!this.started) return;
        await this.runOne(definition, 'wake', {}).catch(() => {
          // Logged by runOne; the cron run retries.
        });
      } while (this.wakeAgain.has(definition.name));
    })().finally(() => this.waking.delete(definition.name));
    this.waking.set(definition.name, run);
    return run;
  }

  private async runOne(definition: JobDefinition, id: string, data: unknown): Promise<void> {
    const log = this.log.child({ job: definition.name, version: definition.version, jobId: id });
    try {
      const payload = parsePayload(definition, data, 'run');
      if (!this.services) throw new Error('the job queue has no services');
      await definition.handler(payload, { ...this.services, log });
    } catch (error) {
      log.warn({ err: error }, 'job failed');
      throw error;
    }
  }

  /**
   * Enqueues a job inside the caller's transaction (outbox pattern): the job exists if and
   * only if the business change commits. `startAfter` delays it (a secret's expiry). The
   * definition must be the registered one, and the payload must match its schema.
   */
  async enqueue<S extends z.ZodType>(
    executor: Db,
    definition: JobDefinition<S>,
    payload: z.infer<S>,
    options: { startAfter?: Date } = {},
  ): Promise<void> {
    const registered = this.definitions.get(definition.name);
    if (!registered) throw new Error(`job ${definition.name} is not registered: add it to the registry (src/jobs.ts)`);
    if (registered !== definition)
      throw new Error(`job ${definition.name} is not the registered definition: enqueue the one the registry lists`);
    const data = parsePayload(definition, payload, 'enqueue');
    const client = rawClient(executor);
    await this.boss.send(definition.name, data as object, {
      db: { executeSql: (text, values) => client.query(text, serialise(values)) },
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /**
   * Runs every job that is due now, in this process, until the queues are empty, after one run
   * of each `wakeOn` job. Tests and the seed use it to make delivery deterministic; production
   * relies on the workers.
   */
  async drain(): Promise<number> {
    let count = 0;
    // The `wakeOn` jobs first (the dispatcher turns committed events into messages to deliver).
    for (const definition of this.definitions.values()) if (definition.wakeOn) await this.runOne(definition, 'drain', {});
    for (const definition of this.definitions.values()) {
      for (;;) {
        const jobs = await this.boss.fetch(definition.name, { batchSize: 10 });
        if (jobs.length === 0) break;
        for (const job of jobs) {
          try {
            await this.runOne(definition, job.id, job.data);
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
    for (const stop of this.unlisten.splice(0)) await stop().catch(() => {});
    await Promise.allSettled([...this.waking.values()]);
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }
}
