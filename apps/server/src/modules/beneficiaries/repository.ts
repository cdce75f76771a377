import type { AnafCompany, AnafStatus, BeneficiaryDetails, Citizenship, PersonType } from '@ghiseu/domain';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { applicationBeneficiaries, beneficiaries } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { buildListSql, countList, type ListSpec, type ParsedList } from '../../platform/list-query.js';
import type { AnafOutcome } from './anaf-client.js';

/** Data access of beneficiaries: the ones named on applications and the user's own register. */

export type ApplicationBeneficiaryRow = typeof applicationBeneficiaries.$inferSelect;
export type RegisterBeneficiaryRow = typeof beneficiaries.$inferSelect;
/** The columns both tables share. */
export type BeneficiaryRow = ApplicationBeneficiaryRow | RegisterBeneficiaryRow;

/** A valid, normalised beneficiary (see `normalizeBeneficiary`) as the services hand it over. */
export interface BeneficiaryValues {
  person_type: PersonType;
  citizenship: Citizenship;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  personal_numeric_code: string | null;
  unique_registration_code: string | null;
  email: string | null;
  phone: string | null;
  details: Partial<BeneficiaryDetails>;
  is_contact_person: boolean;
  tna_code: string | null;
  subsidiary: string | null;
}

export function toColumns(v: BeneficiaryValues) {
  return {
    personType: v.person_type,
    citizenship: v.citizenship,
    firstName: v.first_name,
    lastName: v.last_name,
    companyName: v.company_name,
    personalNumericCode: v.personal_numeric_code,
    uniqueRegistrationCode: v.unique_registration_code,
    email: v.email,
    phone: v.phone,
    // Empty optional details are not stored: the JSON keeps what was typed.
    details: Object.fromEntries(Object.entries(v.details).filter(([, value]) => value !== null && value !== undefined)),
    isContactPerson: v.is_contact_person,
    tnaCode: v.tna_code,
    subsidiary: v.subsidiary,
  };
}

export function toValues(row: BeneficiaryRow): BeneficiaryValues {
  return {
    person_type: row.personType,
    citizenship: row.citizenship,
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    personal_numeric_code: row.personalNumericCode,
    unique_registration_code: row.uniqueRegistrationCode,
    email: row.email,
    phone: row.phone,
    details: row.details as Partial<BeneficiaryDetails>,
    is_contact_person: row.isContactPerson,
    tna_code: row.tnaCode,
    subsidiary: row.subsidiary,
  };
}

/** Whether the CUI goes to the tax authority: Romanian legal persons only. */
export const needsAnafCheck = (v: Pick<BeneficiaryValues, 'person_type' | 'citizenship' | 'unique_registration_code'>): boolean =>
  v.person_type === 'legal' && v.citizenship === 'romanian' && v.unique_registration_code !== null;

export interface AnafColumns {
  anafStatus: AnafStatus;
  anafCheckedAt: Date | null;
  anafData: AnafCompany | null;
}

/** The ANAF columns for an outcome (`null`: no check applies). */
export function anafColumns(outcome: AnafOutcome | null, now = new Date()): AnafColumns {
  if (outcome === null) return { anafStatus: 'not_applicable', anafCheckedAt: null, anafData: null };
  switch (outcome.status) {
    case 'validated':
      return { anafStatus: 'validated', anafCheckedAt: now, anafData: outcome.company };
    case 'invalid':
      return { anafStatus: 'invalid', anafCheckedAt: now, anafData: null };
    default:
      return { anafStatus: 'unvalidated', anafCheckedAt: null, anafData: null };
  }
}

/** The ANAF columns a copy keeps: the same company needs no second question. */
export const copiedAnafColumns = (row: BeneficiaryRow): AnafColumns => ({
  anafStatus: row.anafStatus,
  anafCheckedAt: row.anafCheckedAt,
  anafData: row.anafData as AnafCompany | null,
});

/* ───────────────────────────── On applications ───────────────────────────── */

export function applicationBeneficiaryRows(db: Db, applicationId: number): Promise<ApplicationBeneficiaryRow[]> {
  return db
    .select()
    .from(applicationBeneficiaries)
    .where(eq(applicationBeneficiaries.applicationId, applicationId))
    .orderBy(applicationBeneficiaries.position, applicationBeneficiaries.id);
}

export async function findApplicationBeneficiary(db: Db, applicationId: number, id: number) {
  const [row] = await db
    .select()
    .from(applicationBeneficiaries)
    .where(and(eq(applicationBeneficiaries.applicationId, applicationId), eq(applicationBeneficiaries.id, id)));
  return row;
}

/** Which code is already used by another beneficiary of the application, if any. */
export async function duplicateCode(
  db: Db,
  applicationId: number,
  codes: { cnp: string | null; cui: string | null },
  exceptId?: number,
): Promise<'cnp' | 'cui' | null> {
  const others = and(
    eq(applicationBeneficiaries.applicationId, applicationId),
    exceptId ? ne(applicationBeneficiaries.id, exceptId) : undefined,
  );
  if (codes.cnp) {
    const [row] = await db
      .select({ id: applicationBeneficiaries.id })
      .from(applicationBeneficiaries)
      .where(and(others, eq(applicationBeneficiaries.personalNumericCode, codes.cnp)));
    if (row) return 'cnp';
  }
  if (codes.cui) {
    const [row] = await db
      .select({ id: applicationBeneficiaries.id })
      .from(applicationBeneficiaries)
      .where(and(others, eq(applicationBeneficiaries.uniqueRegistrationCode, codes.cui)));
    if (row) return 'cui';
  }
  return null;
}

