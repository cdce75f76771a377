// Reference peer for the application-list scenarios: the smallest honest server that answers
//
//   GET /api/applications?pagination=true[&skip=&limit=]             (a citizen's own list)
//   GET /api/enrollments?status=pending&pagination=true[&skip=&limit=] (an administrator's inbox)
//
// exactly like the portal, with a bearer token. It runs the SAME SQL text the portal's drizzle
// code produces (copied from `.toSQL()` of apps/server/src/platform/auth/sessions.ts,
// apps/server/src/modules/applications/repository.ts and administration/repository.ts, and of
// `countListPrepared` in apps/server/src/platform/list-query.ts): the session lookup with the
// function permissions, the page, the names and cadastral numbers of the page's applications,
// and the capped count with the planner's estimate past 10,000 rows. The session, the page and
// the count are named prepared statements under the portal's names, as the portal prepares them
// (these lists' default shape). Only the default sort and no filters: the scenarios send none.
//
// What it leaves out is what the benchmark prices: routing, schema validation, the rate
// limiter, security headers, drizzle building queries and mapping rows, zod serialisation.
//
// Env: DATABASE_URL (required), PORT (required), HOST (default 127.0.0.1).

import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const POOL_SIZE = 10; // apps/server/src/platform/db.ts
const DEFAULT_LIMIT = 20; // LIMITS.defaultListLimit
const MAX_LIMIT = 500; // LIMITS.maxListLimit
const EXACT_COUNT_LIMIT = 10_000; // platform/list-query.ts
const VISIBLE_BENEFICIARIES = 2; // LIMITS.listCellVisibleEntries
const TOUCH_INTERVAL_MS = 60_000; // platform/auth/sessions.ts
const IDLE_MINUTES = 30; // config default SESSION_IDLE_MINUTES

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
if (!databaseUrl || !Number.isInteger(port)) {
  process.stderr.write('list-peer: DATABASE_URL and PORT are required\n');
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
pool.on('error', () => {});

// Role grants the two routes look at (packages/domain/src/permissions.ts ROLE_GRANTS).
const GRANTS = {
  citizen: new Set(['applicationsRead', 'applicationsCreate', 'applicationsEdit', 'applicationsDestroy']),
  admin: new Set(['accountsRead', 'accountsEdit']),
};
const can = (actor, key) => GRANTS[actor.userType]?.has(key) || actor.keys.includes(key);

// packages/domain/src/statuses.ts (the statuses the seed writes).
const STATUS_LABELS = { DRAFT: 'Ciornă', REGISTERED: 'Înregistrată' };
const FINISHED = ['CLOSED', 'RESOLVED', 'REJECTED'];

const SESSION_SQL =
  'select "sessions"."id", "sessions"."expires_at", "sessions"."last_seen_at", "sessions"."revoked_at", "sessions"."delegated_organisation_id", ' +
  '"users"."id", "users"."email", "users"."user_type", "users"."status", "users"."organisation_id", "users"."is_organisation_admin", (array(\n' +
  '    select distinct "responsibility_permissions"."permission_key"\n' +
  '    from "user_functions"\n' +
  '    inner join "staff_functions" on "staff_functions"."id" = "user_functions"."function_id"\n' +
  '    inner join "function_responsibilities" on "function_responsibilities"."function_id" = "staff_functions"."id"\n' +
  '    inner join "responsibility_permissions" on "responsibility_permissions"."responsibility_id" = "function_responsibilities"."responsibility_id"\n' +
  '    where "user_functions"."user_id" = "users"."id" and "staff_functions"."organisation_id" = coalesce("sessions"."delegated_organisation_id", "users"."organisation_id"))) ' +
  'from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."token_hash" = $1';

async function actorOf(req) {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
  const { rows } = await pool.query({
    name: 'session_lookup_1',
    text: SESSION_SQL,
    values: [createHash('sha256').update(token.trim()).digest('hex')],
    rowMode: 'array',
  });
  const r = rows[0];
  if (!r || r[3]) return null;
  const now = Date.now();
  if (r[1].getTime() <= now || r[2].getTime() + IDLE_MINUTES * 60_000 <= now || r[8] !== 'active') return null;
  if (now - r[2].getTime() > TOUCH_INTERVAL_MS) {
    await pool.query('update "sessions" set "last_seen_at" = $1 where "sessions"."id" = $2', [new Date(now), r[0]]);
  }
  return { userId: r[5], userType: r[7], organisationId: r[4] ?? r[9], keys: r[11] };
}

/**
 * The capped count of platform/list-query.ts `countListPrepared`: named statements, as the
 * portal prepares them for the default shape of these lists (`<name>_count`, `<name>_plan`).
 */
async function countList(name, fromWhere, values) {
  const capped = await pool.query({
    name: `${name}_count`,
    text: `select count(*)::int as n from ((${fromWhere}) limit $${values.length + 1}) as capped`,
    values: [...values, EXACT_COUNT_LIMIT + 1],
  });
  const counted = Number(capped.rows[0].n);
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, estimated: false };
  const plan = await pool.query({ name: `${name}_plan`, text: `explain (format json) (${fromWhere})`, values });
  const raw = Object.values(plan.rows[0])[0];
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return { total: Math.max(counted, Math.round(parsed[0].Plan['Plan Rows'])), estimated: true };
}

