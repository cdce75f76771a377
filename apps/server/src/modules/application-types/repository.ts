import { and, asc, count, eq, getTableColumns, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { applicationTypes, formVersions, forms, organisations, processes } from '../../db/schema/index.js';
import { type Db, nameTaken } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../platform/list-query.js';

/**
 * Data access of application types. Every function takes the executor it runs on (pass `tx`
 * inside a transaction).
 */

// Subqueries name their tables: in a single-table select drizzle writes bare column names.
const applicationCount =
  sql<number>`(SELECT count(*) FROM applications a WHERE a.application_type_id = "application_types"."id")`.mapWith(Number);

export const APPLICATION_TYPE_LIST: ListSpec = {
  fields: {
    id: { column: applicationTypes.id, type: 'number', sortable: true },
    name: { column: applicationTypes.name, type: 'text', sortable: true, searchable: true },
    description: { column: applicationTypes.description, type: 'text', searchable: true },
    status: { column: applicationTypes.status, type: 'text', ops: ['eq'], sortable: true },
    domain: { column: applicationTypes.domain, type: 'text', ops: ['eq'], sortable: true },
    category: { column: applicationTypes.category, type: 'text', ops: ['eq'], sortable: true },
    organisation_id: { column: applicationTypes.organisationId, type: 'number', ops: ['eq'] },
    organisation_name: { column: organisations.name, type: 'text', sortable: true, searchable: true },
    citizen_form_id: { column: applicationTypes.citizenFormId, type: 'number', ops: ['eq'] },
    staff_form_id: { column: applicationTypes.staffFormId, type: 'number', ops: ['eq'] },
    is_auto: { column: applicationTypes.isAuto, type: 'boolean' },
    remaining_period: { column: applicationTypes.remainingPeriod, type: 'number', sortable: true },
    list_order: { column: applicationTypes.listOrder, type: 'number', sortable: true },
    created_at: { column: applicationTypes.createdAt, type: 'date', sortable: true },
    updated_at: { column: applicationTypes.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: applicationTypes.id,
  // `unpaged=true`: the whole list for an autocomplete.
  extraParams: ['unpaged'],
};

export type ApplicationTypeRow = typeof applicationTypes.$inferSelect & { organisationName: string; applicationCount: number };

const columns = { ...getTableColumns(applicationTypes), organisationName: organisations.name, applicationCount };

const typesFrom = (db: Db) =>
  db.select(columns).from(applicationTypes).innerJoin(organisations, eq(organisations.id, applicationTypes.organisationId));

export function listApplicationTypes(
  db: Db,
  parsed: ParsedList,
  conditions: (SQL | undefined)[],
  options: { unpaged?: boolean } = {},
) {
  const list = buildListSql(parsed, APPLICATION_TYPE_LIST, conditions);
  return {
    rows: (): Promise<ApplicationTypeRow[]> => {
      const query = typesFrom(db)
        .where(list.where)
        .orderBy(...list.orderBy);
      return options.unpaged ? query : query.limit(list.limit).offset(list.offset);
    },
    total: async () =>
      (
        await db
          .select({ total: count() })
          .from(applicationTypes)
          .innerJoin(organisations, eq(organisations.id, applicationTypes.organisationId))
          .where(list.where)
      )[0].total,
  };
}

export async function findApplicationType(
  db: Db,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ApplicationTypeRow | undefined> {
  const query = typesFrom(db).where(eq(applicationTypes.id, id));
  const [row] = await (options.lock ? query.for('update', { of: applicationTypes }) : query);
  return row;
}

export async function findApplicationTypesByIds(db: Db, ids: number[]): Promise<{ id: number; organisationId: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: applicationTypes.id, organisationId: applicationTypes.organisationId })
    .from(applicationTypes)
    .where(inArray(applicationTypes.id, ids));
}

export function applicationTypeNameTaken(db: Db, organisationId: number, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, applicationTypes, applicationTypes, name, {
    scope: eq(applicationTypes.organisationId, organisationId),
    exceptId,
  });
}

export async function insertApplicationType(db: Db, values: typeof applicationTypes.$inferInsert): Promise<number> {
  const [row] = await db.insert(applicationTypes).values(values).returning({ id: applicationTypes.id });
  return row.id;
}

export async function updateApplicationType(
  db: Db,
  id: number,
  values: Partial<typeof applicationTypes.$inferInsert>,
): Promise<void> {
  await db
    .update(applicationTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(applicationTypes.id, id));
}

export async function deleteApplicationType(db: Db, id: number): Promise<void> {
  await db.delete(applicationTypes).where(eq(applicationTypes.id, id));
}

/** Other types pointing at this one (reference, clarification or internal type): they would dangle. */
export async function typesReferencing(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applicationTypes)
    .where(
      and(
        ne(applicationTypes.id, id),
        sql`(${applicationTypes.referenceTypeIds} @> to_jsonb(ARRAY[${id}::int]) OR ${applicationTypes.relatedClarificationTypeId} = ${id} OR ${applicationTypes.relatedInternalTypeId} = ${id})`,
      ),
    );
  return row.total;
}

