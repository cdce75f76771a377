// Scenario "staff-inbox": the clerk's work list over a million applications (issue 11).
//
//   GET /api/staff-applications?pagination=true&limit=50&status[eq]=REGISTERED
//       &application_type_id[eq]=<type>&application_date[ge]=<half-way day>&sortKey=-application_date
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
import { APPLICATIONS } from '../lib/seed-lists.mjs';
import { setUp, unloadedMs, verifyIdentical } from './application-lists.mjs';

/** The day half-way through the seeded filing dates (2020-01-01 + g × 90 s): the date filter keeps the newer half. */
const FROM = new Date(Date.UTC(2020, 0, 1) + (APPLICATIONS / 2) * 90_000).toISOString().slice(0, 10);

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
    'GET /api/staff-applications?pagination=true&limit=50 with status, type and filing-date filters, newest filed first, a clerk over 1,000,000 applications',
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
        `&application_date[ge]=${FROM}&sortKey=-application_date`;
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
      const portalResult = await measureServer({
        server: portal.handle,
        client: portalClient,
        settings,
        paths,
        expected,
        headers,
      });
      process.stdout.write(`  loading peer:   ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…\n`);
      const peerResult = await measureServer({ server: peer, client: peerClient, settings, paths, expected, headers });
      portalResult.firstPageUnloadedMs = firstPageMs.portal;
      peerResult.firstPageUnloadedMs = firstPageMs.peer;
      process.stdout.write(
        `  first page, unloaded (median of 5): portal ${firstPageMs.portal} ms, peer ${firstPageMs.peer} ms\n`,
      );
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
  const { pageSql, countSql, values, INBOX } = await import('../peer/staff-peer-sql.mjs');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const args = values({ organisationId: seed.organisationId, status: 'REGISTERED', typeId: seed.typeIds[1], from: FROM });
    // Other shapes of the staff list and the counters, written as the portal's SQL reads them.
    const scope = `organisation_id = $1 AND status IN (${INBOX.map((s) => `'${s}'`).join(', ')}) AND application_date IS NOT NULL`;
    const inWork = INBOX.filter((s) => s !== 'NEW')
      .map((s) => `'${s}'`)
      .join(', ');
    const mine =
      '(assignee_user_id = $2 OR current_function_id = ANY(ARRAY(SELECT function_id FROM user_functions WHERE user_id = $2)))';
    const toReview =
      '(reviewer_user_id = $2 OR id = ANY(ARRAY(SELECT c.application_id FROM application_consultations c WHERE c.consultant_user_id = $2 AND c.answered_at IS NULL)))';
    const other = [
      [
        'inbox, default sort (newest filed first)',
        `SELECT id FROM applications WHERE ${scope} ORDER BY application_date DESC, id LIMIT 50`,
        [seed.organisationId],
      ],
      [
        'overdue filter',
        `SELECT id FROM applications WHERE ${scope} AND (status IN (${inWork}) AND response_due_date < coalesce((clock_paused_at AT TIME ZONE 'Europe/Bucharest')::date, (now() AT TIME ZONE 'Europe/Bucharest')::date)) ORDER BY application_date DESC, id LIMIT 50`,
        [seed.organisationId],
      ],
      [
        'entry number contains',
        `SELECT id FROM applications WHERE ${scope} AND lower(f_unaccent(identification_number)) LIKE lower(f_unaccent('%-4242%')) ORDER BY application_date DESC, id LIMIT 50`,
        [seed.organisationId],
      ],
      [
        'counter: assigned',
        `SELECT count(*)::int FROM applications WHERE ${scope} AND ${mine}`,
        [seed.organisationId, seed.assignee],
      ],
      [
        'counter: to review',
        `SELECT count(*)::int FROM applications WHERE ${scope} AND ${toReview}`,
        [seed.organisationId, seed.assignee],
      ],
    ];
    for (const [name, text, extra] of [
      ['page', pageSql({ field: 'application_date', descending: true, skip: 0 }), [...args, 50]],
      ['page sorted by due date', pageSql({ field: 'response_due_date', descending: false, skip: 0 }), [...args, 50]],
      ['count', `select count(*)::int as n from ((${countSql}) limit $${args.length + 1}) as capped`, [...args, 10_001]],
      ...other,
    ]) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, extra);
      process.stdout.write(`  plan of the ${name}:\n${rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}\n`);
    }
  } finally {
    await client.end();
  }
}