function paging(params) {
  const int = (name) => {
    const raw = params.get(name);
    if (raw === null || raw === '') return undefined;
    return /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  };
  const limit = int('limit') ?? DEFAULT_LIMIT;
  const skip = int('skip') ?? 0;
  if (Number.isNaN(limit) || limit < 1 || limit > MAX_LIMIT || Number.isNaN(skip)) return null;
  return { limit, skip };
}

/** The page as a named statement: `limit $n offset $n+1`, the offset sent even when 0 (as the portal's). */
const pageSql = (name, text, values, page) => ({
  name,
  text: `${text} limit $${values.length + 1} offset $${values.length + 2}`,
  values: [...values, page.limit, page.skip],
  rowMode: 'array',
});

const envelope = (data, page, count) => ({
  data,
  pagination: { total: count.total, skip: page.skip, limit: page.limit, ...(count.estimated ? { total_estimated: true } : {}) },
});

const iso = (d) => (d ? d.toISOString() : null);

async function applications(actor, page) {
  const where = 'where "applications"."applicant_user_id" = $1';
  const [rows, count] = await Promise.all([
    pool.query(
      pageSql(
        'applications_own_page',
        'select "applications"."id", "applications"."application_type_id", "applications"."organisation_id", "applications"."applicant_user_id", ' +
          '"applications"."identification_number", "applications"."status", "applications"."purpose", "applications"."created_at", ' +
          '"applications"."updated_at", "applications"."application_date", "applications"."response_due_in_days", "application_types"."name", ' +
          '"application_types"."domain", "application_types"."category", "organisations"."name" from "applications" ' +
          'inner join "application_types" on "application_types"."id" = "applications"."application_type_id" ' +
          `inner join "organisations" on "organisations"."id" = "applications"."organisation_id" ${where} ` +
          'order by "applications"."created_at" desc, "applications"."id" asc',
        [actor.userId],
        page,
      ),
    ),
    countList('applications_own', `select 1 from "applications" ${where}`, [actor.userId]),
  ]);
  const ids = rows.rows.map((r) => r[0]);
  let names = [];
  let numbers = [];
  if (ids.length > 0) {
    // Named statements with the ids as one array, as the portal prepares them.
    [names, numbers] = await Promise.all([
      pool
        .query({
          name: 'applications_page_beneficiaries',
          text:
            'select "application_id", "id", "person_type", "company_name", "first_name", "last_name" from "application_beneficiaries" ' +
            'where "application_beneficiaries"."application_id" = any($1) order by "application_beneficiaries"."application_id", ' +
            '"application_beneficiaries"."position", "application_beneficiaries"."id"',
          values: [ids],
          rowMode: 'array',
        })
        .then((r) => r.rows),
      pool
        .query({
          name: 'applications_page_cadastral_numbers',
          text:
            'select "application_id", "cadastral_number" from "application_real_estates" ' +
            'where "application_real_estates"."application_id" = any($1) order by "application_real_estates"."application_id", ' +
            '"application_real_estates"."position", "application_real_estates"."id"',
          values: [ids],
          rowMode: 'array',
        })
        .then((r) => r.rows),
    ]);
  }
  const data = rows.rows.map((r) => {
    const own = r[3] === actor.userId;
    const draft = r[5] === 'DRAFT';
    const people = names.filter((n) => n[0] === r[0]);
    return {
      id: r[0],
      application_type_id: r[1],
      application_type_name: r[11],
      organisation_id: r[2],
      tenant_name: r[14],
      identification_number: r[4],
      status: r[5],
      status_label: STATUS_LABELS[r[5]],
      purpose: r[6],
      created_at: r[7].toISOString(),
      updated_at: r[8].toISOString(),
      application_date: iso(r[9]),
      response_due_in_days: r[10],
      beneficiaries: people.slice(0, VISIBLE_BENEFICIARIES).map((b) => ({
        id: b[1],
        person_type: b[2],
        display_name: b[2] === 'legal' ? (b[3] ?? '') : [b[4], b[5]].filter(Boolean).join(' '),
      })),
      beneficiaries_count: people.length,
      cadastral_numbers: numbers.filter((n) => n[0] === r[0]).map((n) => n[1]),
      abilities: {
        canEdit: own && draft && can(actor, 'applicationsEdit'),
        canDelete: own && draft && can(actor, 'applicationsDestroy'),
        canSubmit: own && draft && can(actor, 'applicationsCreate'),
        canComment: own && !draft && !FINISHED.includes(r[5]) && can(actor, 'applicationsEdit'),
        canAnswerClarification: own && r[5] === 'REVIEW' && can(actor, 'applicationsEdit'),
      },
    };
  });
  return envelope(data, page, count);
}