/* ───────────────────────────── Public list ───────────────────────────── */

export interface PublicTypeRow {
  id: number;
  name: string;
  description: string | null;
  domain: string;
  category: 'inbound' | 'outbound' | 'internal';
  organisationId: number;
  organisationName: string;
  remainingPeriod: number;
  listOrder: number;
  isAuto: boolean;
  uatIds: number[];
  citizenFormId: number;
  citizenFormVersionId: number;
  citizenFormVersion: number;
}

/**
 * What a citizen may file: active inbound types of active organisations whose citizen form has
 * a published version, by list order then name.
 */
export async function listPublicApplicationTypes(db: Db, filter: { domain?: string; organisationId?: number; typeId?: number }) {
  return db
    .select({
      id: applicationTypes.id,
      name: applicationTypes.name,
      description: applicationTypes.description,
      domain: applicationTypes.domain,
      category: applicationTypes.category,
      organisationId: applicationTypes.organisationId,
      organisationName: organisations.name,
      remainingPeriod: applicationTypes.remainingPeriod,
      listOrder: applicationTypes.listOrder,
      isAuto: applicationTypes.isAuto,
      uatIds: applicationTypes.uatIds,
      citizenFormId: forms.id,
      citizenFormVersionId: formVersions.id,
      citizenFormVersion: formVersions.version,
    })
    .from(applicationTypes)
    .innerJoin(organisations, eq(organisations.id, applicationTypes.organisationId))
    .innerJoin(forms, eq(forms.id, applicationTypes.citizenFormId))
    .innerJoin(formVersions, eq(formVersions.id, forms.publishedVersionId))
    .where(
      and(
        eq(applicationTypes.status, 'active'),
        eq(applicationTypes.category, 'inbound'),
        eq(organisations.status, 'active'),
        isNotNull(forms.publishedVersionId),
        filter.domain ? eq(applicationTypes.domain, filter.domain) : undefined,
        filter.organisationId ? eq(applicationTypes.organisationId, filter.organisationId) : undefined,
        filter.typeId ? eq(applicationTypes.id, filter.typeId) : undefined,
      ),
    )
    .orderBy(asc(applicationTypes.listOrder), asc(applicationTypes.name), asc(applicationTypes.id)) as Promise<PublicTypeRow[]>;
}

/**
 * Whether a type of `organisationId` may run process `processId`: published (or already running
 * somewhere) and common to every organisation or that organisation's own.
 */
export async function processAttachable(db: Db, processId: number, organisationId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: processes.status, organisationId: processes.organisationId })
    .from(processes)
    .where(eq(processes.id, processId));
  return (
    row !== undefined &&
    (row.status === 'published' || row.status === 'processing') &&
    (row.organisationId === null || row.organisationId === organisationId)
  );
}
