import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  counties,
  countries,
  departments,
  localities,
  organisations,
  profiles,
  staffFunctions,
  territorialUnits,
  userDepartments,
  userFunctions,
  users,
  verificationCodes,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../platform/list-query.js';

/**
 * Data access of the accounts module. Every function takes the executor it must use: the outer
 * `db` for reads outside a change, the transaction `tx` inside one (PGlite hangs otherwise).
 */

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type CodePurpose = VerificationCodeRow['purpose'];

// ---- users and profiles ----

export async function insertUser(tx: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

export async function updateUser(tx: Db, userId: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function findProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** Inserts or replaces the profile row of a user (accounts created elsewhere may have none yet). */
export async function upsertProfile(tx: Db, values: typeof profiles.$inferInsert): Promise<ProfileRow> {
  const { userId: _userId, ...rest } = values;
  const [row] = await tx
    .insert(profiles)
    .values(values)
    .onConflictDoUpdate({ target: profiles.userId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  return row;
}

/** Names shown next to the ids of a profile: county, UAT, village, country, organisation. */
export async function findProfileLabels(
  db: Db,
  ids: {
    countyId: number | null;
    localityId: number | null;
    villageId: number | null;
    countryId: number | null;
    organisationId: number | null;
  },
) {
  const one = async <T>(id: number | null, query: (id: number) => Promise<{ name: T }[]>) =>
    id === null ? null : ((await query(id))[0]?.name ?? null);
  return {
    county: await one(ids.countyId, (id) => db.select({ name: counties.name }).from(counties).where(eq(counties.id, id))),
    locality: await one(ids.localityId, (id) =>
      db.select({ name: territorialUnits.name }).from(territorialUnits).where(eq(territorialUnits.id, id)),
    ),
    village: await one(ids.villageId, (id) => db.select({ name: localities.name }).from(localities).where(eq(localities.id, id))),
    country: await one(ids.countryId, (id) => db.select({ name: countries.name }).from(countries).where(eq(countries.id, id))),
    organisation: await one(ids.organisationId, (id) =>
      db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id)),
    ),
  };
}

/** Staff functions and departments of a user (read-only in the profile; administration edits them). */
export async function findFunctionsAndDepartments(db: Db, userId: number) {
  const functionRows = await db
    .select({ id: staffFunctions.id, name: staffFunctions.name })
    .from(userFunctions)
    .innerJoin(staffFunctions, eq(staffFunctions.id, userFunctions.functionId))
    .where(eq(userFunctions.userId, userId))
    .orderBy(staffFunctions.name);
  const departmentRows = await db
    .select({ id: departments.id, name: departments.name })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(eq(userDepartments.userId, userId))
    .orderBy(departments.name);
  return { functions: functionRows, departments: departmentRows };
}

// ---- territory checks of an address ----

export async function countyExists(db: Db, countyId: number): Promise<boolean> {
  return (await db.select({ id: counties.id }).from(counties).where(eq(counties.id, countyId))).length > 0;
}

/** The county a UAT belongs to, or null when the UAT does not exist. */
export async function countyOfUat(db: Db, uatId: number): Promise<number | null> {
  const [row] = await db
    .select({ countyId: territorialUnits.countyId })
    .from(territorialUnits)
    .where(eq(territorialUnits.id, uatId));
  return row?.countyId ?? null;
}

/** The UAT a village (SIRUTA locality) belongs to, or null when it does not exist. */
export async function uatOfVillage(db: Db, villageId: number): Promise<number | null> {
  const [row] = await db.select({ uatId: localities.uatId }).from(localities).where(eq(localities.id, villageId));
  return row?.uatId ?? null;
}

export async function countryExists(db: Db, countryId: number): Promise<boolean> {
  return (await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))).length > 0;
}

// ---- single-use keys and codes ----

export async function insertCode(
  tx: Db,
  values: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date; target?: string | null },
): Promise<VerificationCodeRow> {
  const [row] = await tx.insert(verificationCodes).values(values).returning();
  return row;
}

