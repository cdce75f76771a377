import { type PermissionKey, PERMISSIONS, ROLE_GRANTS } from '@ghiseu/domain';
import type { Db } from '../../platform/db.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import type { PermissionPatchRequest, PermissionRecord } from '@ghiseu/domain';
import { mayEditPermissions } from './policy.js';
import { presentPermission } from './presenter.js';
import { findOrganisationsByIds } from './repository/organisations.js';
import * as repo from './repository/permissions.js';
import { audit, invalidField, type RequestMeta } from '../../platform/request.js';

/**
 * Permission records of spec §3 (name, description, category, scope, organisations, default
 * assignment) over the catalogue of packages/domain: the keys themselves are code, what the
 * super administrator edits is stored in `permission_definitions`.
 */

export async function listPermissions(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.PERMISSION_LIST);
  const list = repo.listPermissions(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map((r) => presentPermission(actor, r)), list.total);
}

export async function getPermission(ctx: AppContext, actor: Actor, key: string): Promise<PermissionRecord> {
  const row = Object.hasOwn(PERMISSIONS, key) ? await repo.findPermissionListRow(ctx.db, key) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return presentPermission(actor, row);
}

/** Edits a permission record; audited as a permission change (`permission.update`, before → after). */
export async function patchPermission(
  ctx: AppContext,
  actor: Actor,
  key: string,
  patch: PermissionPatchRequest,
  meta: RequestMeta,
): Promise<PermissionRecord> {
  if (!mayEditPermissions(actor)) throw new AppError('FORBIDDEN');
  const before = await getPermission(ctx, actor, key);
  if (patch.organisation_ids) {
    const wanted = [...new Set(patch.organisation_ids)];
    const found = new Set((await findOrganisationsByIds(ctx.db, wanted)).map((o) => o.id));
    const unknown = wanted.filter((id) => !found.has(id));
    if (unknown.length > 0) throw invalidField('body.organisation_ids', 'Instituție necunoscută', { ids: unknown });
  }
  const next = {
    key,
    name: patch.name ?? before.name,
    description: patch.description !== undefined ? patch.description : before.description,
    category: patch.category ?? before.category,
    scope: patch.scope ?? before.scope,
    organisationIds: patch.organisation_ids
      ? [...new Set(patch.organisation_ids)].sort((a, b) => a - b)
      : before.organisation_ids,
    defaultAssignment: patch.default_assignment !== undefined ? patch.default_assignment : before.default_assignment,
  };
  await ctx.db.transaction(async (tx) => {
    await repo.upsertPermissionDefinition(tx, next);
    const { abilities: _a, customised: _c, updated_at: _u, category_label: _l, ...beforeFields } = before;
    await audit(tx, actor, meta, {
      action: 'permission.update',
      entityType: 'permission',
      entityId: key,
      before: beforeFields,
      after: {
        key,
        name: next.name,
        description: next.description,
        category: next.category,
        scope: next.scope,
        organisation_ids: next.organisationIds,
        default_assignment: next.defaultAssignment,
      },
    });
  });
  return getPermission(ctx, actor, key);
}

/**
 * The active staff and administrators of `organisationId` who hold every key of at least one of
 * `alternatives` (role grants or functions), by id: whom a notification for "the staff who
 * can …" reaches (issue 14).
 */
export function staffHoldingPermissions(
  db: Db,
  organisationId: number,
  alternatives: readonly (readonly PermissionKey[])[],
): Promise<number[]> {
  const rolesGranting = (key: string) =>
    (['staff', 'admin'] as const).filter((role) => ROLE_GRANTS[role].includes(key as PermissionKey));
  return repo.findStaffHoldingPermissions(db, organisationId, alternatives, rolesGranting);
}
