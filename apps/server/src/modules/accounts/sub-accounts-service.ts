import type { Actor } from '../../platform/auth/actor.js';
import { revokeUserSessions } from '../../platform/auth/sessions.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import type { RequestMeta } from '../../platform/request.js';
import { findUserByEmail, findUserById } from '../auth/index.js';
import type { CreateSubAccountRequest, SubAccount, UpdateSubAccountRequest } from '@ghiseu/domain';
import { canManageSubAccounts } from './policy.js';
import { presentSubAccount } from './presenter.js';
import { isUniqueViolation } from '../../platform/db.js';
import {
  expireOpenCodes,
  findProfile,
  findSubAccount,
  insertUser,
  listSubAccounts as listSubAccountRows,
  SUB_ACCOUNT_LIST,
  updateUser,
  upsertProfile,
  type UserRow,
} from './repository.js';
import {
  assertEmailDomainAllowed,
  displayName,
  normalizeEmail,
  PASSWORD_PURPOSES,
  sendSetPasswordInvitation,
} from './service.js';
import type { AccountSettings } from './settings.js';

/**
 * Secondary accounts of a professional legal entity (spec §3, §6): the parent account that is
 * the entity's administrator invites people by e-mail, gives them a role and (de)activates them.
 */

/** The acting account, when it may manage sub-accounts; FORBIDDEN otherwise. */
async function loadManager(ctx: AppContext, actor: Actor): Promise<UserRow> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user || !canManageSubAccounts(user)) throw new AppError('FORBIDDEN');
  return user;
}

/** 'Andrei Moldovan (Atelier Proiect Arhitectură SRL)': who the invitation says it comes from. */
async function inviterName(ctx: AppContext, parent: UserRow): Promise<string> {
  const company = (await findProfile(ctx.db, parent.id))?.companyName;
  const name = displayName(parent) ?? parent.email;
  return company ? `${name} (${company})` : name;
}

/** `GET /sub-accounts`: the caller's sub-accounts, with the list-query parameters of DESIGN.md §4. */
export async function listSubAccounts(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parent = await loadManager(ctx, actor);
  const parsed = parseListQuery(query, SUB_ACCOUNT_LIST);
  const { rows, total } = listSubAccountRows(ctx.db, parent.id, parsed);
  return listPage(parsed, async () => (await rows()).map(presentSubAccount), total);
}

/**
 * `POST /sub-accounts`: a pending account under the caller, with the caller's role (user type)
 * and the professional account type, and an e-mailed set-password invitation (72 hours) whose
 * use activates it. A taken address answers USER_ALREADY_EXISTS.
 */
export async function createSubAccount(
  ctx: AppContext,
  settings: AccountSettings,
  actor: Actor,
  input: CreateSubAccountRequest,
  meta: RequestMeta,
): Promise<SubAccount> {
  const parent = await loadManager(ctx, actor);
  const email = normalizeEmail(input.email);
  // Sub-accounts are applicant accounts: the same domains are refused as at registration.
  assertEmailDomainAllowed(email, [...settings.blockedEmailDomains, settings.countyEmailDomain]);
  if (await findUserByEmail(ctx.db, email)) throw new AppError('USER_ALREADY_EXISTS');
  const invitedBy = await inviterName(ctx, parent);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email,
        firstName: input.first_name,
        lastName: input.last_name,
        userType: parent.userType,
        accountType: 'professional',
        status: 'pending',
        parentUserId: parent.id,
        secondaryRole: input.role,
      });
      await upsertProfile(tx, { userId: user.id, citizenship: parent.userType === 'foreigner' ? 'foreign' : 'romanian' });
      await sendSetPasswordInvitation(tx, ctx, user, 'sub-account-invite', invitedBy);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'sub_account.create',
        entityType: 'user',
        entityId: user.id,
        after: { email, role: input.role, status: 'pending', parent_user_id: parent.id },
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return user;
    });
    return presentSubAccount(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('USER_ALREADY_EXISTS');
    throw error;
  }
}

/**
 * `PATCH /sub-accounts/{id}`: role and status. Deactivation ends the account's sessions and its
 * open password links. Activating an account that never set its password keeps it pending and
 * sends a fresh invitation, since only the set-password link can activate it. A sub-account of
 * someone else is NOT_FOUND: it is not in the caller's collection.
 */
export async function updateSubAccount(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: UpdateSubAccountRequest,
  meta: RequestMeta,
): Promise<SubAccount> {
  const parent = await loadManager(ctx, actor);
  const target = await findSubAccount(ctx.db, parent.id, id);
  if (!target) throw new AppError('NOT_FOUND', { resource: 'sub-account' });
  const values: Partial<UserRow> = {};
  if (patch.role !== undefined && patch.role !== target.secondaryRole) values.secondaryRole = patch.role;
  const deactivate = patch.status === 'inactive' && target.status !== 'inactive';
  const reinvite = patch.status === 'active' && target.passwordHash === null;
  if (deactivate) values.status = 'inactive';
  else if (reinvite) values.status = 'pending';
  else if (patch.status === 'active' && target.status !== 'active') values.status = 'active';
  if (Object.keys(values).length === 0 && !reinvite) return presentSubAccount(target);
  const invitedBy = reinvite ? await inviterName(ctx, parent) : '';
  const updated = await ctx.db.transaction(async (tx) => {
    const row = Object.keys(values).length > 0 ? await updateUser(tx, target.id, values) : target;
    if (deactivate) {
      await revokeUserSessions(tx, target.id);
      await expireOpenCodes(tx, target.id, PASSWORD_PURPOSES, new Date());
    }
    if (reinvite) await sendSetPasswordInvitation(tx, ctx, row, 'sub-account-invite', invitedBy);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'sub_account.update',
      entityType: 'user',
      entityId: target.id,
      before: { role: target.secondaryRole, status: target.status },
      after: {
        role: row.secondaryRole,
        status: row.status,
        ...(deactivate ? { sessions_revoked: true } : {}),
        ...(reinvite ? { invitation_sent: true } : {}),
      },
      ip: meta.ip,
      requestId: meta.requestId,
    });
    return row;
  });
  return presentSubAccount(updated);
}
