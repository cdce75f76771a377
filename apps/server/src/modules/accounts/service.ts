import { checkPasswordPolicy, isBlockedEmailDomain } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { createSession, revokeUserSessions } from '../../platform/auth/sessions.js';
import { type AuditEntry, writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { hashToken } from '../../platform/tokens.js';
import type { RequestMeta } from '../../platform/request.js';
import {
  findUserByEmail,
  findUserById,
  recordSuccessfulLogin,
  VERIFICATION_TOKEN_PURPOSE,
  verifyCredentials,
} from '../auth/index.js';
import type { RegisterRequest, VerificationResponse } from '@ghiseu/domain';
import { hashSmsCode, isOpen, issueLinkKey, newSmsCode, smsCodeMatches } from './keys.js';
import {
  type AccountRecipient,
  sendEmailConfirmation,
  sendInvitation,
  sendPasswordChanged,
  sendPasswordReset,
  sendPhoneCode as sendPhoneCodeSms,
} from './messages.js';
import { isUniqueViolation } from '../../platform/db.js';
import {
  type CodePurpose,
  consumeCode,
  countCodeAttempt,
  expireOpenCodes,
  recentPhoneCodes,
  findCodeByHash,
  findOpenPhoneCode,
  insertCode,
  insertUser,
  updateUser,
  upsertProfile,
  type UserRow,
} from './repository.js';
import {
  type AccountSettings,
  KEY_LIFETIME_MS,
  PHONE_CODE_LIMITS,
  SMS_CODE_MAX_ATTEMPTS,
  VERIFICATION_TOKEN_SECONDS,
} from './settings.js';

/**
 * Account flows of spec §4 and §7: registration, e-mail and phone confirmation, password
 * recovery, reset, set and change. Each state change runs in one transaction together with its
 * audit entry and its outgoing messages (the outbox), so a message exists exactly when the
 * change does. Password hashing (slow by design) happens before the transaction opens.
 */

/** Keys that end in a new password: recovery, and the set-password links of invited accounts. */
export const PASSWORD_PURPOSES: readonly CodePurpose[] = ['password-reset', 'set-password', 'sub-account-invite'];
/** Keys a link page may check (`GET /auth/check-validation-token`). */
const LINK_PURPOSES: readonly CodePurpose[] = ['email-confirmation', ...PASSWORD_PURPOSES];
type LinkPurpose = Exclude<CodePurpose, 'phone-confirmation'>;

/** Addresses are stored and compared in lower case (the unique index is on lower(email)). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** 'Ioana Popescu', or null when the account has no name yet. */
export function displayName(user: Pick<UserRow, 'firstName' | 'lastName'>): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
}

/** An audit entry about an account, stamped with the request's address and id. */
function audit(
  meta: RequestMeta,
  entry: Omit<AuditEntry, 'ip' | 'requestId' | 'entityType'> & { entityType?: string },
): AuditEntry {
  return { entityType: 'user', ip: meta.ip, requestId: meta.requestId, ...entry };
}

/** REGISTRATION_INVALID_PASSWORD with the broken rules, for every call that sets a password. */
export function assertPasswordPolicy(password: string): void {
  const rules = checkPasswordPolicy(password);
  if (rules.length > 0) throw new AppError('REGISTRATION_INVALID_PASSWORD', { rules });
}

/** REGISTRATION_EMAIL_DOMAIN_BLOCKED when the address belongs to a refused domain (or a subdomain of one). */
export function assertEmailDomainAllowed(email: string, blocked: readonly string[]): void {
  if (isBlockedEmailDomain(email, blocked)) throw new AppError('REGISTRATION_EMAIL_DOMAIN_BLOCKED');
}

function signVerificationToken(ctx: AppContext, userId: number): string {
  return ctx.signer.sign({ purpose: VERIFICATION_TOKEN_PURPOSE, userId }, VERIFICATION_TOKEN_SECONDS);
}

interface VerificationPayload extends Record<string, unknown> {
  purpose?: unknown;
  userId?: unknown;
  exp?: number;
}

