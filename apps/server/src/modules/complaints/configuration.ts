import {
  COMPLAINT_MESSAGES as M,
  type ComplaintType,
  type ComplaintTypeCreateRequest,
  type ComplaintTypePatchRequest,
  type AvailableComplaintType,
  type ResponseTemplate,
  type ResponseTemplateCreateRequest,
  type ResponseTemplatePatchRequest,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { type Db, isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { organisationExists } from '../administration/index.js';
import { uatsInJurisdiction } from '../territory/index.js';
import { sanitizeResponseHtml } from './content.js';
import { complaintTypeReadScope, mayEditComplaintTypes, mayEditResponseTemplates, mayReadComplaintType } from './policy.js';
import { presentComplaintType, presentResponseTemplate } from './presenter.js';
import * as repo from './repository.js';

/**
 * Configuration of complaints (spec /complain-type and /response-templates, super administrator):
 * complaint types (name unique per organisation, DUPLICATE_COMPLAIN_TYPE_NAME; a type with
 * complaints is never deleted) and response templates (title unique, DUPLICATE_RESPONSE_TEMPLATE_NAME;
 * HTML sanitised when saved). Every change is one transaction with its audit entry.
 */

/* ───────────────────────────── Complaint types ───────────────────────────── */

export async function listComplaintTypes(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.COMPLAINT_TYPE_LIST);
  const list = repo.listComplaintTypes(ctx.db, parsed, complaintTypeReadScope(actor));
  return listPage(parsed, async () => (await list.rows()).map((row) => presentComplaintType(actor, row)), list.total);
}

async function loadType(db: Db, actor: Actor, id: number) {
  const row = await repo.findComplaintType(db, id);
  if (!row || !mayReadComplaintType(actor, row.type.organisationId)) throw notFound();
  return row;
}

export async function getComplaintType(ctx: AppContext, actor: Actor, id: number): Promise<ComplaintType> {
  return presentComplaintType(actor, await loadType(ctx.db, actor, id));
}

/** A concurrent insert of the same name meets the unique index: the same answer as the check. */
async function uniqueTypeName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE_COMPLAIN_TYPE_NAME');
    throw error;
  }
}

async function checkTypeReferences(db: Db, body: { organisation_id?: number; series_type_id?: number | null }) {
  if (body.organisation_id !== undefined && !(await organisationExists(db, body.organisation_id)))
    throw invalidField('body.organisation_id', M.organisationUnknown);
  if (body.series_type_id != null && !(await repo.seriesTypeExists(db, body.series_type_id)))
    throw invalidField('body.series_type_id', M.seriesTypeUnknown);
}

const typeSnapshot = (t: { name: string; status: string; organisationId: number; seriesTypeId: number | null }) => ({
  name: t.name,
  status: t.status,
  organisation_id: t.organisationId,
  series_type_id: t.seriesTypeId,
});

export async function createComplaintType(ctx: AppContext, actor: Actor, body: ComplaintTypeCreateRequest, meta: RequestMeta) {
  if (!mayEditComplaintTypes(actor)) throw new AppError('FORBIDDEN');
  const id = await uniqueTypeName(() =>
    ctx.db.transaction(async (tx) => {
      await checkTypeReferences(tx, body);
      if (await repo.complaintTypeNameTaken(tx, body.organisation_id, body.name))
        throw new AppError('DUPLICATE_COMPLAIN_TYPE_NAME');
      const values = {
        name: body.name,
        status: body.status,
        organisationId: body.organisation_id,
        seriesTypeId: body.series_type_id,
      };
      const created = await repo.insertComplaintType(tx, values);
      await audit(tx, actor, meta, {
        organisationId: body.organisation_id,
        action: 'complaint_type.create',
        entityType: 'complaint_type',
        entityId: created,
        after: typeSnapshot(values),
      });
      return created;
    }),
  );
  return getComplaintType(ctx, actor, id);
}

export async function patchComplaintType(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: ComplaintTypePatchRequest,
  meta: RequestMeta,
) {
  if (!mayEditComplaintTypes(actor)) throw new AppError('FORBIDDEN');
  await uniqueTypeName(() =>
    ctx.db.transaction(async (tx) => {
      const current = (await loadType(tx, actor, id)).type;
      await checkTypeReferences(tx, patch);
      // A type with complaints keeps its organisation: the complaints' organisation is the type's.
      if (
        patch.organisation_id !== undefined &&
        patch.organisation_id !== current.organisationId &&
        (await repo.countComplaintsOfType(tx, id)) > 0
      )
        throw new AppError('CONFLICT', { reason: 'type_has_complaints' });
      const next = {
        name: patch.name ?? current.name,
        status: patch.status ?? current.status,
        organisationId: patch.organisation_id ?? current.organisationId,
        seriesTypeId: patch.series_type_id === undefined ? current.seriesTypeId : patch.series_type_id,
      };
      if (
        (patch.name !== undefined || patch.organisation_id !== undefined) &&
        (await repo.complaintTypeNameTaken(tx, next.organisationId, next.name, id))
      )
        throw new AppError('DUPLICATE_COMPLAIN_TYPE_NAME');
      await repo.updateComplaintType(tx, id, next);
      await audit(tx, actor, meta, {
        organisationId: next.organisationId,
        action: 'complaint_type.update',
        entityType: 'complaint_type',
        entityId: id,
        before: typeSnapshot(current),
        after: typeSnapshot(next),
      });
    }),
  );
  return getComplaintType(ctx, actor, id);
}

