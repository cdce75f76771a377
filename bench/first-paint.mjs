// First paint of the web app (issue 8): Lighthouse 12 (mobile preset: Moto G Power viewport,
// simulated slow 4G and 4× CPU slowdown) on the public pages and on two signed-in pages of the
// built portal, with Debian's Chromium. `npm run bench:web` builds first; `node bench/first-paint.mjs`
// uses apps/web/dist and apps/server/dist as they are.
//
// One run: start the built portal on a free loopback port with a temporary DATA_DIR (embedded
// database, demo accounts on), sign the demo citizen in through the API, start Chromium, put the
// session token where the web app keeps it (localStorage `token`), audit each page cold (Lighthouse
// clears the HTTP cache before each page, not localStorage), print a table, write
// bench/results/first-paint.json, stop Chromium and the portal.
//
// Exit code: 0 when every page was audited, whatever the scores (a benchmark reports); 1 when the
// portal or Chromium fails, or a page cannot be audited.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { baseEnv, PORTAL_MAIN, REPO_ROOT } from './lib/portal.mjs';
import { BenchFailure, freePort, startNode, waitForReady } from './lib/processes.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'first-paint.json');
const READY_TIMEOUT_MS = 240_000; // a new embedded database: migrations, PostGIS, SIRUTA and demo seed
const DEMO_ACCOUNT = { email: 'citizen@demo.ghiseu.ro', password: 'Ghiseu!2026' };

/**
 * The pages audited: the public sign-in, sign-up and status pages, and two signed-in pages.
 * The issue measured /login and /register; they are not routes of the portal (spec §2 lists
 * /auth/signin and /auth/signup, and any unknown path shows the 404 page), so the pages it meant
 * are audited under their real addresses.
 * /qr/1 shows the first step of the public status page (the phone form); it calls no API.
 */
const PAGES = [
  { path: '/auth/signin', signedIn: false },
  { path: '/auth/signup', signedIn: false },
  { path: '/qr/1', signedIn: false },
  { path: '/home', signedIn: true },
  { path: '/applications', signedIn: true },
];

/**
 * Runs per page (FIRST_PAINT_RUNS, 1–5, default 2): Lighthouse's simulated 4× CPU slowdown on a
 * shared machine makes the blocking time noisy, so each page is audited that many times and the
 * run with the best performance score is kept (the table says how many runs were made).
 */
const RUNS = Number(process.env.FIRST_PAINT_RUNS ?? 2);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 5) {
  process.stderr.write(`first-paint: FIRST_PAINT_RUNS must be an integer from 1 to 5, not ${process.env.FIRST_PAINT_RUNS}\n`);
  process.exit(2);
}

