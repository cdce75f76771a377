import {
  FORM_MESSAGES,
  type FormCreateRequest,
  type FormDefinition,
  type FormPatchRequest,
  type FormSummary,
  ZFormDefinition,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { audit, invalidField, parseFieldsParam, type RequestMeta, trimRecord } from '../../platform/request.js';
import { mayEditForms } from './policy.js';
import { presentForm, presentFormSummary, presentFormVersion } from './presenter.js';
import * as repo from './repository.js';

/**
 * Form interfaces (spec §3, §4): a draft edited by the super administrator and immutable
 * published versions. Publishing freezes the draft as version n+1; an application keeps the
 * version it was filed with, so publishing v2 never changes what v1 applications show. Every
 * change is one transaction with its audit entry.
 */

const SUMMARY_FIELDS: readonly (keyof FormSummary)[] = [
  'id',
  'name',
  'description',
  'status',
  'latest_version',
  'published_version_id',
  'field_count',
  'has_unpublished_changes',
  'created_at',
  'updated_at',
];

/** Runs a change, turning the unique-name index (a race the pre-check missed) into NAME_NOT_UNIQUE. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('NAME_NOT_UNIQUE');
    throw error;
  }
}

const requireEditor = (actor: Actor) => {
  if (!mayEditForms(actor)) throw new AppError('FORBIDDEN');
};

export async function listForms(ctx: AppContext, _actor: Actor, query: Record<string, unknown>) {
  const fields = parseFieldsParam(query.fields, SUMMARY_FIELDS);
  const parsed = parseListQuery(query, repo.FORM_LIST);
  const list = repo.listForms(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map((row) => trimRecord(presentFormSummary(row), fields)), list.total);
}

async function loadForm(db: Db, id: number) {
  const row = await repo.findForm(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getForm(ctx: AppContext, actor: Actor, id: number) {
  const row = await loadForm(ctx.db, id);
  const [versions, usage] = await Promise.all([repo.listVersions(ctx.db, id), repo.formUsage(ctx.db, id)]);
  return presentForm(actor, row, versions, usage);
}

/** What the audit log keeps of a form: the definition only when it changed (it can be long). */
const snapshot = (form: { name: string; description: string | null }, definition?: unknown) => ({
  name: form.name,
  description: form.description,
  ...(definition !== undefined ? { definition } : {}),
});

export async function createForm(ctx: AppContext, actor: Actor, input: FormCreateRequest, meta: RequestMeta) {
  requireEditor(actor);
  const id = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.formNameTaken(tx, input.name)) throw new AppError('NAME_NOT_UNIQUE');
      const values = {
        name: input.name,
        description: input.description ?? null,
        draftDefinition: input.definition,
        createdBy: actor.userId,
      };
      const created = await repo.insertForm(tx, values);
      await audit(tx, actor, meta, {
        action: 'form.create',
        entityType: 'form',
        entityId: created,
        after: snapshot(values, input.definition),
      });
      return created;
    }),
  );
  return getForm(ctx, actor, id);
}

/** Merge-patch of the name, description and the draft (replaced whole, checked structurally by the contract). */
export async function patchForm(ctx: AppContext, actor: Actor, id: number, patch: FormPatchRequest, meta: RequestMeta) {
  requireEditor(actor);
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.findForm(tx, id, { lock: true });
      if (!current) throw new AppError('NOT_FOUND');
      if (patch.name !== undefined && (await repo.formNameTaken(tx, patch.name, id))) throw new AppError('NAME_NOT_UNIQUE');
      await repo.updateForm(tx, id, { name: patch.name, description: patch.description, draftDefinition: patch.definition });
      const changedDefinition = patch.definition !== undefined;
      await audit(tx, actor, meta, {
        action: 'form.update',
        entityType: 'form',
        entityId: id,
        before: snapshot(current, changedDefinition ? current.draftDefinition : undefined),
        after: snapshot(
          {
            name: patch.name ?? current.name,
            description: patch.description === undefined ? current.description : patch.description,
          },
          patch.definition,
        ),
      });
    }),
  );
  return getForm(ctx, actor, id);
}

