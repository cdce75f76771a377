// Reference peer for the staff-inbox scenario: the smallest honest server that answers
//
//   GET /api/staff-applications?pagination=true&limit=&skip=&status[eq]=&application_type_id[eq]=
//       &application_date[ge]=&sortKey=[-]response_due_date|[-]application_date
//
// exactly like the portal, for a clerk who sees the organisation's applications. It runs the
// same SQL text as the portal (peer/staff-peer-sql.mjs; the session lookup and the page's names
// and cadastral numbers as in peer/list-peer.mjs, under the portal's statement names) and builds
// the body with the same domain rules — status labels, beneficiary names, the legal clock, the
// staff abilities — imported from packages/domain bundled by the scenario (DOMAIN_BUNDLE). What
// it leaves out is what the benchmark prices: routing, schema validation, the rate limiter,
// security headers, drizzle building queries and mapping rows, zod serialisation.
//
// Env: DATABASE_URL, PORT, DOMAIN_BUNDLE (required), HOST (default 127.0.0.1).

import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { countSql, pageSql, values } from './staff-peer-sql.mjs';

const POOL_SIZE = 10; // apps/server/src/platform/db.ts
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 500;
const EXACT_COUNT_LIMIT = 10_000;
const TOUCH_INTERVAL_MS = 60_000;
const IDLE_MINUTES = 30;

const { DATABASE_URL: databaseUrl, DOMAIN_BUNDLE: bundle } = process.env;
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
if (!databaseUrl || !bundle || !Number.isInteger(port)) {
  process.stderr.write('staff-peer: DATABASE_URL, DOMAIN_BUNDLE and PORT are required\n');
  process.exit(2);
}
const domain = await import(bundle);
// `date` columns as the 'YYYY-MM-DD' text drizzle's mode 'string' gives.
pg.types.setTypeParser(1082, (value) => value);
const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
pool.on('error', () => {});

// peer/list-peer.mjs: the portal's session lookup (platform/auth/sessions.ts).
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
  return {
    userId: r[5],
    userType: r[7],
    organisationId: r[4] ?? r[9],
    permissions: domain.buildPermissionSet(r[7], r[11]),
  };
}

async function countList(fromWhere, args) {
  const capped = await pool.query({
    text: `select count(*)::int as n from ((${fromWhere}) limit $${args.length + 1}) as capped`,
    values: [...args, EXACT_COUNT_LIMIT + 1],
  });
  const counted = Number(capped.rows[0].n);
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, estimated: false };
  const plan = await pool.query({ text: `explain (format json) (${fromWhere})`, values: args });
  const raw = Object.values(plan.rows[0])[0];
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return { total: Math.max(counted, Math.round(parsed[0].Plan['Plan Rows'])), estimated: true };
}

const iso = (d) => (d ? d.toISOString() : null);
const name = (p) => (p ? [p[1], p[2]].filter(Boolean).join(' ') : '');

