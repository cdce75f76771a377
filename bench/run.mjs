// Benchmark runner (DESIGN.md §9): `npm run bench` builds the server, then runs this file.
//
// One run: create a fresh PostgreSQL database, start the built portal on it (it migrates and
// seeds reference data itself), run every scenario (each starts its own reference peer and
// loads portal and peer one after the other), print a table, write bench/results/<scenario>.json,
// then stop every child and drop the database.
//
// Exit code: 0 when all scenarios ran, whatever the numbers (a benchmark reports, it does not
// judge); 1 when a server fails or the peer's answers differ from the portal's; 2 on bad settings.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_ADMIN_URL, dropDatabase, recreateDatabase, serverVersion } from './lib/database.mjs';
import { startPortal } from './lib/portal.mjs';
import { BenchFailure } from './lib/processes.mjs';
import { printResult } from './lib/report.mjs';
import { applicationListFew, applicationListMany, enrollmentInbox } from './scenarios/application-lists.mjs';
import { staffInbox } from './scenarios/staff-inbox.mjs';
import * as territoryList from './scenarios/territory-list.mjs';

const ALL_SCENARIOS = [territoryList, applicationListFew, applicationListMany, enrollmentInbox, staffInbox];
// BENCH_SCENARIOS=territory-list,enrollment-inbox runs only those (default: all).
const wanted =
  process.env.BENCH_SCENARIOS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? [];
const SCENARIOS = wanted.length > 0 ? ALL_SCENARIOS.filter((s) => wanted.includes(s.name)) : ALL_SCENARIOS;
const DATABASE_NAME = 'ghiseu_bench';
const RESULTS_DIR = path.join(import.meta.dirname, 'results');
const PORTAL_READY_TIMEOUT_MS = 180_000; // migrations + PostGIS + SIRUTA seed on a cold database

function readSettings(env = process.env) {
  const number = (key, fallback, min, max, integer) => {
    const raw = env[key];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      process.stderr.write(
        `bench: ${key}=${raw} is invalid (expected ${integer ? 'an integer' : 'a number'} from ${min} to ${max})\n`,
      );
      process.exit(2);
    }
    return value;
  };
  return {
    seconds: number('BENCH_SECONDS', 10, 1, 600, false),
    warmupSeconds: number('BENCH_WARMUP_SECONDS', 2, 0, 60, false),
    connections: number('BENCH_CONNECTIONS', 20, 1, 1000, true),
    adminUrl: env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL,
  };
}

/** The admin URL without its password, for printing. */
const redact = (url) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
};

/**
 * JSON as `biome format` prints it (the repository lints every file, results included): two-space
 * indentation, objects expanded, arrays of plain values on one line when they fit in 130 columns.
 */
function toJson(value, indent = '', prefixLength = 0) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => v === null || typeof v !== 'object')) {
      const oneLine = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
      // prefixLength: indentation and key before the array; + 1 for a trailing comma.
      if (prefixLength + oneLine.length + 1 <= 130) return oneLine;
    }
    return `[\n${value.map((v) => inner + toJson(v, inner, inner.length)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const member = ([k, v]) => {
    const head = `${inner}${JSON.stringify(k)}: `;
    return head + toJson(v, inner, head.length);
  };
  return `{\n${entries.map(member).join(',\n')}\n${indent}}`;
}

async function main() {
  const settings = readSettings();
  // Before anything of ours runs: a busy machine (other builds and tests) makes figures noisy.
  const loadAverageAtStart = Number(os.loadavg()[0].toFixed(2));
  const children = [];
  let portal = null;
  let databaseCreated = false;
  let cleaning = null;

  // Idempotent: reached from the normal path, from a failure, from Ctrl-C and from the watchdog.
  const cleanup = () => {
    cleaning ??= (async () => {
      for (const child of children) await child.stop().catch(() => {});
      if (portal) await portal.stop().catch(() => {});
      if (databaseCreated) {
        await dropDatabase(settings.adminUrl, DATABASE_NAME).catch((error) => {
          process.stderr.write(`bench: could not drop database ${DATABASE_NAME}: ${error.message}\n`);
        });
      }
    })();
    return cleaning;
  };

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      process.stderr.write(`\nbench: ${signal}, cleaning up…\n`);
      cleanup().finally(() => process.exit(130));
    });
  }
  // Hard bound on the whole run, so that a hung server can never leave the benchmark running.
  const budgetMs =
    PORTAL_READY_TIMEOUT_MS + 600_000 + SCENARIOS.length * (2 * (settings.warmupSeconds + settings.seconds) * 1000 + 90_000);
  setTimeout(() => {
    process.stderr.write(`bench: still running after ${Math.round(budgetMs / 1000)} s, giving up\n`);
    cleanup().finally(() => process.exit(1));
  }, budgetMs).unref();

  let exitCode = 0;
  try {
    process.stdout.write(`bench: PostgreSQL ${redact(settings.adminUrl)}, database ${DATABASE_NAME}\n`);
    const databaseUrl = await recreateDatabase(settings.adminUrl, DATABASE_NAME).catch((error) => {
      throw new BenchFailure(
        `cannot create database ${DATABASE_NAME} through ${redact(settings.adminUrl)}: ${error.message}\n` +
          'Is PostgreSQL (with PostGIS) running? Set BENCH_DATABASE_URL to an admin URL that may create databases.',
      );
    });
    databaseCreated = true;
    const postgresVersion = await serverVersion(databaseUrl);

    process.stdout.write('bench: starting the portal (migrations + reference data)…\n');
    portal = await startPortal({ databaseUrl, readyTimeoutMs: PORTAL_READY_TIMEOUT_MS });
    process.stdout.write(`bench: portal ready at ${portal.origin} in ${portal.startSeconds} s\n`);

    const machine = {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
      postgres: postgresVersion,
      loadAverage1mAtStart: loadAverageAtStart,
    };
    if (loadAverageAtStart > machine.cpus / 2) {
      process.stdout.write(
        `bench: warning: the machine was already busy (1-min load average ${loadAverageAtStart} on ${machine.cpus} CPUs); ` +
          'absolute figures and even ratios will be noisy\n',
      );
    }

    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    for (const scenario of SCENARIOS) {
      process.stdout.write(`\nscenario ${scenario.name}: ${scenario.description}\n`);
      const result = await scenario.run({ portal, databaseUrl, settings, track: (handle) => children.push(handle) });
      const document = {
        ...result,
        date: new Date().toISOString(),
        settings: { connections: settings.connections, seconds: settings.seconds, warmupSeconds: settings.warmupSeconds },
        machine,
      };
      printResult(document);
      const file = path.join(RESULTS_DIR, `${scenario.name}.json`);
      fs.writeFileSync(file, `${toJson(document)}\n`);
      process.stdout.write(`results written to ${path.relative(process.cwd(), file)}\n`);
    }
  } catch (error) {
    exitCode = 1;
    process.stderr.write(`\nbench FAILED: ${error instanceof BenchFailure ? error.message : (error.stack ?? error)}\n`);
  } finally {
    await cleanup();
  }
  process.exit(exitCode);
}

await main();
