import type { Actor } from '../../platform/auth/actor.js';
import { createSession, revokeSession } from '../../platform/auth/sessions.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mayDelegate } from './policy.js';
import { findOrganisation } from './repository/organisations.js';
import { audit, type RequestMeta } from '../../platform/request.js';

/**
 * Delegated organisation sign-in (spec §4): a super administrator gets a new session that works
 * inside another organisation (`sessions.delegated_organisation_id`); the guard then reports that
 * organisation as `actor.organisationId` and `users/me` adds `delegated_from_organisation_id`.
 * `null` or the home organisation gives a normal session back. The session the request came with
 * is revoked in the same transaction, so one super admin never holds two live tokens from a switch.
 */
export async function loginDelegatedOrganisation(
  ctx: AppContext,
  actor: Actor,
  organisationId: number | null,
  meta: RequestMeta,
): Promise<{ authToken: string; organisation_id: number | null; delegated_from_organisation_id: number | null }> {
  if (!mayDelegate(actor)) throw new AppError('FORBIDDEN');
  const delegated = organisationId === null || organisationId === actor.homeOrganisationId ? null : organisationId;
  if (delegated !== null && !(await findOrganisation(ctx.db, delegated))) throw new AppError('NOT_FOUND');
  const token = await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    const session = await createSession(tx, actor.userId, ctx.config.session, {
      ip: meta.ip,
      userAgent: meta.userAgent,
      delegatedOrganisationId: delegated,
    });
    await audit(tx, actor, meta, {
      organisationId: delegated ?? actor.homeOrganisationId,
      action: delegated === null ? 'auth.login_delegated_end' : 'auth.login_delegated',
      entityType: 'user',
      entityId: actor.userId,
      before: { organisation_id: actor.organisationId, session_id: actor.sessionId },
      after: { organisation_id: delegated ?? actor.homeOrganisationId, session_id: session.sessionId },
    });
    return session.token;
  });
  return {
    authToken: token,
    organisation_id: delegated ?? actor.homeOrganisationId,
    delegated_from_organisation_id: delegated === null ? null : actor.homeOrganisationId,
  };
}