async function inbox(actor, params) {
  const int = (key, fallback) => {
    const raw = params.get(key);
    if (raw === null || raw === '') return fallback;
    return /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  };
  const limit = int('limit', DEFAULT_LIMIT);
  const skip = int('skip', 0);
  const sortKey = params.get('sortKey') ?? '';
  if (!(limit >= 1 && limit <= MAX_LIMIT) || Number.isNaN(skip) || !/^-?(response_due_date|application_date)$/.test(sortKey))
    return null;
  const args = values({
    organisationId: actor.organisationId,
    status: params.get('status[eq]'),
    typeId: params.get('application_type_id[eq]'),
    from: params.get('application_date[ge]'),
  });
  const [page, count] = await Promise.all([
    pool.query({
      text: pageSql({ field: sortKey.replace(/^-/, ''), descending: sortKey.startsWith('-'), skip }),
      values: skip > 0 ? [...args, limit, skip] : [...args, limit],
      rowMode: 'array',
    }),
    countList(countSql, args),
  ]);
  const rows = page.rows;
  const ids = rows.map((r) => r[0]);
  const personIds = [...new Set(rows.flatMap((r) => [r[3], r[11], r[12]]).filter((id) => id !== null))];
  const [names, numbers, people, functions, consultations] =
    ids.length === 0
      ? [[], [], [], [], []]
      : await Promise.all([
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
          pool
            .query({
              text: `select "id", "first_name", "last_name", "email", "user_type", "status", "organisation_id" from "users" where "users"."id" in (${personIds.map((_, i) => `$${i + 1}`).join(', ')})`,
              values: personIds,
              rowMode: 'array',
            })
            .then((r) => r.rows),
          pool
            .query({
              text: 'select "function_id" from "user_functions" where "user_functions"."user_id" = $1',
              values: [actor.userId],
              rowMode: 'array',
            })
            .then((r) => r.rows),
          pool
            .query({
              text: `select "application_id", "answered_at" from "application_consultations" where ("application_consultations"."consultant_user_id" = $1 and "application_consultations"."application_id" in (${ids.map((_, i) => `$${i + 2}`).join(', ')}))`,
              values: [actor.userId, ...ids],
              rowMode: 'array',
            })
            .then((r) => r.rows),
        ]);
  const byId = new Map(people.map((p) => [p[0], p]));
  const functionIds = new Set(functions.map((f) => f[0]));
  const today = domain.todayInRomania();
  const data = rows.map((r) => {
    const [id, typeId, organisationId, applicantId, number, status, purpose, createdAt, updatedAt, applicationDate, days] = r;
    const [assigneeId, reviewerId, registeredAt, dueDate, pausedAt, functionId, stepName] = r.slice(11, 18);
    const beneficiaries = names.filter((n) => n[0] === id);
    const mine = consultations.filter((c) => c[0] === id);
    const pausedOn = pausedAt ? domain.todayInRomania(pausedAt) : null;
    const remaining = domain.remainingResponseDays({ dueDate, pausedOn }, today);
    return {
      id,
      application_type_id: typeId,
      application_type_name: r[18],
      organisation_id: organisationId,
      tenant_name: r[22],
      identification_number: number,
      status,
      status_label: domain.APPLICATION_STATUS_LABELS[status],
      purpose,
      created_at: createdAt.toISOString(),
      updated_at: updatedAt.toISOString(),
      application_date: iso(applicationDate),
      response_due_in_days: days,
      beneficiaries: beneficiaries.slice(0, domain.LIMITS.listCellVisibleEntries).map((b) => ({
        id: b[1],
        person_type: b[2],
        display_name: domain.beneficiaryDisplayName({ person_type: b[2], company_name: b[3], first_name: b[4], last_name: b[5] }),
      })),
      beneficiaries_count: beneficiaries.length,
      cadastral_numbers: numbers.filter((n) => n[0] === id).map((n) => n[1]),
      applicant_name: name(byId.get(applicantId)),
      assignee: assigneeId === null ? null : { id: assigneeId, name: name(byId.get(assigneeId)) },
      reviewer: reviewerId === null ? null : { id: reviewerId, name: name(byId.get(reviewerId)) },
      registered_at: iso(registeredAt),
      response_due_date: dueDate,
      remaining_response_days: remaining,
      clock_paused: pausedAt !== null,
      overdue: !domain.isFinishedStatus(status) && remaining !== null && remaining < 0,
      current_step_name: stepName,
      current_function_id: functionId,
      abilities: domain.staffAbilities({
        status,
        userType: actor.userType,
        permissions: actor.permissions,
        isAssignee: assigneeId === actor.userId,
        isReviewer: reviewerId === actor.userId,
        holdsCurrentFunction: functionId !== null && functionIds.has(functionId),
        hasAssignee: assigneeId !== null,
        hasOpenConsultationToMe: mine.some((c) => c[1] === null),
        // No process engine answers for the bench's types (no workflow attached).
        processAvailable: false,
      }),
    };
  });
  return {
    data,
    pagination: { total: count.total, skip, limit, ...(count.estimated ? { total_estimated: true } : {}) },
  };
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
  if (url.pathname !== '/api/staff-applications') return send(res, 404, { message: 'NOT_FOUND' });
  const actor = await actorOf(req);
  if (!actor) return send(res, 401, { message: 'AUTH_REQUIRED' });
  if (!actor.permissions.applicationsStaffOwnRead) return send(res, 403, { message: 'FORBIDDEN' });
  // Only the scenario's reader: a clerk of a staff role who sees the organisation's applications.
  if (
    !domain.isStaffType(actor.userType) ||
    !actor.permissions.CAN_VIEW_ORGANISATIONS_APPLICATIONS ||
    actor.organisationId === null
  )
    return send(res, 400, { message: 'UNSUPPORTED_BY_PEER' });
  if (url.searchParams.get('pagination') !== 'true') return send(res, 400, { message: 'INVALID_QUERY' });
  const body = await inbox(actor, url.searchParams);
  if (!body) return send(res, 400, { message: 'INVALID_QUERY' });
  return send(res, 200, body);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    process.stderr.write(`staff-peer: ${error.stack ?? error}\n`);
    if (!res.headersSent) send(res, 500, { message: 'INTERNAL_ERROR' });
    else res.destroy();
  });
});
server.keepAliveTimeout = 72_000;
server.listen(port, host, () => process.stdout.write(`staff-peer listening on http://${host}:${port}\n`));

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
