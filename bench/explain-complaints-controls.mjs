// The plans of the complaints and controls lists at a million rows each (issue 15; the rule of
// docs/perf-lists.md: every list has the indexes its filters and sorts need, checked with
// EXPLAIN on a million rows).
//
// One run: recreate the database `bench_complaints`, start the built portal on it with the demo
// data (it migrates and seeds), add 1,000,000 complaints and 1,000,000 controls to the demo
// county council with generate_series, VACUUM ANALYZE, turn auto_explain on for the database,
// restart the portal (its new connections load auto_explain), call each list as the demo clerk,
// the demo citizen and the super administrator, and print the plan PostgreSQL logged for every
// statement of each call with its time. The plans are read from the PostgreSQL server log
// (PG_LOG, default Debian's /var/log/postgresql/postgresql-15-main.log).
//
//   npm run build -w @ghiseu/server && node bench/explain-complaints-controls.mjs
//
// Environment: BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_LIST_ROWS (default 1,000,000), PG_LOG.

import fs from 'node:fs';
import pg from 'pg';
import { DEFAULT_ADMIN_URL, dropDatabase, recreateDatabase, withDatabase } from './lib/database.mjs';
import { startPortal } from './lib/portal.mjs';

const ADMIN_URL = process.env.BENCH_ADMIN_URL || DEFAULT_ADMIN_URL;
const DATABASE = 'bench_complaints';
const ROWS = Number(process.env.BENCH_LIST_ROWS) > 0 ? Number(process.env.BENCH_LIST_ROWS) : 1_000_000;
const PG_LOG = process.env.PG_LOG || '/var/log/postgresql/postgresql-15-main.log';
const PASSWORD = 'Ghiseu!2026';
/** The demo accounts are refused in production: the portal runs as in development (same code paths). */
const DEMO_ENV = { SEED_DEMO: 'true', NODE_ENV: 'development' };

/** The calls whose plans are checked: each list's default page, its filters and its search. */
const CALLS = [
  ['staff', '/api/complaints?pagination=true&limit=20'],
  ['staff', '/api/complaints?pagination=true&limit=20&status[eq]=PENDING'],
  ['staff', '/api/complaints?pagination=true&limit=20&complaint_type_id[eq]={complaintType}'],
  ['staff', '/api/complaints?pagination=true&limit=20&solver_user_id[eq]={staffId}'],
  ['staff', '/api/complaints?pagination=true&limit=20&created_at[ge]=2026-01-01&created_at[lt]=2026-02-01'],
  ['staff', '/api/complaints?pagination=true&limit=20&orLikeQuery=B-999'],
  ['citizen', '/api/complaints?pagination=true&limit=20'],
  ['super', '/api/complaints?pagination=true&limit=20'],
  ['staff', '/api/controls?pagination=true&limit=20'],
  ['staff', '/api/controls?pagination=true&limit=20&status[eq]=registered'],
  ['staff', '/api/controls?pagination=true&limit=20&control_type_id[eq]={controlType}'],
  ['staff', '/api/controls?pagination=true&limit=20&uat_id[eq]={uatId}'],
  ['staff', '/api/controls?pagination=true&limit=20&control_date[ge]=2026-01-01&control_date[lt]=2026-02-01'],
  ['staff', '/api/controls?pagination=true&limit=20&orLikeQuery=C-999'],
  ['staff', '/api/controls/complaint-options?search=B-9999'],
];

const log = (line) => process.stdout.write(`${line}\n`);

async function one(client, text, values) {
  return (await client.query(text, values)).rows[0];
}