async function enrollments(actor, page) {
  const from = 'from "enrollments" inner join "users" on "users"."id" = "enrollments"."user_id"';
  const where = 'where ("users"."organisation_id" = $1 and "enrollments"."status" = $2)';
  const values = [actor.organisationId, 'pending'];
  const [rows, count] = await Promise.all([
    pool.query(
      pageSql(
        'enrollments_inbox_page',
        'select "enrollments"."id", "enrollments"."user_id", "enrollments"."status", "enrollments"."identity", "enrollments"."id_document_file_id", ' +
          '"enrollments"."reviewed_by", "enrollments"."reviewed_at", "enrollments"."rejection_reason", "enrollments"."created_at", ' +
          `"users"."organisation_id", concat_ws(' ', "users"."first_name", "users"."last_name"), "users"."email", "users"."enrolled" ` +
          `${from} ${where} order by "enrollments"."created_at" desc, "enrollments"."id" asc`,
        values,
        page,
      ),
    ),
    countList('enrollments_inbox', `select 1 ${from} ${where}`, values),
  ]);
  const data = rows.rows.map((r) => {
    const review = r[2] === 'pending' && r[1] !== actor.userId && can(actor, 'accountsEdit') && r[9] === actor.organisationId;
    return {
      id: r[0],
      user_id: r[1],
      user_name: r[10],
      user_email: r[11],
      organisation_id: r[9],
      status: r[2],
      identity: r[3],
      id_document_file_id: r[4],
      reviewed_by: r[5],
      reviewed_at: iso(r[6]),
      rejection_reason: r[7],
      created_at: r[8].toISOString(),
      abilities: { canApprove: review, canReject: review },
    };
  });
  return envelope(data, page, count);
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://peer');
  if (req.method !== 'GET') return send(res, 405, { message: 'METHOD_NOT_ALLOWED' });
  if (url.pathname === '/api/ready') {
    await pool.query('SELECT 1');
    return send(res, 200, { status: 'ready', database: 'postgres' });
  }
  const routes = {
    '/api/applications': { key: 'applicationsRead', run: applications },
    '/api/enrollments': { key: 'accountsRead', run: enrollments },
  };
  const route = routes[url.pathname];
  if (!route) return send(res, 404, { message: 'NOT_FOUND' });
  const actor = await actorOf(req);
  if (!actor) return send(res, 401, { message: 'AUTH_REQUIRED' });
  if (!can(actor, route.key)) return send(res, 403, { message: 'FORBIDDEN' });
  const page = paging(url.searchParams);
  if (!page || url.searchParams.get('pagination') !== 'true') return send(res, 400, { message: 'INVALID_QUERY' });
  return send(res, 200, await route.run(actor, page));
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    process.stderr.write(`list-peer: ${error.stack ?? error}\n`);
    if (!res.headersSent) send(res, 500, { message: 'INTERNAL_ERROR' });
    else res.destroy();
  });
});
server.keepAliveTimeout = 72_000;
server.listen(port, host, () => process.stdout.write(`list-peer listening on http://${host}:${port}\n`));

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
