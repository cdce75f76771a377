import { users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { computePermissions } from '../../platform/auth/permissions.js';
import { revokeUserSessions } from '../../platform/auth/sessions.js';
import type { AppContext } from '../../platform/context.js';
import { type Db, isUniqueViolation, isForeignKeyViolation } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { hashToken, newOpaqueToken } from '../../platform/tokens.js';
import type { StaffAccountDetail, StaffAccountInviteRequest, StaffAccountPatchRequest } from '@ghiseu/domain';
import { organisationScope, scopeCondition, targetOrganisation } from '../../platform/auth/scope.js';
import { mayChangeRole, mayGrantAdminRole, mayInviteStaff, mayReadStaffAccount, staffAccountAbilities } from './policy.js';
import { presentStaffAccount, presentStaffAccountList, staffSnapshot } from './presenter.js';
import { createUser, replaceLinkKey, saveProfile, updateUser } from '../accounts/index.js';
import { findUserByEmail } from '../auth/index.js';
import { sendTemplated } from '../notifications/index.js';
import * as organisationRepo from './repository/organisations.js';
import * as structureRepo from './repository/structure.js';
import * as repo from './repository/staff.js';
import { audit, hoursFromNow, invalidField, notFound, type RequestMeta, sameSet } from '../../platform/request.js';

/**
 * Staff accounts (spec §3, §4): invitation by e-mail, edits, activation, deactivation, password
 * reset, deletion, and the UATs each staff member answers for. Accounts are those of the staff
 * roles, inside the actor's organisation (any organisation for the super admin).
 */

/** Lifetime of the set-password link of an invitation. */
export const SET_PASSWORD_HOURS = 72;
/** Lifetime of a password-reset link sent by an administrator. */
export const PASSWORD_RESET_HOURS = 24;

export async function listStaffAccounts(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.STAFF_ACCOUNT_LIST);
  const membership = repo.staffMembershipConditions(parsed);
  const list = repo.listStaffAccounts(ctx.db, membership.parsed, [
    scopeCondition(organisationScope(actor), users.organisationId),
    ...membership.conditions,
  ]);
  return presentStaffAccountList(
    actor,
    await listPage(parsed, async () => (await list.rows()).map((r) => presentStaffAccount(actor, r)), list.total),
  );
}

async function loadStaffAccount(db: Db, actor: Actor, id: number): Promise<repo.StaffAccountRow> {
  const row = await repo.findStaffAccount(db, id);
  if (!row || !mayReadStaffAccount(actor, row)) throw notFound();
  return row;
}

/** Loads an account the actor may change; 404 outside their reach, 403 when they may only read it. */
async function loadEditable(db: Db, actor: Actor, id: number) {
  const row = await loadStaffAccount(db, actor, id);
  const abilities = staffAccountAbilities(actor, row);
  if (!abilities.canEdit) throw new AppError('FORBIDDEN');
  return { row, abilities };
}

export async function getStaffAccount(ctx: AppContext, actor: Actor, id: number): Promise<StaffAccountDetail> {
  const row = await loadStaffAccount(ctx.db, actor, id);
  const permissions = await computePermissions(ctx.db, {
    id: row.id,
    userType: row.userType,
    organisationId: row.organisationId,
  });
  return { ...presentStaffAccount(actor, row), permissions: Object.keys(permissions).sort() };
}

/** Departments and functions given to an account must belong to its organisation. */
async function checkMemberships(
  db: Db,
  organisationId: number,
  input: { department_ids?: number[]; function_ids?: number[] },
): Promise<void> {
  if (input.department_ids?.length) {
    const found = await structureRepo.findDepartmentsByIds(db, input.department_ids);
    const ok = new Set(found.filter((d) => d.organisationId === organisationId).map((d) => d.id));
    const unknown = [...new Set(input.department_ids)].filter((id) => !ok.has(id));
    if (unknown.length > 0) throw invalidField('body.department_ids', 'Departament necunoscut', { ids: unknown });
  }
  if (input.function_ids?.length) {
    const found = await structureRepo.findFunctionsByIds(db, input.function_ids);
    const ok = new Set(found.filter((f) => f.organisationId === organisationId).map((f) => f.id));
    const unknown = [...new Set(input.function_ids)].filter((id) => !ok.has(id));
    if (unknown.length > 0) throw invalidField('body.function_ids', 'Funcție necunoscută', { ids: unknown });
  }
}