/** A million complaints and a million controls in the demo county council (the clerk's organisation). */
async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const staff = await one(client, `SELECT id, organisation_id FROM users WHERE email = 'staff@demo.ghiseu.ro'`);
    const citizen = await one(client, `SELECT id FROM users WHERE email = 'citizen@demo.ghiseu.ro'`);
    const complaint = await one(
      client,
      'SELECT uat_id, complaint_type_id FROM complaints WHERE organisation_id = $1 ORDER BY id LIMIT 1',
      [staff.organisation_id],
    );
    const types = (
      await client.query(`SELECT id FROM complaint_types WHERE organisation_id = $1 ORDER BY id`, [staff.organisation_id])
    ).rows.map((r) => r.id);
    const controlTypes = (
      await client.query(`SELECT id FROM control_types WHERE organisation_id = $1 ORDER BY id`, [staff.organisation_id])
    ).rows.map((r) => r.id);
    const { first: reporter0 } = await one(
      client,
      `WITH made AS (
         INSERT INTO users (email, first_name, last_name, user_type)
         SELECT 'reclamant' || g || '@bench.test', 'Ion', 'Popescu' || g, 'citizen' FROM generate_series(1, 5000) g
         RETURNING id)
       SELECT min(id) AS first FROM made`,
    );
    const started = Date.now();
    // 200 of the million are the demo citizen's (a citizen's own list); 10 % are the clerk's to solve.
    await client.query(
      `INSERT INTO complaints (organisation_id, complaint_type_id, reporter_user_id, entry_code, status, uat_id,
         address, description, contact_name, solver_user_id, created_at, updated_at)
       SELECT $1, ($2::int[])[1 + g % array_length($2::int[], 1)],
              CASE WHEN g % 5000 = 0 THEN $3::int ELSE $4::int + g % 5000 END,
              'B-' || g, (ARRAY['NEW','PENDING','RESOLVED','REJECTED','DISMISSED'])[1 + g % 5], $5,
              'Str. Lungă nr. ' || g, 'Gunoi nestrâns de ' || (g % 30) || ' zile', 'Ion Popescu',
              CASE WHEN g % 10 = 0 THEN $6::int ELSE NULL END,
              timestamptz '2025-01-01' + (g * interval '37 seconds'), now()
       FROM generate_series(1, $7) g`,
      [staff.organisation_id, types, citizen.id, reporter0, complaint.uat_id, staff.id, ROWS],
    );
    await client.query(
      `INSERT INTO controls (organisation_id, control_type_id, entry_code, status, control_date, uat_id, address,
         cadastral_number, created_by, created_at, updated_at)
       SELECT $1, ($2::int[])[1 + g % array_length($2::int[], 1)], 'C-' || g,
              (ARRAY['draft','registered','resolved','closed','generated','error'])[1 + g % 6],
              date '2020-01-01' + (g % 2500), $3, 'Str. Scurtă nr. ' || g, (100000 + g)::text, $4, now(), now()
       FROM generate_series(1, $5) g`,
      [staff.organisation_id, controlTypes, complaint.uat_id, staff.id, ROWS],
    );
    await client.query('VACUUM ANALYZE complaints');
    await client.query('VACUUM ANALYZE controls');
    await client.query('VACUUM ANALYZE users');
    log(`seeded ${ROWS} complaints and ${ROWS} controls in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // Every new connection of the portal logs the plan of every statement it runs.
    await client.query(`ALTER DATABASE ${DATABASE} SET session_preload_libraries = 'auto_explain'`);
    await client.query(`ALTER DATABASE ${DATABASE} SET auto_explain.log_min_duration = 0`);
    await client.query(`ALTER DATABASE ${DATABASE} SET auto_explain.log_analyze = on`);
    await client.query(`ALTER DATABASE ${DATABASE} SET auto_explain.log_buffers = on`);
    return {
      staffId: staff.id,
      uatId: complaint.uat_id,
      complaintType: types[0],
      controlType: controlTypes[0],
    };
  } finally {
    await client.end();
  }
}

async function signIn(origin, email) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = await response.json();
  const token = body.data?.authToken;
  if (!token) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return token;
}

/** The plans logged since `offset`, with their durations (auto_explain's "duration: … plan:"). */
function plansSince(offset) {
  const text = fs.readFileSync(PG_LOG, 'utf8').slice(offset);
  return text
    .split(/\n(?=\S*\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\])/)
    .filter((entry) => entry.includes('plan:') && entry.includes(DATABASE))
    .map((entry) => entry.replace(/^.*?LOG:\s+/s, '').trim());
}

async function main() {
  const url = withDatabase(ADMIN_URL, DATABASE);
  await recreateDatabase(ADMIN_URL, DATABASE);
  let portal = await startPortal({ databaseUrl: url, readyTimeoutMs: 300_000, env: DEMO_ENV });
  try {
    const ids = await seed(url);
    await portal.stop();
    portal = await startPortal({ databaseUrl: url, readyTimeoutMs: 300_000, env: DEMO_ENV });
    const tokens = {
      staff: await signIn(portal.origin, 'staff@demo.ghiseu.ro'),
      citizen: await signIn(portal.origin, 'citizen@demo.ghiseu.ro'),
      super: await signIn(portal.origin, 'superadmin@demo.ghiseu.ro'),
    };
    for (const [who, template] of CALLS) {
      const path = template.replace(/\{(\w+)\}/g, (_, key) => String(ids[key]));
      // Once to warm the caches and the prepared statements, then the measured call.
      await fetch(`${portal.origin}${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
      const offset = fs.statSync(PG_LOG).size;
      const started = performance.now();
      const response = await fetch(`${portal.origin}${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
      const elapsed = performance.now() - started;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 300));
      log(`\n### ${who} GET ${path} → ${response.status} in ${elapsed.toFixed(1)} ms`);
      for (const plan of plansSince(offset)) log(plan);
    }
  } finally {
    await portal.stop();
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(ADMIN_URL, DATABASE);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