// ---- registration and e-mail confirmation ----

/**
 * `POST /auth/register`: creates an active, unconfirmed account with its profile row and
 * e-mails the confirmation link. Professional accounts are created as administrators of their
 * entity, which lets a legal entity add sub-accounts.
 */
export async function registerAccount(
  ctx: AppContext,
  settings: AccountSettings,
  input: RegisterRequest,
  meta: RequestMeta,
): Promise<{ user_id: number; email: string; isEmailConfirmed: false; isPhoneConfirmed: false }> {
  const email = normalizeEmail(input.email);
  // The county's own staff are invited by their administrators; they never sign up themselves.
  assertEmailDomainAllowed(email, [...settings.blockedEmailDomains, settings.countyEmailDomain]);
  assertPasswordPolicy(input.password);
  if (await findUserByEmail(ctx.db, email)) throw new AppError('REGISTRATION_EMAIL_ALREADY_EXISTS');
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        userType: input.user_type_name,
        accountType: input.account_type,
        status: 'active',
        secondaryRole: input.account_type === 'professional' ? 'administrator' : null,
        passwordChangedAt: now,
      });
      await upsertProfile(tx, {
        userId: user.id,
        citizenship: input.user_type_name === 'foreigner' ? 'foreign' : 'romanian',
        companyName: input.company_name ?? null,
      });
      const link = await issueLinkKey(tx, ctx.config.publicUrl, user.id, 'email-confirmation', now);
      await sendEmailConfirmation(ctx, tx, user, link);
      await writeAudit(
        tx,
        audit(meta, {
          actorUserId: user.id,
          action: 'account.register',
          entityId: user.id,
          after: { email, user_type: user.userType, account_type: user.accountType, phone: user.phone },
        }),
      );
      return { user_id: user.id, email, isEmailConfirmed: false as const, isPhoneConfirmed: false as const };
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('REGISTRATION_EMAIL_ALREADY_EXISTS');
    throw error;
  }
}

/**
 * `GET /auth/check-validation-token`: tells a link page whether its token still works and what
 * for. Accepts the key of an e-mailed link and the signed verification token of login
 * (the SMS page). Unknown, used, expired, or belonging to a deactivated account: INVALID_TOKEN.
 */
export async function checkValidationToken(
  ctx: AppContext,
  token: string,
): Promise<{ valid: true; purpose: LinkPurpose | 'account-verification'; email: string; expires_at: string }> {
  const payload = ctx.signer.verify<VerificationPayload>(token);
  if (payload) {
    if (payload.purpose !== VERIFICATION_TOKEN_PURPOSE || typeof payload.userId !== 'number') throw new AppError('INVALID_TOKEN');
    const user = await findUserById(ctx.db, payload.userId);
    if (user?.status !== 'active' || (user.emailConfirmedAt !== null && user.phoneConfirmedAt !== null)) {
      throw new AppError('INVALID_TOKEN');
    }
    return {
      valid: true,
      purpose: 'account-verification',
      email: user.email,
      expires_at: new Date((payload.exp ?? 0) * 1000).toISOString(),
    };
  }
  const found = await findCodeByHash(ctx.db, hashToken(token), LINK_PURPOSES);
  if (!found || !isOpen(found.code) || found.user.status === 'inactive') throw new AppError('INVALID_TOKEN');
  return {
    valid: true,
    // The lookup was limited to LINK_PURPOSES, so this is never an SMS code.
    purpose: found.code.purpose as LinkPurpose,
    email: found.user.email,
    expires_at: found.code.expiresAt.toISOString(),
  };
}

/**
 * `POST /auth/confirm-email`: uses the key once, confirms the address and hands out the
 * verification token for the SMS step (none when the phone is already confirmed: the user then
 * signs in). A link proves the mailbox, not the password, so it never opens a session by itself.
 */
