import { type CurrentUser, todayInRomania, VALIDATION_MESSAGES as M } from '@ghiseu/domain';
import { type Actor, can } from '../../platform/auth/actor.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { RequestMeta } from '../../platform/request.js';
import { findUserById, getCurrentUser } from '../auth/index.js';
import type { Profile, ProfileUpdateRequest, UserPatchRequest, UserRecord } from '@ghiseu/domain';
import { canReadUser, isSubAccount, missingProfileFields } from './policy.js';
import { COMPANY_KEYS, presentProfile, presentUserRecord } from './presenter.js';
import {
  countryExists,
  countyExists,
  countyOfUat,
  findFunctionsAndDepartments,
  findProfile,
  findProfileLabels,
  type ProfileRow,
  uatOfVillage,
  updateUser,
  upsertProfile,
  type UserRow,
} from './repository.js';
import { findOwnFile } from '../files/index.js';

/**
 * The profile of spec §3 (`GET/PUT /profiles/me`) and the user records (`PATCH /users`,
 * `GET /users/{id}`).
 */

interface FieldIssue {
  path: string;
  message: string;
}

const ONLY_LEGAL_ENTITY = 'Câmpul este disponibil doar pentru persoane juridice';
const FUTURE_DATE = 'Data nu poate fi în viitor';

/** Values never written in clear to the audit log: personal identifiers and bank accounts. */
const MASKED_FIELDS = new Set(['personalNumericCode', 'idCardNumber', 'passportNumber', 'iban']);
const mask = (value: unknown) => (typeof value === 'string' && value.length > 3 ? `***${value.slice(-3)}` : value);

function currentUserRow(user: UserRow | undefined): UserRow {
  // The guard resolved the session a moment ago; a missing row means it was just deleted.
  if (!user) throw new AppError('TOKEN_INVALID');
  return user;
}

/** The profile with its looked-up names, the parent's company data for a sub-account, and what is missing. */
async function loadProfile(ctx: AppContext, user: UserRow): Promise<Profile> {
  const profile = await findProfile(ctx.db, user.id);
  // A parent without a profile row still makes the company data inherited (and empty).
  const companySource = isSubAccount(user)
    ? ((await findProfile(ctx.db, user.parentUserId as number)) ?? emptyCompany())
    : undefined;
  const labels = await findProfileLabels(ctx.db, {
    countyId: profile?.countyId ?? null,
    localityId: profile?.localityId ?? null,
    villageId: profile?.villageId ?? null,
    countryId: profile?.countryId ?? null,
    organisationId: user.organisationId,
  });
  const { functions, departments } = await findFunctionsAndDepartments(ctx.db, user.id);
  return presentProfile(user, profile, {
    labels,
    functions,
    departments,
    companySource,
    missingFields: missingProfileFields(user, profile),
  });
}

function emptyCompany(): ProfileRow {
  return { companyName: null, companyRegistrationCode: null, tradeRegistryNumber: null } as ProfileRow;
}

export async function getMyProfile(ctx: AppContext, actor: Actor): Promise<Profile> {
  return loadProfile(ctx, currentUserRow(await findUserById(ctx.db, actor.userId)));
}

/**
 * Checks what the zod contract cannot: company fields only for legal entities, the address
 * chain (the UAT belongs to the county, the village to the UAT), the country, an ID card not
 * issued in the future. All problems are reported together as VALIDATION_ERROR fields.
 */