/** A type that complaints refer to stays (CONFLICT): make it inactive instead. */
export async function deleteComplaintType(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  if (!mayEditComplaintTypes(actor)) throw new AppError('FORBIDDEN');
  try {
    await ctx.db.transaction(async (tx) => {
      const current = (await loadType(tx, actor, id)).type;
      if ((await repo.countComplaintsOfType(tx, id)) > 0) throw new AppError('CONFLICT', { reason: 'type_has_complaints' });
      await repo.deleteComplaintType(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'complaint_type.delete',
        entityType: 'complaint_type',
        entityId: id,
        before: typeSnapshot(current),
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', { reason: 'type_has_complaints' });
    throw error;
  }
}

/**
 * `GET /complaint-types/available?uat_id=`: the active types of the active organisations whose
 * jurisdiction holds the UAT (a county council: its county; a city hall: its UAT).
 */
export async function availableComplaintTypes(ctx: AppContext, uatId: number): Promise<AvailableComplaintType[]> {
  const types = await repo.activeComplaintTypes(ctx.db);
  const organisations = [...new Set(types.map((t) => t.organisationId))];
  const serving = new Set<number>();
  for (const organisationId of organisations)
    if ((await uatsInJurisdiction(ctx.db, organisationId, [uatId])).length > 0) serving.add(organisationId);
  return types
    .filter((t) => serving.has(t.organisationId))
    .map((t) => ({ id: t.id, name: t.name, organisation_id: t.organisationId, organisation_name: t.organisationName }));
}

/* ───────────────────────────── Response templates ───────────────────────────── */

export async function listResponseTemplates(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.RESPONSE_TEMPLATE_LIST);
  const list = repo.listResponseTemplates(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map((row) => presentResponseTemplate(actor, row)), list.total);
}

async function loadTemplate(db: Db, id: number) {
  const row = await repo.findResponseTemplate(db, id);
  if (!row) throw notFound();
  return row;
}

export async function getResponseTemplate(ctx: AppContext, actor: Actor, id: number): Promise<ResponseTemplate> {
  return presentResponseTemplate(actor, await loadTemplate(ctx.db, id));
}

async function uniqueTitle<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE_RESPONSE_TEMPLATE_NAME');
    throw error;
  }
}

/** The message as stored: sanitised HTML that still shows some text. */
function cleanMessage(message: string): string {
  const clean = sanitizeResponseHtml(message);
  if (clean === '') throw invalidField('body.message', 'Acest câmp este obligatoriu');
  return clean;
}

const templateSnapshot = (t: { title: string; category: string }) => ({ title: t.title, category: t.category });

export async function createResponseTemplate(
  ctx: AppContext,
  actor: Actor,
  body: ResponseTemplateCreateRequest,
  meta: RequestMeta,
) {
  if (!mayEditResponseTemplates(actor)) throw new AppError('FORBIDDEN');
  const values = { title: body.title, category: body.category, message: cleanMessage(body.message) };
  const id = await uniqueTitle(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.responseTemplateTitleTaken(tx, body.title)) throw new AppError('DUPLICATE_RESPONSE_TEMPLATE_NAME');
      const created = await repo.insertResponseTemplate(tx, values);
      await audit(tx, actor, meta, {
        action: 'response_template.create',
        entityType: 'response_template',
        entityId: created,
        after: templateSnapshot(values),
      });
      return created;
    }),
  );
  return getResponseTemplate(ctx, actor, id);
}

export async function patchResponseTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: ResponseTemplatePatchRequest,
  meta: RequestMeta,
) {
  if (!mayEditResponseTemplates(actor)) throw new AppError('FORBIDDEN');
  const message = patch.message === undefined ? undefined : cleanMessage(patch.message);
  await uniqueTitle(() =>
    ctx.db.transaction(async (tx) => {
      const current = await loadTemplate(tx, id);
      if (patch.title !== undefined && (await repo.responseTemplateTitleTaken(tx, patch.title, id)))
        throw new AppError('DUPLICATE_RESPONSE_TEMPLATE_NAME');
      await repo.updateResponseTemplate(tx, id, { title: patch.title, category: patch.category, message });
      await audit(tx, actor, meta, {
        action: 'response_template.update',
        entityType: 'response_template',
        entityId: id,
        before: templateSnapshot(current),
        after: {
          ...templateSnapshot({ title: patch.title ?? current.title, category: patch.category ?? current.category }),
          message_changed: message !== undefined,
        },
      });
    }),
  );
  return getResponseTemplate(ctx, actor, id);
}

export async function deleteResponseTemplate(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  if (!mayEditResponseTemplates(actor)) throw new AppError('FORBIDDEN');
  await ctx.db.transaction(async (tx) => {
    const current = await loadTemplate(tx, id);
    // Answers built from it keep their text; only the link to the template goes.
    await repo.unlinkResponseTemplate(tx, id);
    await repo.deleteResponseTemplate(tx, id);
    await audit(tx, actor, meta, {
      action: 'response_template.delete',
      entityType: 'response_template',
      entityId: id,
      before: templateSnapshot(current),
    });
  });
}