export async function confirmEmail(ctx: AppContext, confirmationKey: string, meta: RequestMeta): Promise<VerificationResponse> {
  const now = new Date();
  const found = await findCodeByHash(ctx.db, hashToken(confirmationKey), ['email-confirmation']);
  if (!found || !isOpen(found.code, now)) throw new AppError('INVALID_TOKEN');
  if (found.user.status !== 'active') throw new AppError('AUTH_DISABLED');
  return ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, found.code.id, now))) throw new AppError('INVALID_TOKEN');
    const user = await updateUser(tx, found.user.id, { emailConfirmedAt: found.user.emailConfirmedAt ?? now });
    await writeAudit(tx, audit(meta, { actorUserId: user.id, action: 'account.email_confirmed', entityId: user.id }));
    const isPhoneConfirmed = user.phoneConfirmedAt !== null;
    return {
      isEmailConfirmed: true,
      isPhoneConfirmed,
      data: isPhoneConfirmed
        ? { authToken: null, verificationToken: null }
        : { authToken: null, verificationToken: signVerificationToken(ctx, user.id), phone: user.phone },
    };
  });
}

/**
 * `GET /auth/resend`: a new confirmation link (the previous one stops working). Silent when the
 * address is unknown, inactive or already confirmed, so the answer never tells which exist.
 */
export async function resendEmailConfirmation(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.status !== 'active' || user.emailConfirmedAt !== null) return;
  await ctx.db.transaction(async (tx) => {
    const link = await issueLinkKey(tx, ctx.config.publicUrl, user.id, 'email-confirmation');
    await sendEmailConfirmation(ctx, tx, user, link);
    await writeAudit(tx, audit(meta, { actorUserId: user.id, action: 'account.confirmation_resent', entityId: user.id }));
  });
}

// ---- phone confirmation ----

/**
 * The account a phone step acts for: the one named by the verification token of login or
 * e-mail confirmation, or else the signed-in user (changing the phone of a confirmed account).
 * The token serves only the confirmation step: once the phone is confirmed it opens nothing.
 */
async function resolvePhoneAccount(ctx: AppContext, token: string | undefined, actor: Actor | null): Promise<UserRow> {
  if (token !== undefined) {
    const payload = ctx.signer.verify<VerificationPayload>(token);
    if (payload?.purpose !== VERIFICATION_TOKEN_PURPOSE || typeof payload.userId !== 'number')
      throw new AppError('INVALID_TOKEN');
    const user = await findUserById(ctx.db, payload.userId);
    if (user?.status !== 'active' || user.phoneConfirmedAt !== null) throw new AppError('INVALID_TOKEN');
    return user;
  }
  const user = actor ? await findUserById(ctx.db, actor.userId) : undefined;
  if (!user) throw new AppError('INVALID_TOKEN');
  return user;
}

/**
 * Refuses a phone code past {@link PHONE_CODE_LIMITS} in the last hour, for the account or for
 * the number, with RATE_LIMITED and the seconds until the oldest code leaves the window.
 */
async function assertPhoneCodeAllowed(ctx: AppContext, userId: number, phone: string, now: Date): Promise<void> {
  const windowMs = PHONE_CODE_LIMITS.windowMinutes * 60_000;
  const recent = await recentPhoneCodes(ctx.db, userId, phone, new Date(now.getTime() - windowMs));
  const full = [
    recent.account.count >= PHONE_CODE_LIMITS.perAccount ? recent.account.oldest : null,
    recent.number.count >= PHONE_CODE_LIMITS.perNumber ? recent.number.oldest : null,
  ].filter((d): d is Date => d !== null);
  if (full.length === 0) return;
  const freeAt = Math.max(...full.map((d) => d.getTime() + windowMs));
  throw new AppError('RATE_LIMITED', { retry_after_seconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) });
}

