import type { FormDefinition } from '@ghiseu/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  applicationBeneficiaries,
  applicationComments,
  applicationFiles,
  applicationRealEstates,
  applications,
  applicationTypes,
  files,
  forms,
  formVersions,
  organisations,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import {
  buildListSql,
  countList,
  countListPrepared,
  isDefaultShape,
  type ListSpec,
  oncePerDatabase,
  withCompiledRowMapper,
  type ParsedList,
  listOrderBy,
} from '../../platform/list-query.js';

/** Data access of the applications module: every query of applications and their children. */

export type ApplicationRow = typeof applications.$inferSelect;

/** The citizen list: filters of the web FilterBar, free text over the folded `quick_search`. */
export const APPLICATION_LIST: ListSpec = {
  fields: {
    id: { column: applications.id, type: 'number', sortable: true },
    status: { column: applications.status, type: 'text', ops: ['eq'], sortable: true },
    application_type_id: { column: applications.applicationTypeId, type: 'number', ops: ['eq'] },
    application_type_name: { column: applicationTypes.name, type: 'text', sortable: true },
    domain: { column: applicationTypes.domain, type: 'text', ops: ['eq'] },
    category: { column: applicationTypes.category, type: 'text', ops: ['eq'] },
    organisation_id: { column: applications.organisationId, type: 'number', ops: ['eq'] },
    identification_number: { column: applications.identificationNumber, type: 'text', sortable: true },
    purpose: { column: applications.purpose, type: 'text', ops: ['contains'] },
    created_at: { column: applications.createdAt, type: 'date', sortable: true },
    updated_at: { column: applications.updatedAt, type: 'date', sortable: true },
    application_date: { column: applications.applicationDate, type: 'date', sortable: true },
    // Entry number, type name, beneficiary names and codes, cadastral numbers (folded).
    quick_search: { column: applications.quickSearch, type: 'text', ops: ['contains'], searchable: true, prefolded: true },
  },
  defaultSort: { field: 'created_at', descending: true },
  idColumn: applications.id,
};

/** Fields of the list that live on the application type: only they make the count join it. */
const TYPE_FIELDS = new Set(['application_type_name', 'domain', 'category']);

/**
 * The application columns a list item shows (and its abilities read): not the jsonb form data,
 * tax summary or signing details, which only the full record needs.
 */
export const applicationListColumns = {
  id: applications.id,
  applicationTypeId: applications.applicationTypeId,
  organisationId: applications.organisationId,
  applicantUserId: applications.applicantUserId,
  identificationNumber: applications.identificationNumber,
  status: applications.status,
  purpose: applications.purpose,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  applicationDate: applications.applicationDate,
  responseDueInDays: applications.responseDueInDays,
};
export type ApplicationListColumns = Pick<ApplicationRow, keyof typeof applicationListColumns>;

export const typeColumns = {
  typeName: applicationTypes.name,
  typeDomain: applicationTypes.domain,
  typeCategory: applicationTypes.category,
  tenantName: organisations.name,
};
export interface TypeColumns {
  typeName: string;
  typeDomain: string;
  typeCategory: 'inbound' | 'outbound' | 'internal';
  tenantName: string;
}
/** A list item's row. */
export type ApplicationListRow = TypeColumns & { application: ApplicationListColumns };
/** The full record's row: every application column. */
export type ApplicationDetailRow = TypeColumns & { application: ApplicationRow };

function selectList(db: Db) {
  return db
    .select({ application: applicationListColumns, ...typeColumns })
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .innerJoin(organisations, eq(organisations.id, applications.organisationId));
}

export function listApplications(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, APPLICATION_LIST, conditions);
  const needsType = parsed.filters.some((f) => TYPE_FIELDS.has(f.field));
  return {
    rows: (): Promise<ApplicationListRow[]> =>
      selectList(db)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    // Every application has its type and organisation (NOT NULL foreign keys): the count joins
    // the type only when a filter reads it, and is then an index-only count on the applicant.
    total: () => {
      const from = db.select({ one: sql`1` }).from(applications);
      return countList(
        db,
        (needsType ? from.innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId)) : from).where(
          list.where,
        ),
      );
    },
  };
}

