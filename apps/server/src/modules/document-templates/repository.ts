import { CONTROL_REPORT_SYSTEM_TYPE } from '@ghiseu/domain';
import { and, asc, count, desc, eq, getTableColumns, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { applicationTypes, documentTemplates, forms, formVersions, organisations } from '../../db/schema/index.js';
import { type Db, nameTaken } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList, romanianOrder } from '../../platform/list-query.js';

/**
 * Data access of the document templates. Every function takes the executor it runs on (pass
 * `tx` inside a transaction).
 */

/** Application types whose `document_template_ids` name the template, plus process steps that do. */
const usageCount = sql<number>`(
  (SELECT count(*) FROM application_types a
    WHERE EXISTS (SELECT 1 FROM jsonb_each_text(a.document_template_ids) e WHERE e.value = "document_templates"."id"::text))
  + (SELECT count(*) FROM process_steps s WHERE s.extra_document_template_id = "document_templates"."id")
)`.mapWith(Number);

export const TEMPLATE_LIST: ListSpec = {
  fields: {
    id: { column: documentTemplates.id, type: 'number', sortable: true },
    name: {
      column: documentTemplates.name,
      type: 'text',
      sortable: true,
      sortBy: romanianOrder(documentTemplates.name),
      searchable: true,
    },
    description: { column: documentTemplates.description, type: 'text', searchable: true },
    status: { column: documentTemplates.status, type: 'text', ops: ['eq'] },
    system_type: { column: documentTemplates.systemType, type: 'text', ops: ['eq'] },
    organisation_id: { column: documentTemplates.organisationId, type: 'number', ops: ['eq'] },
    created_at: { column: documentTemplates.createdAt, type: 'date', sortable: true },
    updated_at: { column: documentTemplates.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'created_at', descending: true },
  idColumn: documentTemplates.id,
  extraParams: ['status', 'system_type', 'fields'],
};

export type TemplateRow = typeof documentTemplates.$inferSelect & {
  organisationName: string | null;
  applicationTypeCount: number;
};

const columns = {
  ...getTableColumns(documentTemplates),
  organisationName: organisations.name,
  applicationTypeCount: usageCount,
};

const templatesFrom = (db: Db) =>
  db.select(columns).from(documentTemplates).leftJoin(organisations, eq(organisations.id, documentTemplates.organisationId));

/** Common templates and, for an organisation, its own; every template for `null` (super admin). */
export function visibleTo(organisationId: number | 'all'): SQL | undefined {
  if (organisationId === 'all') return undefined;
  return or(isNull(documentTemplates.organisationId), eq(documentTemplates.organisationId, organisationId));
}

export function listTemplates(db: Db, parsed: ParsedList, scope: SQL | undefined) {
  const list = buildListSql(parsed, TEMPLATE_LIST, [scope]);
  return {
    rows: (): Promise<TemplateRow[]> =>
      templatesFrom(db)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(documentTemplates).where(list.where))[0].total,
  };
}

export async function findTemplate(db: Db, id: number, options: { lock?: boolean } = {}): Promise<TemplateRow | undefined> {
  const query = templatesFrom(db).where(eq(documentTemplates.id, id));
  const [row] = await (options.lock ? query.for('update', { of: documentTemplates }) : query);
  return row;
}

export function templateNameTaken(db: Db, organisationId: number | null, name: string, exceptId?: number) {
  return nameTaken(db, documentTemplates, documentTemplates, name, {
    scope: sql`coalesce(${documentTemplates.organisationId}, 0) = ${organisationId ?? 0}`,
    exceptId,
  });
}

export async function insertTemplate(db: Db, values: typeof documentTemplates.$inferInsert): Promise<number> {
  const [row] = await db.insert(documentTemplates).values(values).returning({ id: documentTemplates.id });
  return row.id;
}

export async function updateTemplate(db: Db, id: number, values: Partial<typeof documentTemplates.$inferInsert>) {
  await db
    .update(documentTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documentTemplates.id, id));
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.delete(documentTemplates).where(eq(documentTemplates.id, id));
}

/** Active templates for the application-type selects (common + the organisation's, or all). */
export function listOptions(db: Db, organisationId: number | 'all', limit: number) {
  return db
    .select({
      id: documentTemplates.id,
      name: documentTemplates.name,
      organisationId: documentTemplates.organisationId,
      systemType: documentTemplates.systemType,
    })
    .from(documentTemplates)
    .where(
      and(
        eq(documentTemplates.status, 'active'),
        visibleTo(organisationId),
        // A control's closing report is no application type's document.
        or(isNull(documentTemplates.systemType), ne(documentTemplates.systemType, CONTROL_REPORT_SYSTEM_TYPE)),
      ),
    )
    .orderBy(romanianOrder(documentTemplates.name), asc(documentTemplates.id))
    .limit(limit);
}

/**
 * The active template of `systemType` an organisation uses: its own first, else a common one
 * (the most recently changed wins when there are several).
 */
export async function activeTemplateOfSystemType(db: Db, organisationId: number, systemType: string) {
  const [row] = await db
    .select({ id: documentTemplates.id })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.status, 'active'), eq(documentTemplates.systemType, systemType), visibleTo(organisationId)))
    .orderBy(sql`${documentTemplates.organisationId} IS NULL`, desc(documentTemplates.updatedAt), desc(documentTemplates.id))
    .limit(1);
  return row?.id;
}

/** An application type's organisation and the published definitions of its citizen and staff forms. */
export async function typeForms(db: Db, applicationTypeId: number) {
  const [type] = await db
    .select({
      id: applicationTypes.id,
      organisationId: applicationTypes.organisationId,
      citizenFormId: applicationTypes.citizenFormId,
      staffFormId: applicationTypes.staffFormId,
    })
    .from(applicationTypes)
    .where(eq(applicationTypes.id, applicationTypeId));
  if (!type) return undefined;
  const definitionOf = async (formId: number | null) => {
    if (formId === null) return null;
    const [row] = await db
      .select({ definition: formVersions.definition })
      .from(forms)
      .innerJoin(formVersions, eq(formVersions.id, forms.publishedVersionId))
      .where(eq(forms.id, formId));
    return (row?.definition ?? null) as { fields?: { key?: string; label?: string; type?: string }[] } | null;
  };
  return { type, citizen: await definitionOf(type.citizenFormId), staff: await definitionOf(type.staffFormId) };
}
