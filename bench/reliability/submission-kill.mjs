// Reliability (DESIGN.md §9): kill -9 the portal while citizens submit applications, restart
// it, and count what was lost. `npm run reliability` builds the server, then runs this file.
//
// The run: a fresh PostgreSQL database with the demo data; the super administrator publishes a
// one-field form and an application type numbered by the county council's incoming series; the
// demo citizen creates RELIABILITY_DRAFTS drafts. Then, RELIABILITY_ROUNDS times, a batch of
// submissions is fired concurrently and the portal is killed with SIGKILL a few milliseconds
// into it, and started again. Finally every draft left is submitted normally.
//
// What must hold (read straight from the database):
// - every submission the portal acknowledged (200) is there, with the number it answered;
// - an application has an entry number if and only if it is no longer a draft, and then it has
//   its submission date, its audit entry and its domain event (one each);
// - the numbers of the series in the year are 1…n with no gap and no duplicate, and n is the
//   series' counter: a killed transaction gave back its number;
// - at the end every draft is submitted.
// Exit code 0 when nothing was lost, 1 otherwise (or when a server fails), 2 on bad settings.

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEFAULT_ADMIN_URL, dropDatabase, recreateDatabase } from '../lib/database.mjs';
import { startPortal } from '../lib/portal.mjs';

const DATABASE_NAME = 'ghiseu_reliability';
const PASSWORD = 'Ghiseu!2026';

function setting(key, fallback, min, max) {
  const raw = process.env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    process.stderr.write(`reliability: ${key}=${raw} is invalid (an integer from ${min} to ${max})\n`);
    process.exit(2);
  }
  return value;
}

const settings = {
  drafts: setting('RELIABILITY_DRAFTS', 120, 10, 2000),
  rounds: setting('RELIABILITY_ROUNDS', 3, 1, 20),
  adminUrl: process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL,
};
// The demo accounts and series are seeded only outside production.
const env = { NODE_ENV: 'development', SEED_DEMO: 'true', APP_SECRET: randomBytes(32).toString('hex') };

