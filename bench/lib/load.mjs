// A small closed-loop load generator: N connections, each sending its next request as soon as
// the previous answer is read, for a fixed time. Bounded in time and in connections, it stops
// by itself, and it only ever talks to 127.0.0.1 (the origin is checked).
//
// Client: undici's Pool when it is installed (it is, as a dependency of fastify and jsdom) because
// it costs the least client CPU per request, which matters when the load generator, the server
// and PostgreSQL share a few cores. Otherwise Node's own http.Agent with keep-alive. Whatever
// the client, both servers of a scenario are loaded by the same one, so ratios stay fair.

import http from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { BenchFailure, cpuTimeMs } from './processes.mjs';
import { setTimeout as sleep } from 'node:timers/promises';

const REQUEST_TIMEOUT_MS = 10_000;

function assertLocal(origin) {
  const { hostname, protocol } = new URL(origin);
  if (protocol !== 'http:' || hostname !== '127.0.0.1')
    throw new Error(`load generator only targets http://127.0.0.1 (got ${origin})`);
}

async function undiciClient(origin, connections) {
  const { Pool } = await import('undici');
  const version = createRequire(import.meta.url)('undici/package.json').version;
  const pool = new Pool(origin, {
    connections,
    pipelining: 1,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  return {
    name: `undici ${version} Pool`,
    async get(path, headers = {}) {
      const { statusCode, body } = await pool.request({ path, method: 'GET', headers });
      return { status: statusCode, body: await body.text() };
    },
    close: () => pool.close(),
  };
}

function nodeHttpClient(origin, connections) {
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    name: `node:http ${process.version} Agent(keepAlive)`,
    get(path, headers = {}) {
      return new Promise((resolve, reject) => {
        const request = http.get({ host: hostname, port, path, agent, headers }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        });
        request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('request timeout')));
        request.on('error', reject);
      });
    },
    close: async () => agent.destroy(),
  };
}

/** The HTTP client used for both verification and load. */
export async function createClient(origin, connections) {
  assertLocal(origin);
  try {
    return await undiciClient(origin, connections);
  } catch {
    return nodeHttpClient(origin, connections);
  }
}

/**
 * Runs `connections` loops against `client` for `durationMs`, cycling through `paths` so that
 * every server sees the same request mix in the same order. `expected` (path → body) turns a
 * 200 with a wrong body into an error: a fast wrong answer must not count as throughput.
 * `headers` (e.g. a bearer token) go with every request.
 *
 * Returns raw counts and latencies (ms, successful requests only).
 */
export async function runLoad({ client, paths, connections, durationMs, expected, headers = {} }) {
  const latencies = [];
  const errors = { status: 0, body: 0, network: 0 };
  const statuses = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  async function connectionLoop() {
    while (performance.now() < deadline) {
      const path = paths[next++ % paths.length];
      const sent = performance.now();
      try {
        const { status, body } = await client.get(path, headers);
        const elapsed = performance.now() - sent;
        if (status !== 200) {
          errors.status++;
          statuses[status] = (statuses[status] ?? 0) + 1;
        } else if (expected && expected.get(path) !== body) {
          errors.body++;
        } else {
          latencies.push(elapsed);
        }
      } catch {
        errors.network++;
        // A refused or reset connection fails instantly; pause so a dead server does not turn
        // this loop into a busy spin (the deadline still bounds it).
        await sleep(50);
      }
    }
  }

  await Promise.all(Array.from({ length: connections }, connectionLoop));
  // Requests in flight at the deadline complete after it; dividing by the real elapsed time
  // (not the nominal duration) keeps requests/s honest.
  const elapsedMs = performance.now() - started;
  return { latencies, errors, statuses, elapsedMs };
}

/** Nearest-rank percentile of an ascending-sorted array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Requests/s and latency percentiles from a `runLoad` result. */
export function summarise({ latencies, errors, statuses, elapsedMs }) {
  const sorted = Float64Array.from(latencies).sort();
  const ok = sorted.length;
  const errorCount = errors.status + errors.body + errors.network;
  const round = (value, digits) => (value === null ? null : Number(value.toFixed(digits)));
  return {
    requests: ok + errorCount,
    ok,
    errors: errorCount,
    errorDetail: { ...errors, statuses },
    seconds: round(elapsedMs / 1000, 3),
    requestsPerSecond: round(ok / (elapsedMs / 1000), 1),
    latencyMs: {
      mean: round(ok ? sorted.reduce((a, b) => a + b, 0) / ok : null, 3),
      p50: round(percentile(sorted, 50), 3),
      p90: round(percentile(sorted, 90), 3),
      p99: round(percentile(sorted, 99), 3),
      max: round(ok ? sorted[ok - 1] : null, 3),
    },
  };
}

/**
 * Warm-up (discarded: JIT, pool connections, PostgreSQL caches), then the measured run of one
 * server, with the server process's CPU over the measured window (100% = one core; with the
 * client and PostgreSQL on the same machine this shows who was saturated) and per request.
 */
export async function measureServer({ server, client, settings, paths, expected, headers = {} }) {
  const load = (seconds) =>
    runLoad({ client, paths, connections: settings.connections, durationMs: seconds * 1000, expected, headers });
  await load(settings.warmupSeconds);
  const cpuBefore = await cpuTimeMs(server.pid);
  const raw = await load(settings.seconds);
  const cpuAfter = await cpuTimeMs(server.pid);
  const exit = server.exitInfo();
  if (exit)
    throw new BenchFailure(
      `${server.name} died under load (code ${exit.code}, signal ${exit.signal}). Output:\n${server.output()}`,
    );
  const summary = summarise(raw);
  if (summary.ok === 0)
    throw new BenchFailure(`${server.name} answered no request correctly under load: ${JSON.stringify(summary.errorDetail)}`);
  summary.serverCpuPercent =
    cpuBefore === null || cpuAfter === null ? null : Number((((cpuAfter - cpuBefore) / raw.elapsedMs) * 100).toFixed(1));
  summary.serverCpuMsPerRequest =
    summary.serverCpuPercent === null ? null : Number(((cpuAfter - cpuBefore) / summary.requests).toFixed(4));
  return summary;
}

/** Portal-to-peer ratios of two measured runs (null where a figure is missing). */
export function portalToPeerRatios(portal, peer) {
  const ratio = (a, b) => (a === null || b === null || b === 0 ? null : Number((a / b).toFixed(3)));
  return {
    throughputPortalToPeer: ratio(portal.requestsPerSecond, peer.requestsPerSecond),
    p50PortalToPeer: ratio(portal.latencyMs.p50, peer.latencyMs.p50),
    p99PortalToPeer: ratio(portal.latencyMs.p99, peer.latencyMs.p99),
  };
}
