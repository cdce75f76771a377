import type { CurrentUser, LoginRequest, LoginResponse } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { computePermissions } from '../../platform/auth/permissions.js';
import { createSession, revokeSessionByToken } from '../../platform/auth/sessions.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { RequestMeta } from '../../platform/request.js';
import * as repo from './repository.js';
import type { UserRow } from './repository.js';

export type { RequestMeta } from '../../platform/request.js';

/** Purpose of the verification token handed out before e-mail and phone are confirmed. */
export const VERIFICATION_TOKEN_PURPOSE = 'account-verification';

/**
 * Checks an e-mail and password with the lockout rules of login (spec §8 codes, one counter),
 * for login and for every call that acts on credentials outside it (the expired password's
 * change). An address without an account answers as an account with a wrong password would
 * (AUTH_FAILED with remaining_attempts, then the lock), after the same argon2 work, so neither
 * the answer nor its time tells which addresses have an account. Every refusal is audited
 * (`failedAction` for a wrong password) and its counter committed before the error goes out.
 */
export async function verifyCredentials(
  ctx: AppContext,
  email: string,
  password: string,
  meta: RequestMeta,
  failedAction = 'auth.login_failed',
): Promise<UserRow> {
  const { config } = ctx;
  const user = await repo.findUserByEmail(ctx.db, email);
  const audit = (action: string, userId: number | null, after?: unknown) =>
    writeAudit(ctx.db, {
      actorUserId: userId,
      action,
      entityType: 'user',
      entityId: userId,
      after,
      ip: meta.ip,
      requestId: meta.requestId,
    });

  if (!user) {
    const lockedUntil = await repo.unknownLoginLockedUntil(ctx.db, email);
    if (lockedUntil && lockedUntil > new Date()) {
      await audit('auth.login_refused_locked', null, { reason: 'unknown_account' });
      throw new AppError('AUTH_FAILED_ACCOUNT_LOCKED', { minutes: Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000) });
    }
    await verifyPassword(null, password);
    const { count, locked } = await ctx.db.transaction(async (tx) => {
      const result = await repo.recordUnknownLoginFailure(tx, email, config.login.maxAttempts, config.login.lockMinutes);
      await writeAudit(tx, {
        actorUserId: null,
        action: failedAction,
        entityType: 'user',
        entityId: null,
        after: { reason: 'unknown_account', attempts: result.count },
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return result;
    });
    if (locked) throw new AppError('AUTH_FAILED_ACCOUNT_LOCKED', { minutes: config.login.lockMinutes });
    throw new AppError('AUTH_FAILED', { remaining_attempts: config.login.maxAttempts - count });
  }
  if (user.lockedUntil && user.lockedUntil > new Date()) {
    await audit('auth.login_refused_locked', user.id);
    throw new AppError('AUTH_FAILED_ACCOUNT_LOCKED', { minutes: Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000) });
  }
  if (user.status !== 'active') {
    await audit('auth.login_refused_disabled', user.id, { status: user.status });
    throw new AppError('AUTH_DISABLED');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const { count, locked } = await ctx.db.transaction(async (tx) => {
      const result = await repo.recordFailedLogin(tx, user.id, config.login.maxAttempts, config.login.lockMinutes);
      await writeAudit(tx, {
        actorUserId: user.id,
        action: result.locked ? 'auth.account_locked' : failedAction,
        entityType: 'user',
        entityId: user.id,
        after: { attempts: result.count },
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return result;
    });
    if (locked) throw new AppError('AUTH_FAILED_ACCOUNT_LOCKED', { minutes: config.login.lockMinutes });
    throw new AppError('AUTH_FAILED', { remaining_attempts: config.login.maxAttempts - count });
  }
  return user;
}

/**
 * Sign-in (spec §4 login flow): credentials, lockout after repeated failures, password expiry,
 * then either a session token or a verification token for the missing confirmation step.
 * Every outcome is audited; failures commit their counter before the error goes out.
 */
export async function login(ctx: AppContext, input: LoginRequest, meta: RequestMeta): Promise<LoginResponse> {
  const { config } = ctx;
  const user = await verifyCredentials(ctx, input.email, input.password, meta);
  const audit = (action: string, userId: number) =>
    writeAudit(ctx.db, {
      actorUserId: userId,
      action,
      entityType: 'user',
      entityId: userId,
      ip: meta.ip,
      requestId: meta.requestId,
    });

  const expiryDays = config.login.passwordExpiryDays;
  if (expiryDays > 0 && user.passwordChangedAt && user.passwordChangedAt.getTime() + expiryDays * 86_400_000 < Date.now()) {
    await audit('auth.password_expired', user.id);
    throw new AppError('AUTH_FAILED_PASSWORD_EXPIRED', { email: user.email });
  }

  const isEmailConfirmed = user.emailConfirmedAt !== null;
  const isPhoneConfirmed = user.phoneConfirmedAt !== null;
  return ctx.db.transaction(async (tx) => {
    await repo.recordSuccessfulLogin(tx, user.id);
    if (!isEmailConfirmed || !isPhoneConfirmed) {
      await writeAudit(tx, {
        actorUserId: user.id,
        action: 'auth.login_pending_verification',
        entityType: 'user',
        entityId: user.id,
        ip: meta.ip,
        requestId: meta.requestId,
      });
      const verificationToken = ctx.signer.sign({ purpose: VERIFICATION_TOKEN_PURPOSE, userId: user.id }, 3600);
      // The phone given at sign-up prefills the SMS step (the password was just proven).
      const phone = isPhoneConfirmed ? null : user.phone;
      return { isEmailConfirmed, isPhoneConfirmed, data: { authToken: null, verificationToken, phone } };
    }
    const { token } = await createSession(tx, user.id, config.session, { ip: meta.ip, userAgent: meta.userAgent });
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'auth.login',
      entityType: 'user',
      entityId: user.id,
      ip: meta.ip,
      requestId: meta.requestId,
    });
    return { isEmailConfirmed, isPhoneConfirmed, data: { authToken: token, verificationToken: null } };
  });
}

