// Scenarios "application-list-*" and "enrollment-inbox": lists over a million rows (issue 8).
//
//   application-list-few   GET /api/applications?pagination=true   a citizen with 200 of 1,000,000 applications
//   application-list-many  GET /api/applications?pagination=true   a citizen with 100,000 of them
//   enrollment-inbox       GET /api/enrollments?status=pending&pagination=true   an organisation
//                          administrator's review inbox over 1,000,000 enrolment requests
//
// The staff applications inbox (GET /staff-applications) has its own scenario on the same data:
// scenarios/staff-inbox.mjs.
//
// The first scenario seeds the data once (bench/lib/seed-lists.mjs, generate_series) and starts
// the peer (bench/peer/list-peer.mjs) that the three share. Each checks byte-identical bodies
// for its first page and the next one, then loads portal and peer one after the other. The
// first-page latency of each server, unloaded (median of 5), is reported too.

import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, measureServer, portalToPeerRatios } from '../lib/load.mjs';
import { baseEnv } from '../lib/portal.mjs';
import { BenchFailure, freePort, startNode, waitForReady } from '../lib/processes.mjs';
import { APPLICATIONS, ENROLLMENTS, seedLists } from '../lib/seed-lists.mjs';

let shared = null;

/** Seeds once and starts the peer once for the three scenarios (and the staff inbox's data). */
export function setUp({ databaseUrl, track }) {
  shared ??= (async () => {
    process.stdout.write(
      `  seeding ${APPLICATIONS.toLocaleString('en-US')} applications and ${ENROLLMENTS.toLocaleString('en-US')} enrolments…\n`,
    );
    const seed = await seedLists(databaseUrl, (line) => process.stdout.write(`    ${line}\n`));
    const peerPort = await freePort();
    const peer = startNode('peer', path.join(import.meta.dirname, '../peer/list-peer.mjs'), {
      ...baseEnv(),
      DATABASE_URL: databaseUrl,
      PORT: String(peerPort),
      HOST: '127.0.0.1',
    });
    track(peer);
    const origin = `http://127.0.0.1:${peerPort}`;
    await waitForReady(peer, `${origin}/api/ready`, 30_000);
    return { seed, peer, origin };
  })();
  return shared;
}

export async function verifyIdentical(portalClient, peerClient, paths, headers) {
  const expected = new Map();
  for (const requestPath of paths) {
    const [fromPortal, fromPeer] = await Promise.all([
      portalClient.get(requestPath, headers),
      peerClient.get(requestPath, headers),
    ]);
    if (fromPortal.status !== 200 || fromPeer.status !== 200 || fromPortal.body !== fromPeer.body) {
      let at = 0;
      while (at < fromPortal.body.length && fromPortal.body[at] === fromPeer.body[at]) at++;
      const around = (body) => JSON.stringify(body.slice(Math.max(0, at - 80), at + 80));
      throw new BenchFailure(
        `verification failed for ${requestPath}: status portal ${fromPortal.status}, peer ${fromPeer.status}; bodies differ at ${at}\n` +
          `portal (${fromPortal.body.length} chars): …${around(fromPortal.body)}…\n` +
          `peer   (${fromPeer.body.length} chars): …${around(fromPeer.body)}…`,
      );
    }
    if (JSON.parse(fromPortal.body).data.length === 0) throw new BenchFailure(`verification failed for ${requestPath}: no rows`);
    expected.set(requestPath, fromPortal.body);
  }
  return expected;
}

/** Median of 5 sequential requests on an otherwise idle server: "the first page in under 50 ms". */
export async function unloadedMs(client, requestPath, headers) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await client.get(requestPath, headers);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Number(times[2].toFixed(2));
}

function scenario(name, description, actor, firstPage) {
  return {
    name,
    description,
    async run({ portal, databaseUrl, settings, track }) {
      const { seed, peer, origin } = await setUp({ databaseUrl, track });
      const headers = { authorization: `Bearer ${seed.tokens[actor]}` };
      const paths = [firstPage, `${firstPage}&skip=20`];
      const portalClient = await createClient(portal.origin, settings.connections);
      const peerClient = await createClient(origin, settings.connections);
      try {
        const expected = await verifyIdentical(portalClient, peerClient, paths, headers);
        const total = JSON.parse(expected.get(firstPage)).pagination;
        process.stdout.write(
          `  bodies identical for ${paths.join(', ')} (total ${total.total}${total.total_estimated ? ', estimated' : ''})\n`,
        );
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
          scenario: name,
          description,
          request: { loadTerms: paths, total },
          client: portalClient.name,
          portal: portalResult,
          peer: peerResult,
          ratios: portalToPeerRatios(portalResult, peerResult),
        };
      } finally {
        await portalClient.close();
        await peerClient.close();
      }
    },
  };
}

export const applicationListFew = scenario(
  'application-list-few',
  'GET /api/applications?pagination=true, a citizen with 200 of 1,000,000 applications',
  'few',
  '/api/applications?pagination=true',
);
export const applicationListMany = scenario(
  'application-list-many',
  'GET /api/applications?pagination=true, a citizen with 100,000 of 1,000,000 applications',
  'many',
  '/api/applications?pagination=true',
);
export const enrollmentInbox = scenario(
  'enrollment-inbox',
  'GET /api/enrollments?status=pending&pagination=true, an administrator over 1,000,000 enrolment requests',
  'admin',
  '/api/enrollments?status=pending&pagination=true',
);
