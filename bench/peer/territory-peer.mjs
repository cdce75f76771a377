// Reference peer for the territory-list scenario: the smallest honest server that answers
// `GET /api/localities?parent_id=&search=&limit=&skip=` exactly like the portal does.
//
// It runs the SAME SQL text the portal's drizzle query builder produces (copied from
// apps/server/src/modules/territory/repository.ts via `.toSQL()`), on a `pg` Pool of the same
// size as the portal's default (10), and writes the same `{ "data": [...] }` envelope. What
// it leaves out is exactly what the benchmark wants to price: routing, schema validation,
// the auth guard, rate limiting, security headers, logging hooks and schema-driven
// serialisation. bench/run.mjs checks that both servers return byte-identical bodies before
// it measures anything, so a divergence here is caught rather than silently benchmarked.
//
// Env: DATABASE_URL (required), PORT (required), HOST (default 127.0.0.1).

import http from 'node:http';
import pg from 'pg';

const POOL_SIZE = 10; // apps/server/src/platform/db.ts: `max: options.poolSize ?? 10`
const DEFAULT_LIMIT = 20; // packages/domain/src/limits.ts: LIMITS.defaultListLimit
const MAX_LIMIT = 500; // packages/domain/src/limits.ts: LIMITS.maxListLimit

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
if (!databaseUrl || !Number.isInteger(port)) {
  process.stderr.write('territory-peer: DATABASE_URL and PORT are required\n');
  process.exit(2);
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
// Like the portal: an idle client's error must not kill the process; the next query reports it.
pool.on('error', () => {});

/** Copy of foldText from packages/domain/src/text.ts (the domain package ships TypeScript). */
function foldText(value) {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[şș]/gi, 's')
    .replace(/[ţț]/gi, 't')
    .toLowerCase();
}

/** Copy of escapeLike from apps/server/src/platform/list-query.ts. */
const escapeLike = (value) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// The portal's SQL, byte for byte as drizzle emits it for the statements the portal prepares
// once (modules/territory/repository.ts `listCountyUats`): two named statements, with and
// without the LIKE condition (none for an empty search), the OFFSET always sent (0 on the first
// page). Same names, so both sides get the same server-side prepared statements.
const SELECT =
  'select "territorial_units"."id", "territorial_units"."name", "territorial_units"."type", "territorial_units"."county_id", ' +
  '"counties"."code", "territorial_units"."is_county_seat", "territorial_units"."environment" ' +
  'from "territorial_units" inner join "counties" on "counties"."id" = "territorial_units"."county_id" ';
// Romanian alphabetical order (platform/list-query.ts `romanianOrder`, migration 0010's ro_sort_key).
const ORDER = ' order by ro_sort_key("territorial_units"."name") COLLATE "C" asc, "territorial_units"."id" asc';

function localitiesQuery(countyId, search, limit, skip) {
  const values = [countyId];
  let text = SELECT;
  let name = 'territory_county_uats';
  if (search !== undefined && search.trim() !== '') {
    values.push(`${escapeLike(foldText(search.trim()))}%`);
    text += 'where ("territorial_units"."county_id" = $1 and "territorial_units"."search_name" like $2)';
    name = 'territory_county_uats_prefix';
  } else {
    text += 'where "territorial_units"."county_id" = $1';
  }
  values.push(limit, skip);
  text += `${ORDER} limit $${values.length - 1} offset $${values.length}`;
  // rowMode 'array' is what drizzle uses for a select with named fields; we map to the same keys.
  return { name, text, values, rowMode: 'array' };
}

const toUnit = (r) => ({
  id: r[0],
  name: r[1],
  type: r[2],
  county_id: r[3],
  county_code: r[4],
  is_county_seat: r[5],
  environment: r[6],
});

/** Non-negative integer like the portal's list-query parser; undefined when absent. */
function intParam(params, name) {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  return /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
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

  if (url.pathname === '/api/localities') {
    const params = url.searchParams;
    // The portal falls back to the default county when parent_id is absent; the benchmark always
    // sends it, so the peer simply requires it instead of duplicating the settings lookup.
    const countyId = intParam(params, 'parent_id');
    const limit = intParam(params, 'limit') ?? DEFAULT_LIMIT;
    const skip = intParam(params, 'skip') ?? 0;
    if (!countyId || Number.isNaN(limit) || limit < 1 || limit > MAX_LIMIT || Number.isNaN(skip)) {
      return send(res, 400, { message: 'INVALID_QUERY' });
    }
    const search = params.get('search') ?? undefined;
    const result = await pool.query(localitiesQuery(countyId, search, limit, skip));
    return send(res, 200, { data: result.rows.map(toUnit) });
  }

  return send(res, 404, { message: 'NOT_FOUND' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    process.stderr.write(`territory-peer: ${error.stack ?? error}\n`);
    if (!res.headersSent) send(res, 500, { message: 'INTERNAL_ERROR' });
    else res.destroy();
  });
});
// Fastify's default keep-alive timeout is 72 s; match it so idle load-generator connections
// are treated the same way by both servers.
server.keepAliveTimeout = 72_000;

server.listen(port, host, () => {
  process.stdout.write(`territory-peer listening on http://${host}:${port}\n`);
});

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
