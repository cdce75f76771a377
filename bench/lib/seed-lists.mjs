// A million applications (and a million enrolment requests) for the list scenarios, written
// with generate_series in a few statements (about a minute on the development machines), on
// the database the portal has migrated. Sessions are inserted with known tokens (only their
// SHA-256 is stored, as the portal does), so no sign-in traffic is part of the measurement.

import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/** BENCH_LIST_ROWS overrides the size for a quick check of the scenarios (figures need the million). */
export const APPLICATIONS = Number(process.env.BENCH_LIST_ROWS) > 0 ? Number(process.env.BENCH_LIST_ROWS) : 1_000_000;
export const ENROLLMENTS = APPLICATIONS;
const CITIZENS = 5_000;
const STAFF = 2_000;

const sha256 = (token) => createHash('sha256').update(token).digest('hex');

/**
 * Returns the bearer tokens of four actors: `few` (a citizen with 200 applications), `many`
 * (a citizen with 100,000), `admin` (the organisation administrator who reviews the
 * enrolment requests) and `clerk` (a clerk who sees the organisation's applications: the staff
 * inbox), the application type ids and the organisation.
 */
export async function seedLists(databaseUrl, log = () => {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    const one = async (text, values) => (await client.query(text, values)).rows[0];
    const { id: org } = await one(
      `INSERT INTO organisations (name, type) VALUES ('Consiliul Județean Bench', 'county_council') RETURNING id`,
    );
    const types = [];
    for (const name of ['Certificat de urbanism', 'Autorizație de construire', 'Autorizație de desființare']) {
      types.push(
        (await one('INSERT INTO application_types (organisation_id, name) VALUES ($1, $2) RETURNING id', [org, name])).id,
      );
    }
    const user = async (email, type, extra = {}) =>
      (
        await one(
          `INSERT INTO users (email, first_name, last_name, user_type, organisation_id, is_organisation_admin)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [email, extra.first ?? 'Ana', extra.last ?? 'Pop', type, extra.org ?? null, extra.admin ?? false],
        )
      ).id;
    const few = await user('few@bench.test', 'citizen', { first: 'Ioana', last: 'Mureșan' });
    const many = await user('many@bench.test', 'citizen', { first: 'Firma', last: 'Mare' });
    const admin = await user('admin@bench.test', 'admin', { org, admin: true, first: 'Admin', last: 'Județ' });
    const { first: citizen0 } = await one(
      `WITH made AS (
         INSERT INTO users (email, first_name, last_name, user_type)
         SELECT 'cetatean' || g || '@bench.test', 'Ion', 'Popescu' || g, 'citizen' FROM generate_series(1, $1) g
         RETURNING id)
       SELECT min(id) AS first FROM made`,
      [CITIZENS],
    );
    const { first: staff0 } = await one(
      `WITH made AS (
         INSERT INTO users (email, first_name, last_name, user_type, organisation_id)
         SELECT 'functionar' || g || '@bench.test', 'Maria', 'Ionescu' || g, 'staff', $2 FROM generate_series(1, $1) g
         RETURNING id)
       SELECT min(id) AS first FROM made`,
      [STAFF, org],
    );
    // The staff inbox's clerk: a function of the organisation grants CAN_VIEW_ORGANISATIONS_APPLICATIONS.
    const clerk = await user('clerk@bench.test', 'staff', { org, first: 'Vasile', last: 'Pop' });
    const { id: responsibility } = await one(
      `INSERT INTO responsibilities (organisation_id, name) VALUES ($1, 'Cererile instituției') RETURNING id`,
      [org],
    );
    await client.query(
      `INSERT INTO responsibility_permissions (responsibility_id, permission_key) VALUES ($1, 'CAN_VIEW_ORGANISATIONS_APPLICATIONS')`,
      [responsibility],
    );
    const { id: fn } = await one(`INSERT INTO staff_functions (organisation_id, name) VALUES ($1, 'Registratură') RETURNING id`, [
      org,
    ]);
    await client.query('INSERT INTO function_responsibilities (function_id, responsibility_id) VALUES ($1, $2)', [
      fn,
      responsibility,
    ]);
    await client.query('INSERT INTO user_functions (user_id, function_id) VALUES ($1, $2)', [clerk, fn]);
    log(`users: ${CITIZENS + STAFF + 4}`);

    // Every 5,000th application is `few`'s (200), every 10th `many`'s (100,000), the rest are
    // spread over 5,000 citizens. A quarter are drafts; the others carry an entry number.
    await client.query(
      `INSERT INTO applications (application_type_id, organisation_id, applicant_user_id, created_by, status,
         identification_number, purpose, quick_search, created_at, updated_at, application_date, response_due_in_days,
         registered_at, response_due_date, assignee_user_id)
       SELECT $1::int + g % 3, $2, a, a,
         CASE WHEN g % 4 = 0 THEN 'DRAFT' ELSE 'REGISTERED' END,
         CASE WHEN g % 4 = 0 THEN NULL ELSE 'CJ-' || g END,
         'Construire locuință ' || g,
         lower(concat_ws(' ', CASE WHEN g % 4 = 0 THEN NULL ELSE 'cj-' || g END, 'autorizatie', 'ion popescu' || g % 997, g % 100003)),
         at, at, CASE WHEN g % 4 = 0 THEN NULL ELSE at END, CASE WHEN g % 4 = 0 THEN NULL ELSE 30 END,
         -- Registered the day after filing; due some 6 weeks later (the staff inbox sorts by it).
         CASE WHEN g % 4 = 0 THEN NULL ELSE at + interval '1 day' END,
         CASE WHEN g % 4 = 0 THEN NULL ELSE (at + interval '1 day' + (g % 60 + 20) * interval '1 day')::date END,
         CASE WHEN g % 4 = 0 OR g % 3 = 0 THEN NULL ELSE $8::int + g % $9 END
       FROM generate_series(1, $3) g,
         LATERAL (SELECT CASE WHEN g % 5000 = 0 THEN $4 WHEN g % 10 = 1 THEN $5 ELSE $6::int + g % $7 END AS a,
                         timestamptz '2020-01-01' + g * interval '90 seconds' AS at) x`,
      [types[0], org, APPLICATIONS, few, many, citizen0, CITIZENS, staff0, STAFF],
    );
    log(`applications: ${APPLICATIONS}`);
    await client.query(
      `INSERT INTO application_beneficiaries (application_id, person_type, first_name, last_name, company_name, position)
       SELECT id, CASE WHEN id % 7 = 0 THEN 'legal' ELSE 'individual' END, 'Ion', 'Popescu' || id % 997,
              CASE WHEN id % 7 = 0 THEN 'Construct ' || id % 89 || ' SRL' END, 0
       FROM applications`,
    );
    log(`application beneficiaries: ${APPLICATIONS}`);
    await client.query(
      `INSERT INTO enrollments (user_id, status, identity, created_at)
       SELECT $2::int + g % $3, CASE WHEN g % 10 = 0 THEN 'pending' WHEN g % 10 < 8 THEN 'approved' ELSE 'rejected' END,
              jsonb_build_object('first_name', 'Maria', 'last_name', 'Ionescu' || g % $3, 'document', 'CI'),
              timestamptz '2020-01-01' + g * interval '90 seconds'
       FROM generate_series(1, $1) g`,
      [ENROLLMENTS, staff0, STAFF],
    );
    log(`enrollments: ${ENROLLMENTS}`);

    const tokens = {};
    for (const [name, id] of Object.entries({ few, many, admin, clerk })) {
      tokens[name] = randomBytes(32).toString('base64url');
      await client.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
        id,
        sha256(tokens[name]),
      ]);
    }
    // Statistics and the visibility map (index-only counts), as autovacuum would leave them.
    await client.query('VACUUM ANALYZE users, user_functions, applications, application_beneficiaries, enrollments, sessions');
    // Write the loaded pages out now: otherwise the checkpoint that follows a 2-million-row load
    // runs while the first server (always the portal) is measured.
    await client.query('CHECKPOINT');
    log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    return { tokens, users: { few, many, admin, clerk }, organisationId: org, typeIds: types, assignee: staff0 + 1 };
  } finally {
    await client.end();
  }
}