/** The applicant's own list in the default order: the same SQL as {@link listApplications}, prepared. */
const ownPageQuery = oncePerDatabase((db) => {
  return withCompiledRowMapper(
    selectList(db)
      .where(eq(applications.applicantUserId, sql.placeholder('userId')))
      .orderBy(...listOrderBy(APPLICATION_LIST))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('applications_own_page'),
  );
});

/**
 * A citizen's own applications (the list every citizen opens first). Without filters, free text
 * or a sort of the client's own, the page and the count are statements built and prepared once
 * (drizzle rebuilding them was the largest share of the request's CPU in the list benchmark);
 * any other shape goes through {@link listApplications}.
 */
export function listOwnApplications(db: Db, parsed: ParsedList, applicantUserId: number) {
  if (!isDefaultShape(parsed, APPLICATION_LIST))
    return listApplications(db, parsed, [eq(applications.applicantUserId, applicantUserId)]);
  return {
    rows: (): Promise<ApplicationListRow[]> =>
      ownPageQuery(db).execute({ userId: applicantUserId, limit: parsed.limit, offset: parsed.skip }),
    total: () =>
      countListPrepared(
        db,
        'applications_own',
        () =>
          db
            .select({ one: sql`1` })
            .from(applications)
            .where(eq(applications.applicantUserId, sql.placeholder('userId'))),
        { userId: applicantUserId },
      ),
  };
}

/** Applications with the list columns, by condition (find, findAll), newest first. */
export function findApplicationsWhere(db: Db, where: SQL | undefined, limit: number): Promise<ApplicationListRow[]> {
  return selectList(db).where(where).orderBy(sql`${applications.createdAt} DESC`, asc(applications.id)).limit(limit);
}

/** One application with the list's joins (type, organisation) and every application column. */
export async function findApplicationListRow(db: Db, id: number): Promise<ApplicationDetailRow | undefined> {
  const [row] = await db
    .select({ application: applications, ...typeColumns })
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .innerJoin(organisations, eq(organisations.id, applications.organisationId))
    .where(eq(applications.id, id));
  return row;
}

/**
 * One application. `lock` takes the row lock (SELECT … FOR UPDATE) so that changes of one draft
 * and its submission run one after the other.
 */
