import type { FormDefinition } from '@ghiseu/domain';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { applications, applicationTypes, formVersions, forms } from '../../db/schema/index.js';
import { type Db, nameTaken } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../platform/list-query.js';

/**
 * Data access of the form interfaces. Every function takes the executor it runs on: the
 * database for reads, the business transaction (`tx`) inside one (with PGlite, the outer
 * database inside a transaction hangs).
 */

/** The version number of the latest published version (null before the first publication). */
// Subqueries name their tables: in a single-table select drizzle writes bare column names.
const latestVersion = sql<number | null>`(SELECT v.version FROM form_versions v WHERE v.id = "forms"."published_version_id")`;

/**
 * The draft differs from the latest published version (jsonb equality ignores key order).
 * Always true before the first publication.
 */
const hasUnpublishedChanges = sql<boolean>`("forms"."draft_definition" IS DISTINCT FROM (SELECT v.definition FROM form_versions v WHERE v.id = "forms"."published_version_id"))`;

const fieldCount = sql<number>`coalesce(jsonb_array_length("forms"."draft_definition" -> 'fields'), 0)`.mapWith(Number);

export const FORM_LIST: ListSpec = {
  fields: {
    id: { column: forms.id, type: 'number', sortable: true },
    name: { column: forms.name, type: 'text', sortable: true, searchable: true },
    description: { column: forms.description, type: 'text', searchable: true },
    status: { column: forms.status, type: 'text', ops: ['eq'], sortable: true },
    latest_version: { column: latestVersion, type: 'number', sortable: true },
    created_at: { column: forms.createdAt, type: 'date', sortable: true },
    updated_at: { column: forms.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: forms.id,
};

const summaryColumns = {
  id: forms.id,
  name: forms.name,
  description: forms.description,
  status: forms.status,
  publishedVersionId: forms.publishedVersionId,
  latestVersion,
  fieldCount,
  hasUnpublishedChanges,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};

export interface FormSummaryRow {
  id: number;
  name: string;
  description: string | null;
  status: 'draft' | 'published';
  publishedVersionId: number | null;
  latestVersion: number | null;
  fieldCount: number;
  hasUnpublishedChanges: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface FormRow extends FormSummaryRow {
  draftDefinition: FormDefinition;
}

export function listForms(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, FORM_LIST);
  return {
    rows: () =>
      db
        .select(summaryColumns)
        .from(forms)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset) as Promise<FormSummaryRow[]>,
    total: async () => (await db.select({ total: count() }).from(forms).where(list.where))[0].total,
  };
}

export async function findForm(db: Db, id: number, options: { lock?: boolean } = {}): Promise<FormRow | undefined> {
  const query = db
    .select({ ...summaryColumns, draftDefinition: forms.draftDefinition })
    .from(forms)
    .where(eq(forms.id, id));
  // The publication locks the form row so two publications in parallel get versions n+1 and n+2.
  const [row] = await (options.lock ? query.for('update') : query);
  return row as FormRow | undefined;
}

export function formNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, forms, forms, name, { exceptId });
}

export async function insertForm(db: Db, values: typeof forms.$inferInsert): Promise<number> {
  const [row] = await db.insert(forms).values(values).returning({ id: forms.id });
  return row.id;
}

export async function updateForm(db: Db, id: number, values: Partial<typeof forms.$inferInsert>): Promise<void> {
  await db
    .update(forms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(forms.id, id));
}

export async function deleteForm(db: Db, id: number): Promise<void> {
  await db.delete(forms).where(eq(forms.id, id));
}

/* ───────────────────────────── Versions ───────────────────────────── */

export type FormVersionRow = typeof formVersions.$inferSelect & { definition: FormDefinition };

export async function listVersions(db: Db, formId: number) {
  return db
    .select({
      id: formVersions.id,
      version: formVersions.version,
      publishedAt: formVersions.publishedAt,
      publishedBy: formVersions.publishedBy,
    })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version));
}

export async function findVersion(db: Db, formId: number, version: number): Promise<FormVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
  return row as FormVersionRow | undefined;
}

export async function findVersionById(db: Db, id: number): Promise<FormVersionRow | undefined> {
  const [row] = await db.select().from(formVersions).where(eq(formVersions.id, id));
  return row as FormVersionRow | undefined;
}

/** Freezes a definition as version n+1 of the form (the caller holds the form's row lock). */
export async function insertNextVersion(
  db: Db,
  formId: number,
  definition: FormDefinition,
  publishedBy: number,
): Promise<{ id: number; version: number }> {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${formVersions.version}), 0) + 1`.mapWith(Number) })
    .from(formVersions)
    .where(eq(formVersions.formId, formId));
  const [row] = await db
    .insert(formVersions)
    .values({ formId, version: next, definition, publishedBy })
    .returning({ id: formVersions.id, version: formVersions.version });
  return row;
}

/* ───────────────────────────── Usage ───────────────────────────── */

const typeUsesForm = (formId: number): SQL =>
  or(
    eq(applicationTypes.citizenFormId, formId),
    eq(applicationTypes.staffFormId, formId),
    eq(applicationTypes.rejectFormId, formId),
  ) as SQL;

/** What keeps a form alive: application types pointing at it, applications filed with a version. */
export async function formUsage(db: Db, formId: number): Promise<{ applicationTypes: number; applications: number }> {
  const [types] = await db.select({ total: count() }).from(applicationTypes).where(typeUsesForm(formId));
  const versionIds = db.select({ id: formVersions.id }).from(formVersions).where(eq(formVersions.formId, formId));
  const [filed] = await db.select({ total: count() }).from(applications).where(inArray(applications.formVersionId, versionIds));
  return { applicationTypes: types.total, applications: filed.total };
}

/** Forms that exist among `ids` (for the application types' references). */
export async function findFormsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: forms.id,
      name: forms.name,
      status: forms.status,
      publishedVersionId: forms.publishedVersionId,
      latestVersion,
    })
    .from(forms)
    .where(inArray(forms.id, ids)) as Promise<
    { id: number; name: string; status: 'draft' | 'published'; publishedVersionId: number | null; latestVersion: number | null }[]
  >;
}
