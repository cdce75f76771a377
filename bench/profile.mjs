// CPU per request of the portal and its peers on a kept database (issue 8's profiling loop).
//
//   node bench/profile.mjs                        # every scenario, portal and peers, 10 s each
//   PROFILE_SCENARIOS=few,many PROFILE_SECONDS=5 node bench/profile.mjs
//   PROFILE_CPU_PROF=portal node bench/profile.mjs  # also writes the portal's .cpuprofile (node --cpu-prof);
//                                                   # =peer the peers', =all both
//   PROFILE_SERVERS=portal node bench/profile.mjs # the portal only
//
// Unlike `npm run bench` it does not recreate and reseed the database on every run: the first run
// creates `ghiseu_profile` (migrated by the portal, then bench/lib/seed-lists.mjs), later runs reuse
// it and only add fresh sessions. Both servers are loaded one after the other with the same client
// as the benchmark; the figure it prints first is the server's CPU milliseconds per request, which
// moves much less than requests/s when other work shares the machine. It does not check bodies
// (run `npm run bench` for the comparison that does); `PROFILE_DROP=1` drops the database.

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_ADMIN_URL, withDatabase } from './lib/database.mjs';
import { createClient, measureServer } from './lib/load.mjs';
import { baseEnv, startPortal } from './lib/portal.mjs';
import { freePort, startNode, waitForReady } from './lib/processes.mjs';
import { seedLists } from './lib/seed-lists.mjs';

const NAME = 'ghiseu_profile';
const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
const databaseUrl = withDatabase(adminUrl, NAME);
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 20);
const servers = (process.env.PROFILE_SERVERS ?? 'portal,peer').split(',');
const profileDir = path.join(os.tmpdir(), 'ghiseu-profiles');

const SCENARIOS = {
  territory: {
    peer: 'territory-peer.mjs',
    paths: ['targu', 'sig', 'r', ''].map((t) => `/api/localities?parent_id=261&search=${encodeURIComponent(t)}&limit=20`),
  },
  few: {
    peer: 'list-peer.mjs',
    actor: 'few',
    paths: ['/api/applications?pagination=true', '/api/applications?pagination=true&skip=20'],
  },
  many: {
    peer: 'list-peer.mjs',
    actor: 'many',
    paths: ['/api/applications?pagination=true', '/api/applications?pagination=true&skip=20'],
  },
  inbox: {
    peer: 'list-peer.mjs',
    actor: 'admin',
    paths: ['/api/enrollments?status=pending&pagination=true', '/api/enrollments?status=pending&pagination=true&skip=20'],
  },
};
const wanted = (process.env.PROFILE_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',');

async function query(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Sessions with known tokens for the three seeded actors (only their SHA-256 is stored). */
async function freshTokens() {
  const tokens = {};
  for (const [actor, email] of Object.entries({ few: 'few@bench.test', many: 'many@bench.test', admin: 'admin@bench.test' })) {
    tokens[actor] = randomBytes(32).toString('base64url');
    await query(
      databaseUrl,
      `INSERT INTO sessions (user_id, token_hash, expires_at) SELECT id, $2, now() + interval '1 day' FROM users WHERE email = $1`,
      [email, createHash('sha256').update(tokens[actor]).digest('hex')],
    );
  }
  return tokens;
}

async function main() {
  if (process.env.PROFILE_DROP === '1') {
    await query(adminUrl, `DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
    return;
  }
  const exists = (await query(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [NAME])).length > 0;
  if (!exists) await query(adminUrl, `CREATE DATABASE "${NAME}"`);
  const profiled = process.env.PROFILE_CPU_PROF ?? '';
  const nodeArgs = (who) => (profiled === who || profiled === 'all' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const portal = await startPortal({ databaseUrl, readyTimeoutMs: 180_000, nodeArgs: nodeArgs('portal') });
  const peers = [];
  try {
    const seeded = (await query(databaseUrl, `SELECT 1 FROM users WHERE email = 'few@bench.test'`)).length > 0;
    if (!seeded) await seedLists(databaseUrl, (line) => process.stdout.write(`  ${line}\n`));
    const tokens = await freshTokens();
    const peerOrigins = {};
    for (const script of new Set(wanted.map((s) => SCENARIOS[s].peer))) {
      if (!servers.includes('peer')) break;
      const port = await freePort();
      const handle = startNode(
        script,
        path.join(import.meta.dirname, 'peer', script),
        {
          ...baseEnv(),
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        nodeArgs('peer'),
      );
      peers.push(handle);
      peerOrigins[script] = { handle, origin: `http://127.0.0.1:${port}` };
      await waitForReady(handle, `${peerOrigins[script].origin}/api/ready`, 30_000);
    }
    process.stdout.write(`load average at start ${os.loadavg()[0].toFixed(2)}; ${connections} connections, ${seconds} s each\n`);
    process.stdout.write('scenario  server  cpu ms/req  cpu %   req/s   p50 ms  p99 ms  errors\n');
    for (const name of wanted) {
      const scenario = SCENARIOS[name];
      const headers = scenario.actor ? { authorization: `Bearer ${tokens[scenario.actor]}` } : {};
      const targets = [];
      if (servers.includes('portal')) targets.push(['portal', portal.handle, portal.origin]);
      if (servers.includes('peer')) targets.push(['peer', peerOrigins[scenario.peer].handle, peerOrigins[scenario.peer].origin]);
      for (const [label, handle, origin] of targets) {
        const client = await createClient(origin, connections);
        try {
          const result = await measureServer({
            server: handle,
            client,
            settings: { seconds, warmupSeconds: 2, connections },
            paths: scenario.paths,
            headers,
          });
          process.stdout.write(
            `${name.padEnd(9)} ${label.padEnd(6)}  ${result.serverCpuMsPerRequest.toFixed(4).padStart(10)}  ${String(result.serverCpuPercent).padStart(5)}  ${String(result.requestsPerSecond).padStart(6)}  ${String(result.latencyMs.p50).padStart(6)}  ${String(result.latencyMs.p99).padStart(6)}  ${result.errors}\n`,
          );
        } finally {
          await client.close();
        }
      }
    }
  } finally {
    for (const peer of peers) await peer.stop();
    await portal.stop();
  }
  if (profiled !== '') {
    const newest = fs
      .readdirSync(profileDir)
      .map((f) => path.join(profileDir, f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    process.stdout.write(`profiles (newest first):\n${newest.slice(0, peers.length + 1).join('\n')}\n`);
  }
}

await main();