/** A small API client on the portal's origin (the origin changes with every restart). */
function client(state) {
  return async (method, path, token, body) => {
    const response = await fetch(`${state.origin}/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

async function ok(call, method, path, token, body) {
  const response = await call(method, path, token, body);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body?.data;
}

async function main() {
  const databaseUrl = await recreateDatabase(settings.adminUrl, DATABASE_NAME);
  const state = { portal: null, origin: '' };
  const start = async () => {
    state.portal = await startPortal({ databaseUrl, readyTimeoutMs: 180_000, env });
    state.origin = state.portal.origin;
  };
  const call = client(state);
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await start();
    const superAdmin = (await ok(call, 'POST', '/auth/login', null, { email: 'superadmin@demo.ghiseu.ro', password: PASSWORD }))
      .authToken;
    const citizen = (await ok(call, 'POST', '/auth/login', null, { email: 'citizen@demo.ghiseu.ro', password: PASSWORD }))
      .authToken;

    const form = await ok(call, 'POST', '/forms', superAdmin, {
      name: 'Formular de fiabilitate',
      definition: { fields: [{ type: 'text', key: 'mesaj', label: 'Mesaj' }] },
    });
    await ok(call, 'POST', `/forms/${form.id}/publish`, superAdmin);
    const seriesTypes = await ok(call, 'GET', '/document-series-types?limit=100', superAdmin);
    const incoming = seriesTypes.find((type) => type.name === 'Intrări');
    if (!incoming) throw new Error('the demo series type "Intrări" is missing');
    const type = await ok(call, 'POST', '/application-types', superAdmin, {
      name: 'Cerere de fiabilitate',
      citizen_form_id: form.id,
      series_type_ids: { incoming: incoming.id },
    });

    const drafts = [];
    for (let i = 0; i < settings.drafts; i++) {
      drafts.push((await ok(call, 'POST', '/applications', citizen, { application_type_id: type.id })).id);
    }

    const acknowledged = new Map(); // application id → the number the portal answered
    const committed = new Set(); // submitted before a kill, answer lost
    const perRound = Math.ceil(settings.drafts / (settings.rounds + 1));
    const rounds = [];
    for (let round = 0; round < settings.rounds; round++) {
      const batch = drafts.filter((id) => !acknowledged.has(id) && !committed.has(id)).slice(0, perRound);
      // Somewhere inside the batch: some submissions answered, some committed unanswered, some cut.
      const killAfterMs = 50 + Math.floor(Math.random() * 700);
      const answers = batch.map((id) =>
        call('PUT', `/applications/${id}/send`, citizen)
          .then((response) => {
            if (response.status === 200) acknowledged.set(id, response.body.data.identification_number);
            return response.status;
          })
          .catch(() => 'cut'),
      );
      await sleep(killAfterMs);
      process.kill(state.portal.handle.pid, 'SIGKILL');
      const statuses = await Promise.all(answers);
      await state.portal.stop();
      await start();
      // Committed before the kill although the answer never arrived: kept, numbered, not lost.
      let committedUnanswered = 0;
      for (const [index, id] of batch.entries()) {
        if (statuses[index] === 200) continue;
        const check = await ok(call, 'GET', `/applications/${id}`, citizen);
        if (check.status !== 'DRAFT') {
          committed.add(id);
          committedUnanswered++;
        }
      }
      rounds.push({
        round: round + 1,
        fired: batch.length,
        killAfterMs,
        acknowledged: statuses.filter((s) => s === 200).length,
        committedUnanswered,
        cut: statuses.filter((s) => s === 'cut').length,
      });
    }

    // After the last restart: everything not yet submitted goes through normally.
    for (const id of drafts) {
      const check = await ok(call, 'GET', `/applications/${id}`, citizen);
      if (check.status !== 'DRAFT') continue;
      const sent = await ok(call, 'PUT', `/applications/${id}/send`, citizen);
      acknowledged.set(id, sent.identification_number);
    }

    await db.connect();
    const problems = await verify(db, type.id, drafts, acknowledged);
    for (const row of rounds)
      console.log(
        `round ${row.round}: ${row.fired} submissions fired, killed after ${row.killAfterMs} ms: ` +
          `${row.acknowledged} acknowledged, ${row.committedUnanswered} committed but unanswered, ` +
          `${row.fired - row.acknowledged - row.committedUnanswered} rolled back (${row.cut} connections cut)`,
      );
    console.log(`${drafts.length} applications, ${acknowledged.size} acknowledged in all`);
    if (problems.length === 0) {
      console.log('reliability: nothing lost — numbers contiguous, every acknowledged submission kept, audited and announced');
      return 0;
    }
    for (const problem of problems) console.log(`LOST: ${problem}`);
    return 1;
  } finally {
    await db.end().catch(() => {});
    await state.portal?.stop();
    await dropDatabase(settings.adminUrl, DATABASE_NAME).catch(() => {});
  }
}

async function verify(db, typeId, drafts, acknowledged) {
  const problems = [];
  const { rows } = await db.query(
    `SELECT a.id, a.status, a.identification_number, a.series_id, a.series_index, a.application_date,
            (SELECT count(*)::int FROM audit_log l WHERE l.entity_type = 'application' AND l.entity_id = a.id::text
                AND l.action = 'application.submit') AS audits,
            (SELECT count(*)::int FROM domain_events e WHERE e.entity_type = 'application' AND e.entity_id = a.id
                AND e.type = 'application.submitted') AS events
       FROM applications a WHERE a.application_type_id = $1`,
    [typeId],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of drafts) if (!byId.has(id)) problems.push(`application ${id} is gone`);
  for (const [id, number] of acknowledged) {
    const row = byId.get(id);
    if (row?.identification_number !== number)
      problems.push(`application ${id} was answered ${number}, holds ${row?.identification_number}`);
  }
  for (const row of rows) {
    const numbered = row.identification_number !== null;
    if (numbered !== (row.status !== 'DRAFT'))
      problems.push(`application ${row.id}: status ${row.status}, number ${row.identification_number}`);
    if (numbered && (!row.application_date || row.audits !== 1 || row.events !== 1))
      problems.push(`application ${row.id}: date ${row.application_date}, ${row.audits} audit entries, ${row.events} events`);
    if (row.status === 'DRAFT') problems.push(`application ${row.id} is still a draft at the end`);
  }
  // The whole series in this year (other types may share it): 1…n, each once, n = the counter.
  const seriesIds = [...new Set(rows.map((row) => row.series_id).filter((id) => id !== null))];
  for (const seriesId of seriesIds) {
    const numbers = (
      await db.query(
        `SELECT series_index FROM applications WHERE series_id = $1
            AND extract(year FROM application_date AT TIME ZONE 'Europe/Bucharest') = extract(year FROM now() AT TIME ZONE 'Europe/Bucharest')
          ORDER BY series_index`,
        [seriesId],
      )
    ).rows.map((row) => row.series_index);
    const counter = (
      await db.query(`SELECT max(current_index) AS n FROM document_series_counters WHERE series_id = $1 AND kind = 'main'`, [
        seriesId,
      ])
    ).rows[0].n;
    numbers.forEach((n, index) => {
      if (n !== index + 1) problems.push(`series ${seriesId}: position ${index + 1} holds number ${n}`);
    });
    if (numbers.length !== counter) problems.push(`series ${seriesId}: ${numbers.length} numbers used, counter at ${counter}`);
  }
  return [...new Set(problems)];
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`reliability: ${error.stack ?? error}`);
    process.exit(1);
  },
);