/**
 * Freezes the draft as version n+1 and makes it the one new applications are filed with.
 * Refused for an empty draft (VALIDATION_ERROR) and for a draft equal to the latest version
 * (CONFLICT, reason `unchanged`). The draft is checked again: rules may have tightened since
 * it was saved.
 */
export async function publishForm(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  requireEditor(actor);
  await ctx.db.transaction(async (tx) => {
    const form = await repo.findForm(tx, id, { lock: true });
    if (!form) throw new AppError('NOT_FOUND');
    const parsed = ZFormDefinition.safeParse(form.draftDefinition);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => ({
        path: ['definition', ...issue.path].join('.'),
        message: issue.message,
      }));
      throw new AppError('VALIDATION_ERROR', { fields });
    }
    if (parsed.data.fields.length === 0) throw invalidField('definition.fields', FORM_MESSAGES.emptyForm);
    if (!form.hasUnpublishedChanges) throw new AppError('CONFLICT', { reason: 'unchanged', version: form.latestVersion });
    const version = await repo.insertNextVersion(tx, id, parsed.data, actor.userId);
    await repo.updateForm(tx, id, { status: 'published', publishedVersionId: version.id });
    await audit(tx, actor, meta, {
      action: 'form.publish',
      entityType: 'form',
      entityId: id,
      before: { status: form.status, latest_version: form.latestVersion },
      after: { status: 'published', latest_version: version.version, form_version_id: version.id },
    });
  });
  return getForm(ctx, actor, id);
}

export async function getFormVersion(ctx: AppContext, _actor: Actor, id: number, version: number) {
  const form = await loadForm(ctx.db, id);
  const row = await repo.findVersion(ctx.db, id, version);
  if (!row) throw new AppError('NOT_FOUND');
  return presentFormVersion(row, form.name);
}

/** A form an application type uses, or that an application was filed with, stays (CONFLICT, reason `referenced`). */
export async function deleteForm(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  requireEditor(actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const form = await repo.findForm(tx, id, { lock: true });
      if (!form) throw new AppError('NOT_FOUND');
      const usage = await repo.formUsage(tx, id);
      if (usage.applicationTypes > 0 || usage.applications > 0) {
        throw new AppError('CONFLICT', {
          reason: 'referenced',
          application_types: usage.applicationTypes,
          applications: usage.applications,
        });
      }
      await repo.deleteForm(tx, id);
      await audit(tx, actor, meta, {
        action: 'form.delete',
        entityType: 'form',
        entityId: id,
        before: snapshot(form, form.draftDefinition),
      });
    });
  } catch (error) {
    // A reference created between the check and the delete.
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', { reason: 'referenced' });
    throw error;
  }
}

/* ───────────────────────────── For other modules ───────────────────────────── */

export interface PublishedFormVersion {
  /** `form_versions.id`: what `applications.form_version_id` stores. */
  id: number;
  formId: number;
  version: number;
  definition: FormDefinition;
}

/**
 * The version a new application of this form is filed with (the latest published one), or
 * null when the form has never been published. Pass `tx` inside a transaction.
 */
export async function findPublishedFormVersion(db: Db, formId: number): Promise<PublishedFormVersion | null> {
  const form = await repo.findForm(db, formId);
  if (!form?.publishedVersionId) return null;
  return findFormVersion(db, form.publishedVersionId);
}

/** A published version by its id (`applications.form_version_id`): what that application renders. */
export async function findFormVersion(db: Db, formVersionId: number): Promise<PublishedFormVersion | null> {
  const row = await repo.findVersionById(db, formVersionId);
  return row ? { id: row.id, formId: row.formId, version: row.version, definition: row.definition } : null;
}

/** Forms among `ids` with their name, status and versions (application types check and show the forms they link). */
export function findFormsByIds(db: Db, ids: number[]): ReturnType<typeof repo.findFormsByIds> {
  return repo.findFormsByIds(db, ids);
}
