import { PERMISSION_CATEGORIES, PERMISSION_KEYS, PERMISSIONS, type PermissionKey } from '@ghiseu/domain';
import type { z } from 'zod';
import { departments, responsibilities, staffFunctions } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { type Db, isUniqueViolation, isForeignKeyViolation } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import type {
  ZDepartmentCreateRequest,
  ZDepartmentPatchRequest,
  ZFunctionCreateRequest,
  ZFunctionPatchRequest,
  ZResponsibilityCreateRequest,
  ZResponsibilityPatchRequest,
} from '@ghiseu/domain';
import { inScope, isSuperAdmin, organisationScope, scopeCondition, targetOrganisation } from '../../platform/auth/scope.js';
import {
  departmentAbilities,
  functionAbilities,
  mayGrantPermission,
  mayReadResponsibility,
  responsibilityAbilities,
} from './policy.js';
import { presentDepartment, presentFunction, presentResponsibility } from './presenter.js';
import { findOrganisation } from './repository/organisations.js';
import { findPermissionDefinitions } from './repository/permissions.js';
import * as repo from './repository/structure.js';
import { audit, invalidField, notFound, type RequestMeta, sameSet } from '../../platform/request.js';

/**
 * Departments, functions and responsibilities of an organisation (spec §3, §5, §6). Each change
 * is one transaction with its audit entry; names are unique per organisation regardless of
 * case (checked first for a clear code, and by the unique index against races).
 */

type DepartmentCreate = z.infer<typeof ZDepartmentCreateRequest>;
type DepartmentPatch = z.infer<typeof ZDepartmentPatchRequest>;
type FunctionCreate = z.infer<typeof ZFunctionCreateRequest>;
type FunctionPatch = z.infer<typeof ZFunctionPatchRequest>;
type ResponsibilityCreate = z.infer<typeof ZResponsibilityCreateRequest>;
type ResponsibilityPatch = z.infer<typeof ZResponsibilityPatchRequest>;

/** Runs a change, turning a unique-index race into the catalogue code the pre-check gives. */
async function uniqueAs<T>(
  code: 'DUPLICATE_DEPARTMENT_NAME' | 'DUPLICATE_FUNCTION_NAME' | 'RESPONSIBILITY_ALREADY_EXISTS',
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(code);
    throw error;
  }
}

/** The organisation a new record goes to; refuses an admin naming another one or a missing one. */
async function creationOrganisation(db: Db, actor: Actor, requested: number | undefined): Promise<number> {
  const target = targetOrganisation(actor, requested);
  if (!target.allowed || target.organisationId === null) throw new AppError('FORBIDDEN');
  if (!(await findOrganisation(db, target.organisationId))) throw invalidField('body.organisation_id', 'Instituția nu există');
  return target.organisationId;
}

/* ───────────────────────────── Departments ───────────────────────────── */

export async function listDepartments(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.DEPARTMENT_LIST);
  const list = repo.listDepartments(ctx.db, parsed, [scopeCondition(organisationScope(actor), departments.organisationId)]);
  return listPage(parsed, async () => (await list.rows()).map((r) => presentDepartment(actor, r)), list.total);
}

async function loadDepartment(db: Db, actor: Actor, id: number) {
  const row = await repo.findDepartment(db, id);
  if (!row || !inScope(actor, row.organisationId)) throw notFound();
  return row;
}

export async function getDepartment(ctx: AppContext, actor: Actor, id: number) {
  return presentDepartment(actor, await loadDepartment(ctx.db, actor, id));
}

const departmentSnapshot = (r: { name: string; description: string | null; status: string; organisationId: number }) => ({
  name: r.name,
  description: r.description,
  status: r.status,
  organisation_id: r.organisationId,
});

export async function createDepartment(ctx: AppContext, actor: Actor, input: DepartmentCreate, meta: RequestMeta) {
  const organisationId = await creationOrganisation(ctx.db, actor, input.organisation_id);
  const id = await uniqueAs('DUPLICATE_DEPARTMENT_NAME', () =>
    ctx.db.transaction(async (tx) => {
      if (await repo.departmentNameTaken(tx, organisationId, input.name)) throw new AppError('DUPLICATE_DEPARTMENT_NAME');
      const values = { organisationId, name: input.name, description: input.description ?? null, status: input.status };
      const created = await repo.insertDepartment(tx, values);
      await audit(tx, actor, meta, {
        organisationId,
        action: 'department.create',
        entityType: 'department',
        entityId: created,
        after: departmentSnapshot(values),
      });
      return created;
    }),
  );
  return getDepartment(ctx, actor, id);
}