export async function countApplicationBeneficiaries(db: Db, applicationId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applicationBeneficiaries)
    .where(eq(applicationBeneficiaries.applicationId, applicationId));
  return row.total;
}

export async function insertApplicationBeneficiary(
  db: Db,
  values: typeof applicationBeneficiaries.$inferInsert,
): Promise<number> {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${applicationBeneficiaries.position}), -1) + 1`.mapWith(Number) })
    .from(applicationBeneficiaries)
    .where(eq(applicationBeneficiaries.applicationId, values.applicationId));
  const [row] = await db
    .insert(applicationBeneficiaries)
    .values({ ...values, position: next })
    .returning({ id: applicationBeneficiaries.id });
  return row.id;
}

export async function updateApplicationBeneficiary(
  db: Db,
  id: number,
  values: Partial<typeof applicationBeneficiaries.$inferInsert>,
): Promise<void> {
  await db.update(applicationBeneficiaries).set(values).where(eq(applicationBeneficiaries.id, id));
}

export async function deleteApplicationBeneficiary(db: Db, id: number): Promise<void> {
  await db.delete(applicationBeneficiaries).where(eq(applicationBeneficiaries.id, id));
}

/* ───────────────────────────── The register ───────────────────────────── */

const displayName = sql`coalesce(${beneficiaries.companyName}, concat_ws(' ', ${beneficiaries.firstName}, ${beneficiaries.lastName}))`;

export const REGISTER_LIST: ListSpec = {
  fields: {
    id: { column: beneficiaries.id, type: 'number', sortable: true },
    person_type: { column: beneficiaries.personType, type: 'text', ops: ['eq'] },
    citizenship: { column: beneficiaries.citizenship, type: 'text', ops: ['eq'] },
    anaf_status: { column: beneficiaries.anafStatus, type: 'text', ops: ['eq'] },
    display_name: { column: displayName, type: 'text', sortable: true, searchable: true },
    personal_numeric_code: { column: beneficiaries.personalNumericCode, type: 'text', searchable: true },
    unique_registration_code: { column: beneficiaries.uniqueRegistrationCode, type: 'text', searchable: true },
    email: { column: beneficiaries.email, type: 'text', searchable: true },
    is_contact_person: { column: beneficiaries.isContactPerson, type: 'boolean' },
    created_at: { column: beneficiaries.createdAt, type: 'date', sortable: true },
    updated_at: { column: beneficiaries.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'display_name', descending: false },
  idColumn: beneficiaries.id,
};

export function listRegister(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, REGISTER_LIST, conditions);
  return {
    rows: (): Promise<RegisterBeneficiaryRow[]> =>
      db
        .select()
        .from(beneficiaries)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: () => countList(db, db.select({ one: sql`1` }).from(beneficiaries).where(list.where)),
  };
}

export async function findRegisterBeneficiary(db: Db, id: number): Promise<RegisterBeneficiaryRow | undefined> {
  const [row] = await db.select().from(beneficiaries).where(eq(beneficiaries.id, id));
  return row;
}

export async function insertRegisterBeneficiary(db: Db, values: typeof beneficiaries.$inferInsert): Promise<number> {
  const [row] = await db.insert(beneficiaries).values(values).returning({ id: beneficiaries.id });
  return row.id;
}

export async function updateRegisterBeneficiary(
  db: Db,
  id: number,
  values: Partial<typeof beneficiaries.$inferInsert>,
): Promise<void> {
  await db
    .update(beneficiaries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(beneficiaries.id, id));
}

export async function deleteRegisterBeneficiary(db: Db, id: number): Promise<void> {
  await db.delete(beneficiaries).where(eq(beneficiaries.id, id));
}

/* ───────────────────────────── ANAF re-checks ───────────────────────────── */

/**
 * Stores a late ANAF answer, only if the row still waits for it with the same CUI (the user may
 * have changed or removed it meanwhile): a job running twice changes nothing the second time.
 * Returns whether a row changed.
 */
export async function storeLateAnafOutcome(
  db: Db,
  target: 'application' | 'register',
  id: number,
  cui: string,
  outcome: Exclude<AnafOutcome, { status: 'unreachable' }>,
): Promise<boolean> {
  const columns = anafColumns(outcome);
  if (target === 'application') {
    const rows = await db
      .update(applicationBeneficiaries)
      .set(columns)
      .where(
        and(
          eq(applicationBeneficiaries.id, id),
          eq(applicationBeneficiaries.uniqueRegistrationCode, cui),
          eq(applicationBeneficiaries.anafStatus, 'unvalidated'),
        ),
      )
      .returning({ id: applicationBeneficiaries.id });
    return rows.length > 0;
  }
  const rows = await db
    .update(beneficiaries)
    .set({ ...columns, updatedAt: new Date() })
    .where(
      and(eq(beneficiaries.id, id), eq(beneficiaries.uniqueRegistrationCode, cui), eq(beneficiaries.anafStatus, 'unvalidated')),
    )
    .returning({ id: beneficiaries.id });
  return rows.length > 0;
}