async function checkProfileInput(ctx: AppContext, user: UserRow, input: ProfileUpdateRequest): Promise<void> {
  const issues: FieldIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ path: `body.${field}`, message });
  if (user.userType !== 'legal_entity') {
    for (const field of ['company_name', 'company_registration_code', 'trade_registry_number'] as const) {
      if (input[field] !== undefined) issue(field, ONLY_LEGAL_ENTITY);
    }
  }
  if (input.county_id !== undefined && !(await countyExists(ctx.db, input.county_id))) issue('county_id', M.invalidValue);
  if (input.locality_id !== undefined) {
    if (input.county_id === undefined) issue('county_id', M.required);
    else if ((await countyOfUat(ctx.db, input.locality_id)) !== input.county_id) issue('locality_id', M.invalidValue);
  }
  if (input.village_id !== undefined) {
    if (input.locality_id === undefined) issue('locality_id', M.required);
    else if ((await uatOfVillage(ctx.db, input.village_id)) !== input.locality_id) issue('village_id', M.invalidValue);
  }
  if (input.country_id !== undefined && !(await countryExists(ctx.db, input.country_id))) issue('country_id', M.invalidValue);
  if (input.id_card_issue_date !== undefined && input.id_card_issue_date > todayInRomania()) {
    issue('id_card_issue_date', FUTURE_DATE);
  }
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', { fields: issues });
}

/** The profile row a PUT describes: every editable field, a missing one cleared. */
function profileValues(user: UserRow, input: ProfileUpdateRequest, current: ProfileRow | undefined) {
  const values = {
    userId: user.id,
    citizenship: user.userType === 'foreigner' ? ('foreign' as const) : ('romanian' as const),
    personalNumericCode: input.personal_numeric_code ?? null,
    countyId: input.county_id ?? null,
    localityId: input.locality_id ?? null,
    villageId: input.village_id ?? null,
    sector: input.sector ?? null,
    street: input.street ?? null,
    streetNumber: input.street_number ?? null,
    postalCode: input.postal_code ?? null,
    staircase: input.staircase ?? null,
    block: input.block ?? null,
    floor: input.floor ?? null,
    apartment: input.apartment ?? null,
    countryId: input.country_id ?? null,
    city: input.city ?? null,
    address: input.address ?? null,
    passportNumber: input.passport_number ?? null,
    companyName: input.company_name ?? null,
    companyRegistrationCode: input.company_registration_code?.replace(/\s+/g, '').toUpperCase() ?? null,
    tradeRegistryNumber: input.trade_registry_number ?? null,
    iban: input.iban ?? null,
    bank: input.bank ?? null,
    architectLicence: input.architect_licence ?? null,
    idCardSeries: input.id_card_series ?? null,
    idCardNumber: input.id_card_number ?? null,
    idCardIssueDate: input.id_card_issue_date ?? null,
    idCardExpiryDate: input.id_card_expiry_date ?? null,
    idCardIssuer: input.id_card_issuer ?? null,
  };
  // A sub-account's company data are its parent's: whatever the form sends back is ignored.
  if (isSubAccount(user)) for (const key of COMPANY_KEYS) values[key] = current?.[key] ?? null;
  return values;
}

/** Field-by-field before → after of what changed, with identifiers masked. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const diff: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  for (const [key, value] of Object.entries(after)) {
    if (key === 'userId' || before[key] === value) continue;
    diff.before[key] = MASKED_FIELDS.has(key) ? mask(before[key]) : (before[key] ?? null);
    diff.after[key] = MASKED_FIELDS.has(key) ? mask(value) : value;
  }
  return diff;
}

/**
 * `PUT /profiles/me`: replaces the editable profile. Saving a complete profile (see
 * {@link missingProfileFields}) sets `profile_completed` and clears `profile_needs_update`; an
 * incomplete one is saved too (forms fill in steps) and leaves the account incomplete. A new
 * phone number loses its confirmation until the SMS step confirms it; a missing phone keeps the
 * current one, as the e-mail is kept (both are sign-in data, changed by their own flows).
 */