/** `POST /auth/phone/update`: sends a 6-digit code (10 minutes) to the phone; earlier codes stop working. */
export async function sendPhoneCode(
  ctx: AppContext,
  input: { phone: string; token?: string },
  actor: Actor | null,
  meta: RequestMeta,
): Promise<void> {
  const user = await resolvePhoneAccount(ctx, input.token, actor);
  const now = new Date();
  await assertPhoneCodeAllowed(ctx, user.id, input.phone, now);
  const code = newSmsCode();
  const expiresAt = new Date(now.getTime() + KEY_LIFETIME_MS['phone-confirmation']);
  await ctx.db.transaction(async (tx) => {
    await expireOpenCodes(tx, user.id, ['phone-confirmation'], now);
    await insertCode(tx, {
      userId: user.id,
      purpose: 'phone-confirmation',
      codeHash: hashSmsCode(code),
      target: input.phone,
      expiresAt,
    });
    await sendPhoneCodeSms(ctx, tx, {
      to: input.phone,
      code,
      minutes: KEY_LIFETIME_MS['phone-confirmation'] / 60_000,
      expiresAt,
      userId: user.id,
      language: user.notificationLanguage,
    });
    await writeAudit(
      tx,
      audit(meta, { actorUserId: user.id, action: 'account.phone_code_sent', entityId: user.id, after: { phone: input.phone } }),
    );
  });
}

/**
 * `POST /auth/phone/validate`: checks the SMS code. A wrong code (or another phone than the one
 * the code went to) counts an attempt, committed before the error goes out; after
 * {@link SMS_CODE_MAX_ATTEMPTS} wrong attempts the code is dead. Success stores the phone as
 * confirmed and, when the e-mail is confirmed too, opens a session like login does.
 */
export async function validatePhoneCode(
  ctx: AppContext,
  input: { phone: string; smsCode: string; token?: string },
  actor: Actor | null,
  meta: RequestMeta & { userAgent?: string },
): Promise<VerificationResponse> {
  const user = await resolvePhoneAccount(ctx, input.token, actor);
  const now = new Date();
  const code = await findOpenPhoneCode(ctx.db, user.id, now, SMS_CODE_MAX_ATTEMPTS);
  if (!code) throw new AppError('SMS_CODE_EXPIRED');
  if (code.target !== input.phone || !smsCodeMatches(code.codeHash, input.smsCode)) {
    const attempts = await ctx.db.transaction(async (tx) => {
      const count = await countCodeAttempt(tx, code.id);
      await writeAudit(
        tx,
        audit(meta, { actorUserId: user.id, action: 'account.phone_code_failed', entityId: user.id, after: { attempts: count } }),
      );
      return count;
    });
    throw new AppError('SMS_CODE_INVALID', { remaining_attempts: Math.max(0, SMS_CODE_MAX_ATTEMPTS - attempts) });
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, code.id, now, SMS_CODE_MAX_ATTEMPTS))) throw new AppError('SMS_CODE_EXPIRED');
    const updated = await updateUser(tx, user.id, { phone: input.phone, phoneConfirmedAt: now });
    await writeAudit(
      tx,
      audit(meta, {
        actorUserId: user.id,
        action: 'account.phone_confirmed',
        entityId: user.id,
        before: { phone: user.phone, confirmed: user.phoneConfirmedAt !== null },
        after: { phone: updated.phone, confirmed: true },
      }),
    );
    if (updated.emailConfirmedAt === null) {
      return {
        isEmailConfirmed: false,
        isPhoneConfirmed: true,
        data: { authToken: null, verificationToken: signVerificationToken(ctx, user.id) },
      };
    }
    await recordSuccessfulLogin(tx, user.id);
    const { token } = await createSession(tx, user.id, ctx.config.session, { ip: meta.ip, userAgent: meta.userAgent });
    await writeAudit(tx, audit(meta, { actorUserId: user.id, action: 'auth.login', entityId: user.id, after: { via: 'phone' } }));
    return { isEmailConfirmed: true, isPhoneConfirmed: true, data: { authToken: token, verificationToken: null } };
  });
}

// ---- passwords ----

async function sendPasswordResetLink(ctx: AppContext, user: UserRow, actorUserId: number | null, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const link = await issueLinkKey(tx, ctx.config.publicUrl, user.id, 'password-reset');
    await sendPasswordReset(ctx, tx, user, link);
    await writeAudit(tx, audit(meta, { actorUserId, action: 'account.password_reset_requested', entityId: user.id }));
  });
}

