import { PERMISSION_CATEGORIES, PERMISSION_KEYS, PERMISSIONS } from '@ghiseu/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { permissionDefinitions, users } from '../../../db/schema/index.js';
import { type Db, executeRows } from '../../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../../platform/list-query.js';
import { functionPermissionSource } from '../permission-source.js';

/**
 * Permission records and the permission catalogue list (permission-service; structure-service
 * reads the records when a responsibility grants keys).
 *
 * Every function takes the executor it runs on: the database for reads, the business
 * transaction (`tx`) inside one; with PGlite, reaching for the outer database inside a
 * transaction hangs.
 */

/* ───────────────────────────── Permission records ───────────────────────────── */

export type PermissionDefinitionRow = typeof permissionDefinitions.$inferSelect;

export async function findPermissionDefinitions(db: Db, keys: string[]): Promise<Map<string, PermissionDefinitionRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(permissionDefinitions).where(inArray(permissionDefinitions.key, keys));
  return new Map(rows.map((r) => [r.key, r]));
}

export async function upsertPermissionDefinition(db: Db, values: typeof permissionDefinitions.$inferInsert): Promise<void> {
  const { key: _key, ...changes } = values;
  await db
    .insert(permissionDefinitions)
    .values(values)
    .onConflictDoUpdate({ target: permissionDefinitions.key, set: { ...changes, updatedAt: new Date() } });
}

/**
 * The permission catalogue of packages/domain joined with the stored records: the catalogue
 * says which keys exist, `permission_definitions` what the super admin changed about them.
 * Written as SQL over a VALUES list so that filters, search, sort and paging use the shared
 * list-query builder like every other list.
 */
const catalogue = sql`(VALUES ${sql.join(
  PERMISSION_KEYS.map((key) => sql`(${key}::text, ${PERMISSIONS[key].category}::text, ${PERMISSIONS[key].description}::text)`),
  sql`, `,
)}) AS c(key, category, label)`;

const permissionExpr = {
  key: sql`c.key`,
  name: sql`coalesce(d.name, c.label)`,
  description: sql`d.description`,
  category: sql`coalesce(d.category, c.category)`,
  scope: sql`coalesce(d.scope, 'user')`,
  defaultAssignment: sql`d.default_assignment`,
  organisationIds: sql`coalesce(d.organisation_ids, '[]'::jsonb)`,
  updatedAt: sql`d.updated_at`,
};

export const PERMISSION_LIST: ListSpec = {
  fields: {
    key: { column: permissionExpr.key, type: 'text', sortable: true, searchable: true },
    name: { column: permissionExpr.name, type: 'text', sortable: true, searchable: true },
    description: { column: permissionExpr.description, type: 'text', searchable: true },
    category: { column: permissionExpr.category, type: 'text', ops: ['eq'], sortable: true },
    scope: { column: permissionExpr.scope, type: 'text', ops: ['eq'] },
    default_assignment: { column: permissionExpr.defaultAssignment, type: 'text', ops: ['eq'] },
  },
  defaultSort: { field: 'category', descending: false },
  idColumn: permissionExpr.key,
};

export interface PermissionListRow {
  key: string;
  name: string;
  description: string | null;
  category: string;
  category_label: string;
  scope: 'user' | 'organisation';
  default_assignment: 'user' | 'organisation' | null;
  organisation_ids: number[];
  customised: boolean;
  updated_at: string | null;
}

function toPermissionListRow(raw: Record<string, unknown>): PermissionListRow {
  const category = String(raw.category);
  const updated = raw.updated_at;
  return {
    key: String(raw.key),
    name: String(raw.name),
    description: (raw.description as string | null) ?? null,
    category,
    category_label: PERMISSION_CATEGORIES[category as keyof typeof PERMISSION_CATEGORIES] ?? category,
    scope: raw.scope === 'organisation' ? 'organisation' : 'user',
    default_assignment: (raw.default_assignment as 'user' | 'organisation' | null) ?? null,
    organisation_ids: (typeof raw.organisation_ids === 'string'
      ? JSON.parse(raw.organisation_ids)
      : raw.organisation_ids) as number[],
    customised: updated !== null && updated !== undefined,
    updated_at: updated === null || updated === undefined ? null : new Date(updated as string).toISOString(),
  };
}

export function listPermissions(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, PERMISSION_LIST);
  const from = sql`FROM ${catalogue} LEFT JOIN permission_definitions d ON d.key = c.key`;
  const where = list.where ? sql`WHERE ${list.where}` : sql``;
  return {
    rows: async () =>
      (
        await executeRows<Record<string, unknown>>(
          db,
          sql`SELECT ${permissionExpr.key} AS key, ${permissionExpr.name} AS name, ${permissionExpr.description} AS description,
                     ${permissionExpr.category} AS category, ${permissionExpr.scope} AS scope,
                     ${permissionExpr.defaultAssignment} AS default_assignment, ${permissionExpr.organisationIds} AS organisation_ids,
                     ${permissionExpr.updatedAt} AS updated_at
              ${from} ${where}
              ORDER BY ${sql.join(list.orderBy, sql`, `)} LIMIT ${list.limit} OFFSET ${list.offset}`,
        )
      ).map(toPermissionListRow),
    total: async () =>
      Number((await executeRows<{ total: unknown }>(db, sql`SELECT count(*) AS total ${from} ${where}`))[0].total),
  };
}

export async function findPermissionListRow(db: Db, key: string): Promise<PermissionListRow | undefined> {
  const [raw] = await executeRows<Record<string, unknown>>(
    db,
    sql`SELECT ${permissionExpr.key} AS key, ${permissionExpr.name} AS name, ${permissionExpr.description} AS description,
               ${permissionExpr.category} AS category, ${permissionExpr.scope} AS scope,
               ${permissionExpr.defaultAssignment} AS default_assignment, ${permissionExpr.organisationIds} AS organisation_ids,
               ${permissionExpr.updatedAt} AS updated_at
        FROM ${catalogue} LEFT JOIN permission_definitions d ON d.key = c.key WHERE c.key = ${key}`,
  );
  return raw ? toPermissionListRow(raw) : undefined;
}

/* ───────────────────────────── Who holds permissions ───────────────────────────── */

/**
 * The active staff and administrators of an organisation who hold every key of at least one of
 * `alternatives`, each key by the grants of their role (`rolesGranting[key]`) or through their
 * functions (the SQL of `functionPermissionSource`, read here directly so that a worker, which
 * never registers the request-time sources, answers the same).
 */
export async function findStaffHoldingPermissions(
  db: Db,
  organisationId: number,
  alternatives: readonly (readonly string[])[],
  rolesGranting: (key: string) => ('staff' | 'admin')[],
): Promise<number[]> {
  if (alternatives.length === 0) return [];
  const fromFunctions = functionPermissionSource.keys(sql`${users.id}`, sql`${users.organisationId}`);
  const holds = (key: string) => {
    const roles = rolesGranting(key);
    const viaFunction = sql`${key} = any(${fromFunctions})`;
    return roles.length > 0 ? or(inArray(users.userType, roles), viaFunction) : viaFunction;
  };
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        inArray(users.userType, ['staff', 'admin']),
        eq(users.status, 'active'),
        or(...alternatives.map((keys) => and(...keys.map(holds)))),
      ),
    )
    .orderBy(users.id);
  return rows.map((r) => r.id);
}