/**
 * Invites a staff member by e-mail (spec §3 staff account, §4 pending status): a pending
 * account in the organisation with its profile data, departments and functions, and an e-mail
 * with a set-password link valid 72 hours. The key is stored hashed (`verification_codes`,
 * purpose 'set-password'); setting the password activates the account (accounts module).
 */
export async function inviteStaffAccount(
  ctx: AppContext,
  actor: Actor,
  input: StaffAccountInviteRequest,
  meta: RequestMeta,
): Promise<StaffAccountDetail> {
  const target = targetOrganisation(actor, input.organisation_id);
  if (!target.allowed || !mayInviteStaff(actor, target.organisationId)) throw new AppError('FORBIDDEN');
  if ((input.user_type_name === 'admin' || input.is_organisation_admin) && !mayGrantAdminRole(actor)) {
    throw new AppError('FORBIDDEN', { fields: ['user_type_name', 'is_organisation_admin'] });
  }
  const organisationId = target.organisationId as number;
  const organisation = await organisationRepo.findOrganisation(ctx.db, organisationId);
  if (!organisation) throw invalidField('body.organisation_id', 'Instituția nu există');
  await checkMemberships(ctx.db, organisationId, input);
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError('USER_ALREADY_EXISTS');

  const key = newOpaqueToken();
  const expiresAt = hoursFromNow(SET_PASSWORD_HOURS);
  const link = `${ctx.config.publicUrl}/auth/set-password?confirmationKey=${encodeURIComponent(key)}`;
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const userId = await createUser(tx, {
        email: input.email,
        passwordHash: null,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone ?? null,
        userType: input.user_type_name,
        accountType: 'personal',
        status: 'pending',
        organisationId,
        isOrganisationAdmin: input.is_organisation_admin,
      });
      await saveProfile(tx, userId, {
        staffBadgeNumber: input.badge_number ?? null,
        staffBadgeIssuer: input.badge_issuer ?? null,
        externalEnrollmentId: input.external_enrollment_id ?? null,
      });
      await repo.setUserDepartments(tx, userId, input.department_ids);
      await repo.setUserFunctions(tx, userId, input.function_ids);
      await replaceLinkKey(tx, {
        userId,
        purpose: 'set-password',
        codeHash: hashToken(key),
        expiresAt,
      });
      // A new account: the portal's default language until its owner chooses another.
      await sendTemplated(ctx, tx, {
        eventType: 'account.invitation',
        channel: 'email',
        to: input.email,
        language: 'ro',
        userId,
        values: { recipient_name: input.first_name, link, invited_by: organisation.name },
        secrets: { values: [key], expiresAt },
      });
      const created = await repo.findStaffAccount(tx, userId);
      await audit(tx, actor, meta, {
        organisationId,
        action: 'staff_account.invite',
        entityType: 'user',
        entityId: userId,
        after: created ? staffSnapshot(created) : null,
      });
      return userId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('USER_ALREADY_EXISTS');
    throw error;
  }
  return getStaffAccount(ctx, actor, id);
}

