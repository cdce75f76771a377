// Scenario "territory-list": the locality autocomplete of every address form.
//
//   GET /api/localities?parent_id=261&search=<term>&limit=20
//
// A public, read-only, small-result list (county 261 is Mureș: 102 UATs, at most 20 returned)
// whose SQL is a cheap indexed query. That makes it the purest available price tag for the
// portal's per-request platform work (routing, zod validation, auth guard hook, rate limiter,
// helmet headers, list-query parsing, drizzle, zod serialisation) compared with a bare
// node:http + pg peer running the same SQL (bench/peer/territory-peer.mjs).

import path from 'node:path';
import { freePort, startNode, waitForReady, BenchFailure } from '../lib/processes.mjs';
import { createClient, measureServer, portalToPeerRatios } from '../lib/load.mjs';
import { baseEnv } from '../lib/portal.mjs';

export const name = 'territory-list';
export const description = 'GET /api/localities?parent_id=261&search=<term>&limit=20 (public UAT autocomplete)';

const COUNTY_ID = 261;
/** The load mix: a long prefix, a short one, a one-letter one and no search at all. */
const LOAD_TERMS = ['targu', 'sig', 'r', ''];
/** Checked for identical bodies before measuring: the load terms plus diacritics and a LIKE wildcard. */
const VERIFY_TERMS = [...LOAD_TERMS, 'Târgu Mureș', 'ŞIG', 'nu_există%'];

const pathFor = (term) => `/api/localities?parent_id=${COUNTY_ID}&search=${encodeURIComponent(term)}&limit=20`;

/** Fails the run if the peer does not answer exactly like the portal: otherwise the ratio means nothing. */
async function verifyIdentical(portalClient, peerClient) {
  const expected = new Map();
  for (const term of VERIFY_TERMS) {
    const requestPath = pathFor(term);
    const [fromPortal, fromPeer] = await Promise.all([portalClient.get(requestPath), peerClient.get(requestPath)]);
    if (fromPortal.status !== 200 || fromPeer.status !== 200) {
      throw new BenchFailure(
        `verification failed for ${requestPath}: status portal ${fromPortal.status}, peer ${fromPeer.status}\n` +
          `portal: ${fromPortal.body.slice(0, 300)}\npeer:   ${fromPeer.body.slice(0, 300)}`,
      );
    }
    if (fromPortal.body !== fromPeer.body) {
      let at = 0;
      while (fromPortal.body[at] === fromPeer.body[at]) at++;
      const around = (body) => JSON.stringify(body.slice(Math.max(0, at - 60), at + 60));
      throw new BenchFailure(
        `verification failed for ${requestPath}: bodies differ at character ${at}\n` +
          `portal (${fromPortal.body.length} chars): …${around(fromPortal.body)}…\n` +
          `peer   (${fromPeer.body.length} chars): …${around(fromPeer.body)}…`,
      );
    }
    const count = JSON.parse(fromPortal.body).data.length;
    if (LOAD_TERMS.includes(term) && count === 0) {
      // A load term that matches nothing would benchmark an empty list; the data is not what we think.
      throw new BenchFailure(`verification failed for ${requestPath}: no rows (is the reference data seeded?)`);
    }
    expected.set(requestPath, fromPortal.body);
  }
  return expected;
}

/**
 * @param {{ portal: { handle, origin }, databaseUrl: string, settings: object, track: (handle) => void }} context
 */
export async function run({ portal, databaseUrl, settings, track }) {
  const peerPort = await freePort();
  const peer = startNode('peer', path.join(import.meta.dirname, '../peer/territory-peer.mjs'), {
    ...baseEnv(),
    DATABASE_URL: databaseUrl,
    PORT: String(peerPort),
    HOST: '127.0.0.1',
  });
  track(peer);
  const peerOrigin = `http://127.0.0.1:${peerPort}`;
  await waitForReady(peer, `${peerOrigin}/api/ready`, 30_000);

  const portalClient = await createClient(portal.origin, settings.connections);
  const peerClient = await createClient(peerOrigin, settings.connections);
  try {
    const expected = await verifyIdentical(portalClient, peerClient);
    process.stdout.write(
      `  bodies identical for ${VERIFY_TERMS.length} terms (${VERIFY_TERMS.map((t) => JSON.stringify(t)).join(', ')})\n`,
    );

    // One after the other, never at the same time: each server gets the whole machine.
    process.stdout.write(`  loading portal: ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…\n`);
    const portalResult = await measureServer({
      server: portal.handle,
      client: portalClient,
      settings,
      paths: LOAD_TERMS.map(pathFor),
      expected,
    });
    process.stdout.write(`  loading peer:   ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…\n`);
    const peerResult = await measureServer({
      server: peer,
      client: peerClient,
      settings,
      paths: LOAD_TERMS.map(pathFor),
      expected,
    });
    return {
      scenario: name,
      description,
      request: {
        pathTemplate: `/api/localities?parent_id=${COUNTY_ID}&search=<term>&limit=20`,
        loadTerms: LOAD_TERMS,
        verifiedTerms: VERIFY_TERMS,
      },
      client: portalClient.name,
      portal: portalResult,
      peer: peerResult,
      ratios: portalToPeerRatios(portalResult, peerResult),
    };
  } finally {
    await portalClient.close();
    await peerClient.close();
    await peer.stop();
  }
}