/**
 * Stores a single-use key (its hash) and marks the earlier unused keys of the same purpose used,
 * so only the newest link works (the staff invitations and resets of the administration module).
 */
export async function replaceCode(
  tx: Db,
  values: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, values.userId),
        eq(verificationCodes.purpose, values.purpose),
        isNull(verificationCodes.usedAt),
      ),
    );
  await tx.insert(verificationCodes).values(values);
}

/** A link key by its hash, among the given purposes, with its user. */
export async function findCodeByHash(
  db: Db,
  codeHash: string,
  purposes: readonly CodePurpose[],
): Promise<{ code: VerificationCodeRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ code: verificationCodes, user: users })
    .from(verificationCodes)
    .innerJoin(users, eq(users.id, verificationCodes.userId))
    .where(and(eq(verificationCodes.codeHash, codeHash), inArray(verificationCodes.purpose, [...purposes])));
  return row;
}

/** The newest SMS code of a user still open (not used, not expired, attempts left). */
export async function findOpenPhoneCode(db: Db, userId: number, now: Date, maxAttempts: number) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, 'phone-confirmation'),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

/**
 * Marks a key used, only if it still is usable at `now` (and, for SMS codes, has attempts
 * left). The condition in the UPDATE makes single use hold under concurrency: of two requests
 * with the same key, one gets the row.
 */
export async function consumeCode(tx: Db, codeId: number, now: Date, maxAttempts?: number): Promise<boolean> {
  const rows = await tx
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        maxAttempts === undefined ? undefined : lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** Counts a wrong attempt and returns the new count. */
export async function countCodeAttempt(tx: Db, codeId: number): Promise<number> {
  const [row] = await tx
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, codeId))
    .returning({ attempts: verificationCodes.attempts });
  return row.attempts;
}

/**
 * Phone codes sent since `since`: to the account, and to the number (whoever asked), with the
 * oldest of each, which tells when the window frees a place.
 */
export async function recentPhoneCodes(db: Db, userId: number, phone: string, since: Date) {
  const recent = (where: ReturnType<typeof and>) =>
    db
      .select({ count: count(), oldest: sql<string | null>`min(${verificationCodes.createdAt})` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'phone-confirmation'), gt(verificationCodes.createdAt, since), where));
  const [[account], [number]] = await Promise.all([
    recent(eq(verificationCodes.userId, userId)),
    recent(eq(verificationCodes.target, phone)),
  ]);
  const oldest = (value: string | null) => (value === null ? null : new Date(value));
  return {
    account: { count: account.count, oldest: oldest(account.oldest) },
    number: { count: number.count, oldest: oldest(number.oldest) },
  };
}

/** Ends the open keys of a user for the given purposes, so that only the newest link works. */
export async function expireOpenCodes(tx: Db, userId: number, purposes: readonly CodePurpose[], now: Date): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        inArray(verificationCodes.purpose, [...purposes]),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    );
}

// ---- sub-accounts ----

export const SUB_ACCOUNT_LIST: ListSpec = {
  fields: {
    id: { column: users.id, type: 'number', sortable: true },
    email: { column: users.email, type: 'text', sortable: true, searchable: true },
    first_name: { column: users.firstName, type: 'text', sortable: true, searchable: true },
    last_name: { column: users.lastName, type: 'text', sortable: true, searchable: true },
    role: { column: users.secondaryRole, type: 'text', ops: ['eq'], sortable: true },
    status: { column: users.status, type: 'text', ops: ['eq'], sortable: true },
    created_at: { column: users.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'created_at', descending: true },
  idColumn: users.id,
};

export function listSubAccounts(db: Db, parentUserId: number, parsed: ParsedList) {
  const list = buildListSql(parsed, SUB_ACCOUNT_LIST, [eq(users.parentUserId, parentUserId)]);
  return {
    rows: () =>
      db
        .select()
        .from(users)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(users).where(list.where))[0].total,
  };
}

export async function findSubAccount(db: Db, parentUserId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.parentUserId, parentUserId)));
  return row;
}