export async function updateMyProfile(
  ctx: AppContext,
  actor: Actor,
  input: ProfileUpdateRequest,
  meta: RequestMeta,
): Promise<Profile> {
  const user = currentUserRow(await findUserById(ctx.db, actor.userId));
  await checkProfileInput(ctx, user, input);
  const current = await findProfile(ctx.db, user.id);
  const values = profileValues(user, input, current);
  const names = { firstName: input.first_name ?? null, lastName: input.last_name ?? null };
  const missing = missingProfileFields({ ...user, ...names }, values);
  const phoneChanged = input.phone !== undefined && input.phone !== user.phone;
  const updated = await ctx.db.transaction(async (tx) => {
    await upsertProfile(tx, values);
    const row = await updateUser(tx, user.id, {
      ...names,
      ...(phoneChanged ? { phone: input.phone, phoneConfirmedAt: null } : {}),
      profileCompleted: missing.length === 0,
      ...(missing.length === 0 ? { profileNeedsUpdate: false } : {}),
    });
    const profileDiff = changes({ ...current }, values);
    const userDiff = changes(
      { firstName: user.firstName, lastName: user.lastName, phone: user.phone, profileCompleted: user.profileCompleted },
      { firstName: row.firstName, lastName: row.lastName, phone: row.phone, profileCompleted: row.profileCompleted },
    );
    await writeAudit(tx, {
      actorUserId: actor.userId,
      organisationId: actor.organisationId,
      action: 'profile.update',
      entityType: 'user',
      entityId: user.id,
      before: { ...profileDiff.before, ...userDiff.before },
      after: { ...profileDiff.after, ...userDiff.after },
      ip: meta.ip,
      requestId: meta.requestId,
    });
    return row;
  });
  return loadProfile(ctx, updated);
}

/**
 * `PATCH /users` (merge patch): first and last name and the photo of the current user. The
 * photo must be an image the user uploaded; `null` removes it. Answers the current user.
 */
export async function patchCurrentUser(
  ctx: AppContext,
  actor: Actor,
  patch: UserPatchRequest,
  meta: RequestMeta,
): Promise<CurrentUser> {
  const user = currentUserRow(await findUserById(ctx.db, actor.userId));
  if (patch.photo_file_id !== undefined && patch.photo_file_id !== null) {
    const file = await findOwnFile(ctx.db, patch.photo_file_id, actor.userId);
    if (!file) throw new AppError('FILE_NOT_EXISTS');
    if (!file.mimeType.startsWith('image/')) throw new AppError('VALIDATION.UPLOADED_FILE_TYPE', { allowed: ['image/*'] });
  }
  const values: Partial<UserRow> = {};
  if (patch.first_name !== undefined) values.firstName = patch.first_name;
  if (patch.last_name !== undefined) values.lastName = patch.last_name;
  if (patch.photo_file_id !== undefined) values.photoFileId = patch.photo_file_id;
  if (Object.keys(values).length > 0) {
    await ctx.db.transaction(async (tx) => {
      const next = { ...user, ...values };
      // Names count towards a complete profile; a patch can only add them, never remove them.
      if (!user.profileCompleted && missingProfileFields(next, await findProfile(tx, user.id)).length === 0) {
        values.profileCompleted = true;
      }
      await updateUser(tx, user.id, values);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        organisationId: actor.organisationId,
        action: 'user.update',
        entityType: 'user',
        entityId: user.id,
        before: Object.fromEntries(Object.keys(values).map((k) => [k, user[k as keyof UserRow] ?? null])),
        after: values,
        ip: meta.ip,
        requestId: meta.requestId,
      });
    });
  }
  return getCurrentUser(ctx, actor);
}

/**
 * `GET /users/{id}` under {@link canReadUser}. An unknown id is NOT_FOUND only for those who
 * may read accounts; others get FORBIDDEN either way, so ids do not reveal which accounts exist.
 */
export async function getUserRecord(ctx: AppContext, actor: Actor, id: number): Promise<UserRecord> {
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError(can(actor, 'accountsRead') ? 'NOT_FOUND' : 'FORBIDDEN');
  if (!canReadUser(actor, target)) throw new AppError('FORBIDDEN');
  return presentUserRecord(target);
}