/** Merge-patch of an account's fields, departments and functions. */
export async function patchStaffAccount(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: StaffAccountPatchRequest,
  meta: RequestMeta,
): Promise<StaffAccountDetail> {
  const { row: current } = await loadEditable(ctx.db, actor, id);
  if (patch.user_type_name !== undefined && patch.user_type_name !== current.userType && !mayChangeRole(actor, current)) {
    throw new AppError('FORBIDDEN', { fields: ['user_type_name'] });
  }
  const promotes =
    (patch.user_type_name === 'admin' && current.userType !== 'admin') ||
    (patch.is_organisation_admin === true && !current.isOrganisationAdmin);
  if (promotes && !mayGrantAdminRole(actor))
    throw new AppError('FORBIDDEN', { fields: ['user_type_name', 'is_organisation_admin'] });
  const organisationId = current.organisationId as number;
  await checkMemberships(ctx.db, organisationId, patch);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, {
      firstName: patch.first_name,
      lastName: patch.last_name,
      phone: patch.phone,
      userType: patch.user_type_name,
      isOrganisationAdmin: patch.is_organisation_admin,
    });
    if (patch.badge_number !== undefined || patch.badge_issuer !== undefined || patch.external_enrollment_id !== undefined) {
      await saveProfile(tx, id, {
        staffBadgeNumber: patch.badge_number,
        staffBadgeIssuer: patch.badge_issuer,
        externalEnrollmentId: patch.external_enrollment_id,
      });
    }
    if (patch.department_ids) await repo.setUserDepartments(tx, id, patch.department_ids);
    if (patch.function_ids) await repo.setUserFunctions(tx, id, patch.function_ids);
    const updated = await repo.findStaffAccount(tx, id);
    await audit(tx, actor, meta, {
      organisationId,
      action: 'staff_account.update',
      entityType: 'user',
      entityId: id,
      before: staffSnapshot(current),
      after: updated ? staffSnapshot(updated) : null,
    });
  });
  return getStaffAccount(ctx, actor, id);
}

/**
 * Activation and deactivation (spec §4). Deactivating revokes every session of the account in
 * the same transaction, so its tokens stop working at once; the guard also refuses tokens of
 * inactive users. Both are idempotent: repeating one changes nothing.
 */
export async function setStaffAccountStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: 'active' | 'inactive',
  meta: RequestMeta,
): Promise<StaffAccountDetail> {
  const { row: current, abilities } = await loadEditable(ctx.db, actor, id);
  if (current.status === status) return getStaffAccount(ctx, actor, id);
  if (status === 'active' ? !abilities.canActivate : !abilities.canDeactivate) throw new AppError('FORBIDDEN');
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, { status });
    if (status === 'inactive') await revokeUserSessions(tx, id);
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: status === 'active' ? 'staff_account.activate' : 'staff_account.deactivate',
      entityType: 'user',
      entityId: id,
      before: { status: current.status },
      after: { status },
    });
  });
  return getStaffAccount(ctx, actor, id);
}

/**
 * E-mails a password-reset link (spec §6 "staff users (including reset password)"); refused for
 * inactive accounts (AUTH_DISABLED, spec §4). A pending account that never set a password gets
 * a fresh invitation link instead. Earlier unused links of the same kind stop working.
 */
export async function resetStaffPassword(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  const { row: current, abilities } = await loadEditable(ctx.db, actor, id);
  if (current.status === 'inactive' || !abilities.canResetPassword) throw new AppError('AUTH_DISABLED');
  const invitation = current.status === 'pending';
  const key = newOpaqueToken();
  const hours = invitation ? SET_PASSWORD_HOURS : PASSWORD_RESET_HOURS;
  const link = `${ctx.config.publicUrl}/auth/${invitation ? 'set-password' : 'reset-password'}?confirmationKey=${encodeURIComponent(key)}`;
  const expiresAt = hoursFromNow(hours);
  const recipient = await findUserByEmail(ctx.db, current.email);
  const organisation = current.organisationId
    ? await organisationRepo.findOrganisation(ctx.db, current.organisationId)
    : undefined;
  const invitedBy = organisation?.name ?? 'Administratorul instituției';
  await ctx.db.transaction(async (tx) => {
    await replaceLinkKey(tx, {
      userId: id,
      purpose: invitation ? 'set-password' : 'password-reset',
      codeHash: hashToken(key),
      expiresAt,
    });
    await sendTemplated(ctx, tx, {
      eventType: invitation ? 'account.invitation' : 'account.password_reset',
      channel: 'email',
      to: current.email,
      language: recipient?.notificationLanguage ?? 'ro',
      userId: id,
      values: { recipient_name: current.firstName, link, invited_by: invitedBy },
      secrets: { values: [key], expiresAt },
    });
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'staff_account.reset_password',
      entityType: 'user',
      entityId: id,
      after: { purpose: invitation ? 'set-password' : 'password-reset' },
    });
  });
}