/** Chromium's flags on these machines (shared/notes/stack.md); headless, no sandbox as root. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-dev-shm-usage',
  '--remote-debugging-address=127.0.0.1',
  '--remote-debugging-port=0',
];

/** Starts Chromium with a throw-away profile; resolves with its DevTools port once it listens. */
function startChromium(profileDir) {
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const port = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchFailure(`Chromium did not start within 30 s:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      output = (output + chunk.toString()).slice(-16_384);
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new BenchFailure(`Chromium exited (code ${code}, signal ${signal}):\n${output}`));
    });
  });
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The demo citizen's session token, from the sign-in API. */
async function signIn(origin) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ACCOUNT),
  });
  const body = await response.json().catch(() => null);
  const token = body?.data?.authToken;
  if (response.status !== 200 || !token) throw new BenchFailure(`sign-in of ${DEMO_ACCOUNT.email} failed: ${response.status}`);
  return token;
}

/** Sets (or removes) the web app's session token in the browser's default profile. */
async function setStoredToken(debuggingPort, origin, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    // A file of the origin that is no page of the app: the app must not start and use the token.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((value) => {
      if (value === null) window.localStorage.removeItem('token');
      else window.localStorage.setItem('token', value);
    }, token);
    await page.close();
  } finally {
    await browser.close();
  }
}

const KIB = 1024;
const FIRST_LOAD_TYPES = new Set(['Document', 'Script', 'Stylesheet']);

/**
 * The first load's HTML, JS and CSS of the page's origin: bytes on the wire (Lighthouse's transfer
 * sizes: the encoding the server chose, headers included) and gzip -9 of each body, the figure the
 * issue states (it compares whatever the server sends today with a compressed load).
 */
async function firstLoadBytes(lhr, origin) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const ours = items.filter((item) => item.url.startsWith(origin) && FIRST_LOAD_TYPES.has(item.resourceType));
  let transferred = 0;
  let gzip = 0;
  let raw = 0;
  for (const item of ours) {
    transferred += item.transferSize ?? 0;
    const response = await fetch(item.url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  return {
    requests: ours.length,
    transferredKib: round(transferred / KIB),
    gzipKib: round(gzip / KIB),
    rawKib: round(raw / KIB),
  };
}

const round = (value, digits = 1) => Number(value.toFixed(digits));

/** One Lighthouse run; a run that fails to record its trace (it happens now and then) is tried again. */
async function runLighthouse(debuggingPort, url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      // Lighthouse's default configuration is the mobile preset.
      undefined,
    );
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const reason = lhr ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result';
    if (attempt >= attempts) throw new BenchFailure(`Lighthouse failed on ${url}: ${reason}`);
    process.stdout.write(`first-paint: ${reason}; again\n`);
  }
}

async function audit(debuggingPort, url) {
  const lhr = await runLighthouse(debuggingPort, url);
  const ms = (id) => round(lhr.audits[id]?.numericValue ?? Number.NaN, 0);
  // Failed accessibility audits that count in the score (weight 0 ones are informative only).
  const failedAccessibility = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    lhr,
    figures: {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
      failedAccessibility: failedAccessibility.join(' ') || undefined,
      finalUrl: lhr.finalDisplayedUrl,
    },
  };
}

function printTable(rows) {
  const header = ['page', 'perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'requests', 'wire KiB', 'gzip KiB'];
  const cells = rows.map((r) => [
    `${r.page}${r.signedIn ? ' (signed in)' : ''}`,
    String(r.performance),
    String(r.accessibility),
    String(r.fcpMs),
    String(r.lcpMs),
    String(r.tbtMs),
    String(r.cls),
    String(r.firstLoad.requests),
    r.firstLoad.transferredKib.toFixed(1),
    r.firstLoad.gzipKib.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const format = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const lines = [format(header), format(widths.map((w) => '-'.repeat(w))), ...cells.map(format)];
  for (const r of rows) if (r.failedAccessibility) lines.push(`${r.page}: failed accessibility audits: ${r.failedAccessibility}`);
  lines.push(`perf: the best of ${RUNS} run${RUNS === 1 ? '' : 's'} per page (all runs in the JSON's performanceRuns)`);
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

async function main() {
  for (const [file, hint] of [
    [PORTAL_MAIN, 'npm run build'],
    [WEB_INDEX, 'npm run build'],
    [CHROMIUM, 'apt-get install chromium'],
  ]) {
    if (!fs.existsSync(file)) {
      process.stderr.write(`first-paint: ${file} not found (${hint})\n`);
      process.exit(1);
    }
  }
  const loadAverageAtStart = round(os.loadavg()[0], 2);
  const tempDirs = [];
  const tempDir = (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    tempDirs.push(dir);
    return dir;
  };
  let portal = null;
  let browser = null;
  let cleaning = null;
  const cleanup = () => {
    cleaning ??= (async () => {
      if (browser) await browser.stop().catch(() => {});
      if (portal) await portal.stop().catch(() => {});
      for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      process.stderr.write(`\nfirst-paint: ${signal}, cleaning up…\n`);
      cleanup().finally(() => process.exit(130));
    });
  }
  // A hard bound on the whole run: start-up plus about a minute per page.
  const budgetMs = READY_TIMEOUT_MS + PAGES.length * RUNS * 90_000;
  setTimeout(() => {
    process.stderr.write(`first-paint: still running after ${Math.round(budgetMs / 1000)} s, giving up\n`);
    cleanup().finally(() => process.exit(1));
  }, budgetMs).unref();

  let exitCode = 0;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    process.stdout.write(
      `first-paint: load average at start ${loadAverageAtStart}; starting the built portal (new embedded database with the demo data)…\n`,
    );
    const started = Date.now();
    portal = startNode('portal', PORTAL_MAIN, {
      ...baseEnv(),
      // Development mode: the demo accounts are refused in production.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: tempDir('ghiseu-first-paint-'),
      SEED_DEMO: 'true',
      DEV_OUTBOX: 'false',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'warn',
      APP_SECRET: randomBytes(32).toString('hex'),
    });
    await waitForReady(portal, `${origin}/api/ready`, READY_TIMEOUT_MS);
    process.stdout.write(`first-paint: portal ready at ${origin} in ${round((Date.now() - started) / 1000)} s\n`);
    const token = await signIn(origin);

    browser = startChromium(tempDir('ghiseu-first-paint-chromium-'));
    const debuggingPort = await browser.port;
    const rows = [];
    let browserVersion = 'Chromium';
    let signedIn = null;
    for (const page of PAGES) {
      if (signedIn !== page.signedIn) {
        await setStoredToken(debuggingPort, origin, page.signedIn ? token : null);
        signedIn = page.signedIn;
      }
      process.stdout.write(`first-paint: auditing ${page.path}${page.signedIn ? ' (signed in)' : ''}…\n`);
      let best = null;
      const scores = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await audit(debuggingPort, `${origin}${page.path}`);
        scores.push(result.figures.performance);
        if (!best || result.figures.performance > best.figures.performance) best = result;
      }
      const { lhr, figures } = best;
      browserVersion = /(HeadlessChrome|Chrome)\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? browserVersion;
      const finalPath = new URL(figures.finalUrl).pathname;
      if (page.signedIn && finalPath.startsWith('/auth/'))
        throw new BenchFailure(`${page.path} was sent to ${finalPath}: not signed in`);
      rows.push({
        page: page.path,
        signedIn: page.signedIn,
        ...figures,
        performanceRuns: scores,
        finalUrl: undefined,
        finalPath,
        firstLoad: await firstLoadBytes(lhr, origin),
      });
    }
    printTable(rows);
    const document = {
      tool: `lighthouse ${lighthouseVersion()} (mobile preset, simulated throttling), ${browserVersion}`,
      date: new Date().toISOString(),
      machine: { node: process.version, cpus: os.cpus().length, loadAverage1mAtStart: loadAverageAtStart },
      runsPerPage: RUNS,
      pages: rows,
    };
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    // The runs' scores on one line, as the repository's formatter writes short arrays.
    const json = JSON.stringify(document, null, 2).replace(
      /"performanceRuns": \[([\d,\s]*)\]/g,
      (_, scores) =>
        `"performanceRuns": [${scores
          .split(/[\s,]+/)
          .filter(Boolean)
          .join(', ')}]`,
    );
    fs.writeFileSync(RESULTS_FILE, `${json}\n`);
    process.stdout.write(`results written to ${path.relative(process.cwd(), RESULTS_FILE)}\n`);
    if (loadAverageAtStart > os.cpus().length / 2) {
      process.stdout.write(
        `first-paint: warning: the machine was busy at start (load ${loadAverageAtStart}); TBT and scores are noisy\n`,
      );
    }
  } catch (error) {
    exitCode = 1;
    process.stderr.write(`\nfirst-paint FAILED: ${error instanceof BenchFailure ? error.message : (error.stack ?? error)}\n`);
  } finally {
    await cleanup();
  }
  process.exit(exitCode);
}

function lighthouseVersion() {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8'));
  return manifest.version;
}

await main();