export async function patchDepartment(ctx: AppContext, actor: Actor, id: number, patch: DepartmentPatch, meta: RequestMeta) {
  const current = await loadDepartment(ctx.db, actor, id);
  if (!departmentAbilities(actor, current).canEdit) throw new AppError('FORBIDDEN');
  await uniqueAs('DUPLICATE_DEPARTMENT_NAME', () =>
    ctx.db.transaction(async (tx) => {
      if (patch.name !== undefined && (await repo.departmentNameTaken(tx, current.organisationId, patch.name, id))) {
        throw new AppError('DUPLICATE_DEPARTMENT_NAME');
      }
      await repo.updateDepartment(tx, id, { name: patch.name, description: patch.description, status: patch.status });
      const updated = await repo.findDepartment(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'department.update',
        entityType: 'department',
        entityId: id,
        before: departmentSnapshot(current),
        after: updated ? departmentSnapshot(updated) : null,
      });
    }),
  );
  return getDepartment(ctx, actor, id);
}

/** A department with members is kept: CONFLICT with `data.reason = 'referenced'`. */
export async function deleteDepartment(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const current = await loadDepartment(ctx.db, actor, id);
  if (!departmentAbilities(actor, current).canEdit) throw new AppError('FORBIDDEN');
  if (current.userCount > 0) throw new AppError('CONFLICT', { reason: 'referenced', users: current.userCount });
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.deleteDepartment(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'department.delete',
        entityType: 'department',
        entityId: id,
        before: departmentSnapshot(current),
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', { reason: 'referenced' });
    throw error;
  }
}

/* ───────────────────────────── Functions ───────────────────────────── */

export async function listFunctions(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.FUNCTION_LIST);
  const list = repo.listFunctions(ctx.db, parsed, [scopeCondition(organisationScope(actor), staffFunctions.organisationId)]);
  return listPage(parsed, async () => (await list.rows()).map((r) => presentFunction(actor, r)), list.total);
}

async function loadFunction(db: Db, actor: Actor, id: number) {
  const row = await repo.findFunction(db, id);
  if (!row || !inScope(actor, row.organisationId)) throw notFound();
  return row;
}

export async function getFunction(ctx: AppContext, actor: Actor, id: number) {
  return presentFunction(actor, await loadFunction(ctx.db, actor, id));
}

/** Responsibilities given to a function must be its organisation's own or shared ones. */
async function checkResponsibilityIds(db: Db, actor: Actor, organisationId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await repo.findResponsibilitiesByIds(db, unique);
  const usable = new Set(
    found
      .filter(
        (r) =>
          mayReadResponsibility(actor, r.organisationId) && (r.organisationId === null || r.organisationId === organisationId),
      )
      .map((r) => r.id),
  );
  const unknown = unique.filter((id) => !usable.has(id));
  if (unknown.length > 0) throw invalidField('body.responsibility_ids', 'Responsabilitate necunoscută', { ids: unknown });
}

const functionSnapshot = (
  r: { name: string; description: string | null; organisationId: number },
  responsibilityIds: number[],
) => ({
  name: r.name,
  description: r.description,
  organisation_id: r.organisationId,
  responsibility_ids: [...responsibilityIds].sort((a, b) => a - b),
});

export async function createFunction(ctx: AppContext, actor: Actor, input: FunctionCreate, meta: RequestMeta) {
  const organisationId = await creationOrganisation(ctx.db, actor, input.organisation_id);
  await checkResponsibilityIds(ctx.db, actor, organisationId, input.responsibility_ids);
  const id = await uniqueAs('DUPLICATE_FUNCTION_NAME', () =>
    ctx.db.transaction(async (tx) => {
      if (await repo.functionNameTaken(tx, organisationId, input.name)) throw new AppError('DUPLICATE_FUNCTION_NAME');
      const values = { organisationId, name: input.name, description: input.description ?? null };
      const created = await repo.insertFunction(tx, values);
      await repo.setFunctionResponsibilities(tx, created, input.responsibility_ids);
      await audit(tx, actor, meta, {
        organisationId,
        action: 'function.create',
        entityType: 'staff_function',
        entityId: created,
        after: functionSnapshot(values, input.responsibility_ids),
      });
      return created;
    }),
  );
  return getFunction(ctx, actor, id);
}