/** `POST /recover-password`: e-mails a reset link (1 hour) to an active account; silent otherwise. */
export async function recoverPassword(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.status !== 'active') return;
  await sendPasswordResetLink(ctx, user, null, meta);
}

/** `POST /users/me/password-reset` ('Resetare parolă' in the user panel): the reset link to the signed-in user. */
export async function requestOwnPasswordReset(ctx: AppContext, actor: Actor, meta: RequestMeta): Promise<void> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('TOKEN_INVALID');
  await sendPasswordResetLink(ctx, user, actor.userId, meta);
}

/**
 * E-mails a set-password invitation (72 hours) to an account created without a password:
 * invited staff (`set-password`) and sub-accounts (`sub-account-invite`). Call it inside the
 * transaction that creates the account. Exported for the administration module.
 */
export async function sendSetPasswordInvitation(
  tx: Db,
  ctx: AppContext,
  user: AccountRecipient,
  purpose: 'set-password' | 'sub-account-invite',
  invitedBy: string,
): Promise<void> {
  const link = await issueLinkKey(tx, ctx.config.publicUrl, user.id, purpose);
  await sendInvitation(ctx, tx, user, link, invitedBy);
}

/**
 * `PATCH /auth/reset-password`, behind `/auth/reset-password` and `/auth/set-password`: sets a
 * new password with a link key. A set-password or invitation key also activates the pending
 * account; any of them confirms the e-mail (the link proved the mailbox). All sessions end,
 * other outstanding password links die, and a notice (without the password) is e-mailed.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { confirmationKey: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const now = new Date();
  const found = await findCodeByHash(ctx.db, hashToken(input.confirmationKey), PASSWORD_PURPOSES);
  if (!found || !isOpen(found.code, now)) throw new AppError('AUTH_INVALID_CONFIRMATION_VALIDATIONS');
  const { code, user } = found;
  if (user.status === 'inactive') throw new AppError('AUTH_DISABLED');
  assertPasswordPolicy(input.password);
  if (user.passwordHash && (await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('RESET_PASSWORD_ALREADY_USED');
  }
  const passwordHash = await hashPassword(input.password);
  const activates = code.purpose !== 'password-reset' && user.status === 'pending';
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, code.id, now))) throw new AppError('AUTH_INVALID_CONFIRMATION_VALIDATIONS');
    await updateUser(tx, user.id, {
      passwordHash,
      passwordChangedAt: now,
      failedLoginCount: 0,
      lockedUntil: null,
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      ...(activates ? { status: 'active' as const } : {}),
    });
    await expireOpenCodes(tx, user.id, PASSWORD_PURPOSES, now);
    await revokeUserSessions(tx, user.id);
    await sendPasswordChanged(ctx, tx, user);
    await writeAudit(
      tx,
      audit(meta, {
        actorUserId: user.id,
        action: code.purpose === 'password-reset' ? 'account.password_reset' : 'account.password_set',
        entityId: user.id,
        before: { status: user.status },
        after: { status: activates ? 'active' : user.status, sessions_revoked: true },
      }),
    );
  });
}

/**
 * `POST /auth/change-password` (public: the password expired at login, so there is no session):
 * old password checked with the lockout of login, new one must follow the policy and differ.
 * Ends every session; the user signs in again with the new password.
 */
export async function changePassword(
  ctx: AppContext,
  input: { email: string; oldPassword: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  assertPasswordPolicy(input.password);
  const user = await verifyCredentials(ctx, input.email, input.oldPassword, meta, 'account.password_change_failed');
  if (input.password === input.oldPassword) throw new AppError('RESET_PASSWORD_ALREADY_USED');
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null });
    await expireOpenCodes(tx, user.id, ['password-reset'], now);
    await revokeUserSessions(tx, user.id);
    await sendPasswordChanged(ctx, tx, user);
    await writeAudit(
      tx,
      audit(meta, {
        actorUserId: user.id,
        action: 'account.password_changed',
        entityId: user.id,
        after: { sessions_revoked: true },
      }),
    );
  });
}