/** Logout: revokes the session the token names. Unknown tokens are accepted silently. */
export async function invalidateToken(ctx: AppContext, token: string, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const userId = await revokeSessionByToken(tx, token);
    if (userId !== null)
      await writeAudit(tx, {
        actorUserId: userId,
        action: 'auth.logout',
        entityType: 'user',
        entityId: userId,
        ip: meta.ip,
        requestId: meta.requestId,
      });
  });
}

/** The current-user record of spec §3. */
export async function getCurrentUser(ctx: AppContext, actor: Actor): Promise<CurrentUser> {
  const user = await repo.findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('TOKEN_INVALID');
  const permissions = await computePermissions(ctx.db, {
    id: user.id,
    userType: user.userType,
    organisationId: actor.organisationId,
  });
  return {
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    photo: user.photoFileId ? String(user.photoFileId) : null,
    user_type_name: user.userType,
    account_type: user.accountType,
    permissions: permissions as Record<string, true>,
    profile_completed: user.profileCompleted,
    profile_needs_update: user.profileNeedsUpdate,
    is_email_confirmed: user.emailConfirmedAt !== null,
    is_phone_confirmed: user.phoneConfirmedAt !== null,
    enrolled: user.enrolled,
    organisation_id: actor.organisationId,
    is_organisation_admin: user.isOrganisationAdmin,
    // Staff functions of the organisation the user works in now (the delegated one for a super admin).
    functions: await repo.listUserFunctions(ctx.db, user.id, actor.organisationId),
    delegated_from_organisation_id: actor.organisationId !== actor.homeOrganisationId ? actor.homeOrganisationId : null,
  };
}

/* ───────── Accounts as other modules look them up (accounts, social, administration) ───────── */

/** A user by id (any role or status). */
export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return repo.findUserById(db, id);
}

/** A user by e-mail address, compared case-insensitively as the unique index does. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return repo.findUserByEmail(db, email);
}

/** Clears the failure counter and the lock and stamps the sign-in time. */
export function recordSuccessfulLogin(db: Db, userId: number): Promise<void> {
  return repo.recordSuccessfulLogin(db, userId);
}