export async function patchFunction(ctx: AppContext, actor: Actor, id: number, patch: FunctionPatch, meta: RequestMeta) {
  const current = await loadFunction(ctx.db, actor, id);
  if (current.isSystem) throw new AppError('CAN_NOT_USE_SYSTEM_FUNCTIONS');
  if (!functionAbilities(actor, current).canEdit) throw new AppError('FORBIDDEN');
  if (patch.responsibility_ids) await checkResponsibilityIds(ctx.db, actor, current.organisationId, patch.responsibility_ids);
  const before = functionSnapshot(
    current,
    current.responsibilities.map((r) => r.id),
  );
  await uniqueAs('DUPLICATE_FUNCTION_NAME', () =>
    ctx.db.transaction(async (tx) => {
      if (patch.name !== undefined && (await repo.functionNameTaken(tx, current.organisationId, patch.name, id))) {
        throw new AppError('DUPLICATE_FUNCTION_NAME');
      }
      await repo.updateFunction(tx, id, { name: patch.name, description: patch.description });
      if (patch.responsibility_ids) await repo.setFunctionResponsibilities(tx, id, patch.responsibility_ids);
      const updated = await repo.findFunction(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'function.update',
        entityType: 'staff_function',
        entityId: id,
        before,
        after: updated
          ? functionSnapshot(
              updated,
              updated.responsibilities.map((r) => r.id),
            )
          : null,
      });
    }),
  );
  return getFunction(ctx, actor, id);
}

/** System functions are protected; a function held by staff stays (CANNOT_DELETE_FUNCTION). */
export async function deleteFunction(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const current = await loadFunction(ctx.db, actor, id);
  if (current.isSystem) throw new AppError('CAN_NOT_USE_SYSTEM_FUNCTIONS');
  if (!functionAbilities(actor, current).canEdit) throw new AppError('FORBIDDEN');
  if (current.userCount > 0) throw new AppError('CANNOT_DELETE_FUNCTION', { users: current.userCount });
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.deleteFunction(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'function.delete',
        entityType: 'staff_function',
        entityId: id,
        before: functionSnapshot(
          current,
          current.responsibilities.map((r) => r.id),
        ),
      });
    });
  } catch (error) {
    // Referenced elsewhere (application types, workflow steps…).
    if (isForeignKeyViolation(error)) throw new AppError('CANNOT_DELETE_FUNCTION', { reason: 'referenced' });
    throw error;
  }
}

/* ───────────────────────────── Responsibilities ───────────────────────────── */

export async function listResponsibilities(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.RESPONSIBILITY_LIST);
  const list = repo.listResponsibilities(ctx.db, parsed, [
    scopeCondition(organisationScope(actor), responsibilities.organisationId, { includeShared: true }),
  ]);
  return listPage(parsed, async () => (await list.rows()).map((r) => presentResponsibility(actor, r)), list.total);
}

async function loadResponsibility(db: Db, actor: Actor, id: number) {
  const row = await repo.findResponsibility(db, id);
  if (!row || !mayReadResponsibility(actor, row.organisationId)) throw notFound();
  return row;
}

export async function getResponsibility(ctx: AppContext, actor: Actor, id: number) {
  return presentResponsibility(actor, await loadResponsibility(ctx.db, actor, id));
}

/** Refuses keys the actor may not grant (see `mayGrantPermission`) with 403 and the keys. */
async function checkGrantable(db: Db, actor: Actor, keys: string[], organisationId: number | null): Promise<void> {
  const definitions = await findPermissionDefinitions(db, keys);
  const refused = keys.filter((key) => !mayGrantPermission(actor, key as PermissionKey, definitions.get(key), organisationId));
  if (refused.length > 0) throw new AppError('FORBIDDEN', { permissions: refused });
}

const responsibilitySnapshot = (
  r: { name: string; description: string | null; organisationId: number | null },
  keys: string[],
) => ({
  name: r.name,
  description: r.description,
  organisation_id: r.organisationId,
  permissions: [...new Set(keys)].sort(),
});

export async function createResponsibility(ctx: AppContext, actor: Actor, input: ResponsibilityCreate, meta: RequestMeta) {
  if (input.permissions.length === 0) throw new AppError('EMPTY_RESPONSIBILITIES');
  let organisationId: number | null;
  if (input.organisation_id === null) {
    // Shared by every organisation: only the super admin writes those.
    if (!isSuperAdmin(actor)) throw new AppError('FORBIDDEN');
    organisationId = null;
  } else {
    organisationId = await creationOrganisation(ctx.db, actor, input.organisation_id);
  }
  await checkGrantable(ctx.db, actor, input.permissions, organisationId);
  const id = await uniqueAs('RESPONSIBILITY_ALREADY_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      if (await repo.responsibilityNameTaken(tx, organisationId, input.name)) throw new AppError('RESPONSIBILITY_ALREADY_EXISTS');
      const values = { organisationId, name: input.name, description: input.description ?? null };
      const created = await repo.insertResponsibility(tx, values);
      await repo.setResponsibilityPermissions(tx, created, input.permissions);
      await audit(tx, actor, meta, {
        organisationId,
        action: 'responsibility.create',
        entityType: 'responsibility',
        entityId: created,
        after: responsibilitySnapshot(values, input.permissions),
      });
      return created;
    }),
  );
  return getResponsibility(ctx, actor, id);
}

