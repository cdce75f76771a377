// Scenario "staff-inbox": the clerk's work list over a million applications (issue 11).
//
//   GET /api/staff-applications?pagination=true&limit=50&status[eq]=REGISTERED
//       &application_type_id[eq]=<type>&application_date[ge]=2021-01-01&sortKey=response_due_date
//
// A clerk who sees every application of the organisation (CAN_VIEW_ORGANISATIONS_APPLICATIONS
// through a function) lists 50 of the inbox with three filters and a sort, with the total. The
// data is the list scenarios' (bench/lib/seed-lists.mjs: 1,000,000 applications of one
// organisation, three quarters registered with a due date); the peer (bench/peer/staff-peer.mjs)
// runs the same SQL text and builds the same body with the same domain rules (abilities, legal
// clock), bundled from packages/domain with esbuild. BENCH_EXPLAIN=1 prints the page's plan
// (EXPLAIN ANALYZE, BUFFERS) before loading.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient, measureServer, portalToPeerRatios } from '../lib/load.mjs';
import { baseEnv, REPO_ROOT } from '../lib/portal.mjs';
import { freePort, startNode, waitForReady } from '../lib/processes.mjs';
import { setUp, unloadedMs, verifyIdentical } from './application-lists.mjs';

/** packages/domain as one ES module for the peer (the portal's esbuild bundles it the same way). */
async function bundleDomain() {
  const esbuild = await import(path.join(REPO_ROOT, 'node_modules/esbuild/lib/main.js'));
  const build = esbuild.build ?? esbuild.default.build;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ghiseu-bench-domain-'));
  const outfile = path.join(dir, 'domain.mjs');
  await build({
    entryPoints: [path.join(REPO_ROOT, 'packages/domain/src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
    nodePaths: [path.join(REPO_ROOT, 'node_modules')],
  });
  return { outfile, dir };
}

export const staffInbox = {
  name: 'staff-inbox',
  description:
    'GET /api/staff-applications?pagination=true&limit=50 with status, type and date filters sorted by due date, a clerk over 1,000,000 applications',
  async run({ portal, databaseUrl, settings, track }) {
    const { seed } = await setUp({ databaseUrl, track });
    const domain = await bundleDomain();
    const peerPort = await freePort();
    const peer = startNode('staff-peer', path.join(import.meta.dirname, '../peer/staff-peer.mjs'), {
      ...baseEnv(),
      DATABASE_URL: databaseUrl,
      PORT: String(peerPort),
      HOST: '127.0.0.1',
      DOMAIN_BUNDLE: domain.outfile,
    });
    track(peer);
    const origin = `http://127.0.0.1:${peerPort}`;
    const portalClient = await createClient(portal.origin, settings.connections);
    const peerClient = await createClient(origin, settings.connections);
    try {
      await waitForReady(peer, `${origin}/api/ready`, 30_000);
      const headers = { authorization: `Bearer ${seed.tokens.clerk}` };
      const firstPage =
        `/api/staff-applications?pagination=true&limit=50&status[eq]=REGISTERED&application_type_id[eq]=${seed.typeIds[1]}` +
        '&application_date[ge]=2021-01-01&sortKey=response_due_date';
      const paths = [firstPage, `${firstPage}&skip=50`];
      const expected = await verifyIdentical(portalClient, peerClient, paths, headers);
      const total = JSON.parse(expected.get(firstPage)).pagination;
      process.stdout.write(
        `  bodies identical for the first two pages (total ${total.total}${total.total_estimated ? ', estimated' : ''})\n`,
      );
      if (process.env.BENCH_EXPLAIN === '1') await explain(databaseUrl, seed);
      const firstPageMs = {
        portal: await unloadedMs(portalClient, firstPage, headers),
        peer: await unloadedMs(peerClient, firstPage, headers),
      };
      process.stdout.write(`  loading portal: ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…\n`);
      const portalResult = await measureServer({ server: portal.handle, client: portalClient, settings, paths, expected, headers });
      process.stdout.write(`  loading peer:   ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…\n`);
      const peerResult = await measureServer({ server: peer, client: peerClient, settings, paths, expected, headers });
      portalResult.firstPageUnloadedMs = firstPageMs.portal;
      peerResult.firstPageUnloadedMs = firstPageMs.peer;
      process.stdout.write(`  first page, unloaded (median of 5): portal ${firstPageMs.portal} ms, peer ${firstPageMs.peer} ms\n`);
      return {
        scenario: 'staff-inbox',
        description: staffInbox.description,
        request: { loadTerms: paths, total },
        client: portalClient.name,
        portal: portalResult,
        peer: peerResult,
        ratios: portalToPeerRatios(portalResult, peerResult),
      };
    } finally {
      await portalClient.close();
      await peerClient.close();
      fs.rmSync(domain.dir, { recursive: true, force: true });
    }
  },
};

/** The page's and the count's plans, as docs/perf-lists.md shows them. */
async function explain(databaseUrl, seed) {
  const { pageSql, countSql, values } = await import('../peer/staff-peer-sql.mjs');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const args = values({ organisationId: seed.organisationId, status: 'REGISTERED', typeId: seed.typeIds[1], from: '2021-01-01' });
    for (const [name, text, extra] of [
      ['page', pageSql({ descending: false, skip: 0 }), [50]],
      ['count', `select count(*)::int as n from ((${countSql}) limit $${args.length + 1}) as capped`, [10_001]],
    ]) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, [...args, ...extra]);
      process.stdout.write(`  plan of the ${name}:\n${rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}\n`);
    }
  } finally {
    await client.end();
  }
}