export async function findApplication(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ApplicationRow | undefined> {
  const query = db.select().from(applications).where(eq(applications.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** An application type with what filing needs: its organisation and the citizen form's published version. */
export interface FilingType {
  id: number;
  name: string;
  organisationId: number;
  status: 'active' | 'inactive';
  category: 'inbound' | 'outbound' | 'internal';
  domain: string;
  remainingPeriod: number;
  formVersionId: number | null;
}

export async function findFilingType(db: Db, id: number): Promise<FilingType | undefined> {
  const [row] = await db
    .select({
      id: applicationTypes.id,
      name: applicationTypes.name,
      organisationId: applicationTypes.organisationId,
      status: applicationTypes.status,
      category: applicationTypes.category,
      domain: applicationTypes.domain,
      remainingPeriod: applicationTypes.remainingPeriod,
      formVersionId: forms.publishedVersionId,
    })
    .from(applicationTypes)
    .leftJoin(forms, eq(forms.id, applicationTypes.citizenFormId))
    .where(eq(applicationTypes.id, id));
  return row;
}

export interface FormVersionRow {
  id: number;
  formId: number;
  version: number;
  definition: FormDefinition;
}

/**
 * A published form version. Versions are immutable and were checked with ZFormDefinition when
 * published (forms module), so the stored definition is read as it is.
 */
export async function findFormVersion(db: Db, id: number | null): Promise<FormVersionRow | undefined> {
  if (id === null) return undefined;
  const [row] = await db
    .select({
      id: formVersions.id,
      formId: formVersions.formId,
      version: formVersions.version,
      definition: formVersions.definition,
    })
    .from(formVersions)
    .where(eq(formVersions.id, id));
  return row ? { ...row, definition: row.definition as FormDefinition } : undefined;
}

export async function insertApplication(db: Db, values: typeof applications.$inferInsert): Promise<number> {
  const [row] = await db.insert(applications).values(values).returning({ id: applications.id });
  return row.id;
}

export async function updateApplication(db: Db, id: number, values: Partial<typeof applications.$inferInsert>): Promise<void> {
  await db
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(applications.id, id));
}

export async function deleteApplication(db: Db, id: number): Promise<void> {
  await db.delete(applications).where(eq(applications.id, id));
}

/**
 * Rewrites `quick_search` (folded entry number, type name, beneficiary names and codes,
 * cadastral numbers) and `updated_at`, in one statement inside the change's transaction. Every
 * change of an application or of its beneficiaries and real estates calls it.
 */
export async function refreshQuickSearch(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    UPDATE ${applications} AS a SET
      quick_search = lower(f_unaccent(concat_ws(' ',
        a.identification_number,
        (SELECT t.name FROM ${applicationTypes} t WHERE t.id = a.application_type_id),
        (SELECT string_agg(concat_ws(' ', b.company_name, b.first_name, b.last_name, b.personal_numeric_code, b.unique_registration_code), ' ' ORDER BY b.position)
           FROM ${applicationBeneficiaries} b WHERE b.application_id = a.id),
        (SELECT string_agg(r.cadastral_number, ' ' ORDER BY r.position) FROM ${applicationRealEstates} r WHERE r.application_id = a.id)
      ))),
      updated_at = now()
    WHERE a.id = ${id}`);
}

/**
 * Keeps the application's own UAT and real-estate type in step with its first real-estate
 * target (staff lists route applications by UAT).
 */
export async function syncFirstTarget(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    UPDATE ${applications} AS a SET
      uat_id = (SELECT r.uat_id FROM ${applicationRealEstates} r WHERE r.application_id = a.id ORDER BY r.position, r.id LIMIT 1),
      real_estate_type = (SELECT r.type FROM ${applicationRealEstates} r WHERE r.application_id = a.id ORDER BY r.position, r.id LIMIT 1)
    WHERE a.id = ${id}`);
}

/* ───────────────────────────── List cells ───────────────────────────── */

export interface BeneficiaryNameRow {
  applicationId: number;
  id: number;
  personType: 'individual' | 'legal';
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** Beneficiary names of several applications, in their order. */
// The names and cadastral numbers of a page's applications: one prepared statement each, the
// ids as one array parameter (`= any($1)`), whatever the page's size.
const pageIds = () => sql.placeholder('ids');

const beneficiaryNamesQuery = oncePerDatabase((db) =>
  withCompiledRowMapper(
    db
      .select({
        applicationId: applicationBeneficiaries.applicationId,
        id: applicationBeneficiaries.id,
        personType: applicationBeneficiaries.personType,
        companyName: applicationBeneficiaries.companyName,
        firstName: applicationBeneficiaries.firstName,
        lastName: applicationBeneficiaries.lastName,
      })
      .from(applicationBeneficiaries)
      .where(sql`${applicationBeneficiaries.applicationId} = any(${pageIds()})`)
      .orderBy(applicationBeneficiaries.applicationId, applicationBeneficiaries.position, applicationBeneficiaries.id)
      .prepare('applications_page_beneficiaries'),
  ),
);

export function beneficiaryNames(db: Db, applicationIds: number[]): Promise<BeneficiaryNameRow[]> {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return beneficiaryNamesQuery(db).execute({ ids: applicationIds });
}

const cadastralNumbersQuery = oncePerDatabase((db) =>
  withCompiledRowMapper(
    db
      .select({ applicationId: applicationRealEstates.applicationId, cadastralNumber: applicationRealEstates.cadastralNumber })
      .from(applicationRealEstates)
      .where(sql`${applicationRealEstates.applicationId} = any(${pageIds()})`)
      .orderBy(applicationRealEstates.applicationId, applicationRealEstates.position, applicationRealEstates.id)
      .prepare('applications_page_cadastral_numbers'),
  ),
);

/** Cadastral numbers of several applications, in their order. */
export function cadastralNumbers(
  db: Db,
  applicationIds: number[],
): Promise<{ applicationId: number; cadastralNumber: string }[]> {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return cadastralNumbersQuery(db).execute({ ids: applicationIds });
}

/* ───────────────────────────── Files ───────────────────────────── */

export interface ApplicationFileRow {
  id: number;
  applicationId: number;
  fileId: number;
  fileType: 'input' | 'review' | 'output';
  status: 'signed' | 'sealed' | null;
  category: string | null;
  isPublic: boolean;
  isPreview: boolean;
  isIdentification: boolean;
  isGis: boolean;
  createdBy: number | null;
  createdAt: Date;
  name: string;
  mimeType: string;
  size: number;
  creatorFirstName: string | null;
  creatorLastName: string | null;
}

export function applicationFileRows(db: Db, applicationId: number, where?: SQL): Promise<ApplicationFileRow[]> {
  return db
    .select({
      id: applicationFiles.id,
      applicationId: applicationFiles.applicationId,
      fileId: applicationFiles.fileId,
      fileType: applicationFiles.fileType,
      status: applicationFiles.status,
      category: applicationFiles.category,
      isPublic: applicationFiles.isPublic,
      isPreview: applicationFiles.isPreview,
      isIdentification: applicationFiles.isIdentification,
      isGis: applicationFiles.isGis,
      createdBy: applicationFiles.createdBy,
      createdAt: applicationFiles.createdAt,
      name: files.name,
      mimeType: files.mimeType,
      size: files.size,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
    })
    .from(applicationFiles)
    .innerJoin(files, eq(files.id, applicationFiles.fileId))
    .leftJoin(users, eq(users.id, applicationFiles.createdBy))
    .where(and(eq(applicationFiles.applicationId, applicationId), where))
    .orderBy(asc(applicationFiles.createdAt), asc(applicationFiles.id));
}

export async function isFileAttached(db: Db, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationFiles.id })
    .from(applicationFiles)
    .where(eq(applicationFiles.fileId, fileId))
    .limit(1);
  return row !== undefined;
}

export async function renameFile(db: Db, fileId: number, name: string): Promise<void> {
  await db.update(files).set({ name }).where(eq(files.id, fileId));
}

export async function insertApplicationFile(db: Db, values: typeof applicationFiles.$inferInsert): Promise<number> {
  const [row] = await db.insert(applicationFiles).values(values).returning({ id: applicationFiles.id });
  return row.id;
}

export async function deleteApplicationFiles(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(applicationFiles).where(inArray(applicationFiles.id, ids));
}

/* ───────────────────────────── Comments ───────────────────────────── */

export function visibleComments(db: Db, applicationId: number) {
  return db
    .select({
      id: applicationComments.id,
      text: applicationComments.text,
      authorUserId: applicationComments.authorUserId,
      isClarification: applicationComments.isClarification,
      createdAt: applicationComments.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(applicationComments)
    .innerJoin(users, eq(users.id, applicationComments.authorUserId))
    .where(and(eq(applicationComments.applicationId, applicationId), eq(applicationComments.isInternal, false)))
    .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id));
}

export async function insertComment(db: Db, values: typeof applicationComments.$inferInsert): Promise<number> {
  const [row] = await db.insert(applicationComments).values(values).returning({ id: applicationComments.id });
  return row.id;
}

export async function userName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return [row?.firstName, row?.lastName].filter(Boolean).join(' ');
}