/**
 * Deletes an account nothing refers to (spec §4 "deletion can be refused"): audit entries it
 * wrote, files it uploaded, UATs it answers for and the like keep it, answered with 409
 * CONFLICT, `data.reason = 'referenced'` and the counts. Sessions do not count.
 */
export async function deleteStaffAccount(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  const { row: current, abilities } = await loadEditable(ctx.db, actor, id);
  if (!abilities.canDelete) throw new AppError('FORBIDDEN');
  const references = await repo.userReferences(ctx.db, id);
  if (Object.keys(references).length > 0) throw new AppError('CONFLICT', { reason: 'referenced', references });
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.deleteUser(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'staff_account.delete',
        entityType: 'user',
        entityId: id,
        before: staffSnapshot(current),
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', { reason: 'referenced' });
    throw error;
  }
}

/**
 * Replaces the UATs a staff member answers for (spec §3, §5). Each UAT must lie in the
 * jurisdiction of the account's organisation (a county council: its county; a city hall: its
 * UAT) and must not be assigned to somebody else (UAT_ALREADY_ASSIGNED with `data.uat_id`).
 */
export async function assignStaffUats(
  ctx: AppContext,
  actor: Actor,
  id: number,
  uatIds: number[],
  meta: RequestMeta,
): Promise<StaffAccountDetail> {
  const { row: current, abilities } = await loadEditable(ctx.db, actor, id);
  if (!abilities.canAssignUats) throw new AppError('FORBIDDEN');
  const organisation = await organisationRepo.findOrganisation(ctx.db, current.organisationId as number);
  if (!organisation) throw notFound();
  const wanted = [...new Set(uatIds)];
  const found = new Map((await repo.findUatsByIds(ctx.db, wanted)).map((u) => [u.id, u]));
  for (const uatId of wanted) {
    const uat = found.get(uatId);
    if (!uat) throw invalidField('body.uat_ids', 'UAT-ul nu există', { uat_id: uatId });
    const inJurisdiction =
      organisation.type === 'city_hall' && organisation.uatId !== null
        ? uat.id === organisation.uatId
        : organisation.countyId !== null && uat.countyId === organisation.countyId;
    if (!inJurisdiction) throw invalidField('body.uat_ids', 'UAT-ul nu se află în jurisdicția instituției', { uat_id: uatId });
  }
  const before = current.uats.map((u) => u.id).sort((a, b) => a - b);
  if (sameSet(before, wanted)) return getStaffAccount(ctx, actor, id);
  try {
    await ctx.db.transaction(async (tx) => {
      const taken = (await repo.uatAssignmentsOf(tx, wanted)).find((a) => a.userId !== id);
      if (taken) throw new AppError('UAT_ALREADY_ASSIGNED', { uat_id: taken.uatId });
      await repo.setUserUats(tx, id, organisation.id, wanted);
      await audit(tx, actor, meta, {
        organisationId: organisation.id,
        action: 'staff_account.uats',
        entityType: 'user',
        entityId: id,
        before: { uat_ids: before },
        after: { uat_ids: [...wanted].sort((a, b) => a - b) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Lost a race with another assignment: name the UAT now held by somebody else.
      const row = (await repo.uatAssignmentsOf(ctx.db, wanted)).find((a) => a.userId !== id);
      throw new AppError('UAT_ALREADY_ASSIGNED', row ? { uat_id: row.uatId } : undefined);
    }
    throw error;
  }
  return getStaffAccount(ctx, actor, id);
}

/** The UAT allocations of the organisation the actor works in (`territorial-unit-allocations/uats`). */
export async function listUatAllocations(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.UAT_ALLOCATION_LIST);
  const list = repo.listUatAllocations(ctx.db, parsed, actor.organisationId);
  return listPage(
    parsed,
    async () => (await list.rows()).map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    list.total,
  );
}