/**
 * Edits a responsibility. Spec §5: an edit needs selected permissions, and a save that leaves
 * the permission set identical is refused: 409 CONFLICT with `data.reason = 'unchanged'` when
 * the body's `permissions` equal the current set and nothing else (name, description) changes.
 * The new set applies at once to every staff member holding the responsibility through a
 * function: permissions are computed per request (`functionPermissionSource`).
 */
export async function patchResponsibility(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: ResponsibilityPatch,
  meta: RequestMeta,
) {
  const current = await loadResponsibility(ctx.db, actor, id);
  if (!responsibilityAbilities(actor, current).canEdit) throw new AppError('FORBIDDEN');
  if (patch.permissions !== undefined) {
    if (patch.permissions.length === 0) throw new AppError('EMPTY_RESPONSIBILITIES');
    const renamed = patch.name !== undefined && patch.name !== current.name;
    const redescribed = patch.description !== undefined && patch.description !== current.description;
    if (sameSet(patch.permissions, current.permissions) && !renamed && !redescribed) {
      throw new AppError('CONFLICT', { reason: 'unchanged' });
    }
    const added = patch.permissions.filter((k) => !current.permissions.includes(k));
    await checkGrantable(ctx.db, actor, added, current.organisationId);
  }
  await uniqueAs('RESPONSIBILITY_ALREADY_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      if (patch.name !== undefined && (await repo.responsibilityNameTaken(tx, current.organisationId, patch.name, id))) {
        throw new AppError('RESPONSIBILITY_ALREADY_EXISTS');
      }
      await repo.updateResponsibility(tx, id, { name: patch.name, description: patch.description });
      if (patch.permissions !== undefined) await repo.setResponsibilityPermissions(tx, id, patch.permissions);
      const updated = await repo.findResponsibility(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'responsibility.update',
        entityType: 'responsibility',
        entityId: id,
        before: responsibilitySnapshot(current, current.permissions),
        after: updated ? responsibilitySnapshot(updated, updated.permissions) : null,
      });
    }),
  );
  return getResponsibility(ctx, actor, id);
}

/** A responsibility still given by a function is kept: CONFLICT with `data.reason = 'referenced'`. */
export async function deleteResponsibility(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const current = await loadResponsibility(ctx.db, actor, id);
  if (!responsibilityAbilities(actor, current).canEdit) throw new AppError('FORBIDDEN');
  if (current.functionCount > 0) throw new AppError('CONFLICT', { reason: 'referenced', functions: current.functionCount });
  await ctx.db.transaction(async (tx) => {
    await repo.deleteResponsibility(tx, id);
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'responsibility.delete',
      entityType: 'responsibility',
      entityId: id,
      before: responsibilitySnapshot(current, current.permissions),
    });
  });
}

/** The permission keys the actor may put into a responsibility of their organisation, for the editor's checklist. */
export async function listAssignablePermissions(ctx: AppContext, actor: Actor) {
  const definitions = await findPermissionDefinitions(ctx.db, PERMISSION_KEYS);
  return PERMISSION_KEYS.filter((key) => mayGrantPermission(actor, key, definitions.get(key), actor.organisationId)).map(
    (key) => {
      const category = definitions.get(key)?.category ?? PERMISSIONS[key].category;
      return {
        key,
        name: definitions.get(key)?.name ?? PERMISSIONS[key].description,
        category,
        category_label: PERMISSION_CATEGORIES[category as keyof typeof PERMISSION_CATEGORIES] ?? category,
      };
    },
  );
}

/** Of `ids`, the departments that belong to `organisationId` (other modules validate references). */
export async function ownDepartmentIds(db: Db, organisationId: number, ids: number[]): Promise<Set<number>> {
  return new Set((await repo.findDepartmentsByIds(db, ids)).filter((d) => d.organisationId === organisationId).map((d) => d.id));
}

/** Of `ids`, the staff functions that belong to `organisationId`. */
export async function ownFunctionIds(db: Db, organisationId: number, ids: number[]): Promise<Set<number>> {
  return new Set((await repo.findFunctionsByIds(db, ids)).filter((f) => f.organisationId === organisationId).map((f) => f.id));
}
