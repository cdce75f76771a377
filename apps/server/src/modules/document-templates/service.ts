import {
  type DocumentSystemType,
  type DocumentTemplateCreateRequest,
  type DocumentTemplatePatchRequest,
  FORM_PLACEHOLDER_PREFIXES,
  isKnownPlaceholder,
  PLACEHOLDER_GROUP_LABELS,
  placeholderGroupsFor,
  PLACEHOLDERS,
  type Placeholder,
  type ProseMirrorNode,
  placeholderKeysOf,
  type SigningLayout,
  signingLayoutFromInput,
  signingLayoutProblems,
  VALUELESS_FIELD_TYPES,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { inScope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/context.js';
import { type Db, isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { audit, notFound, parseFieldsParam, type RequestMeta, trimRecord } from '../../platform/request.js';
import { mayEditTemplate, mayReadTemplate, ownerOfNewTemplate, templateScope } from './policy.js';
import { presentTemplate, presentTemplateSummary } from './presenter.js';
import * as repo from './repository.js';

/**
 * Document templates (spec §2 /document-template*, §3 Document template, Signing layout, §5):
 * the rich text (ProseMirror JSON with `placeholder` nodes) and the signing layout of the
 * documents an application type issues. Each change is one transaction with its audit entry.
 */

const ENTITY = 'document_template';
const OPTIONS_LIMIT = 500;
/** What `fields=` may ask of a list record. */
const TEMPLATE_FIELDS = [
  'id',
  'name',
  'description',
  'status',
  'system_type',
  'system_type_label',
  'organisation_id',
  'organisation_name',
  'application_type_count',
  'created_at',
  'updated_at',
  'abilities',
] as const;

/* ───────────────────────────── Checks ───────────────────────────── */

/**
 * Refuses unknown placeholder keys (UNKNOWN_PLACEHOLDER naming the first one). What is known
 * depends on the system type: a control's closing report (`raport_control`) takes only the
 * organisation and control groups, the other types every group but the control's.
 */
export function checkPlaceholders(
  content: ProseMirrorNode,
  formKeys?: { form: readonly string[]; form_staff: readonly string[] },
  systemType?: DocumentSystemType | null,
): void {
  const unknown = placeholderKeysOf(content).filter((key) => !isKnownPlaceholder(key, formKeys, systemType));
  if (unknown.length > 0)
    throw new AppError('UNKNOWN_PLACEHOLDER', {
      key: unknown[0],
      keys: unknown,
      fields: [{ path: 'body.content', message: `Substituentul „${unknown[0]}” nu există.` }],
    });
}

/** Refuses a layout that breaks the rules of §5 (INVALID_SIGNING_LAYOUT with the Romanian problems). */
export function checkLayout(layout: SigningLayout): void {
  const problems = signingLayoutProblems(layout);
  if (problems.length > 0)
    throw new AppError('INVALID_SIGNING_LAYOUT', {
      problems: problems.join(' '),
      list: problems,
      fields: problems.map((message) => ({ path: 'body.signing_layout', message })),
    });
}

/** Runs a change, turning the unique-name index (a race the pre-check missed) into the catalogue code. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE_DOCUMENT_TEMPLATE_NAME');
    throw error;
  }
}

/* ───────────────────────────── Reads ───────────────────────────── */

function scopeOf(actor: Actor) {
  const scope = templateScope(actor);
  // An administrator without an organisation sees only the common templates.
  return scope === null ? repo.visibleTo(-1) : repo.visibleTo(scope);
}

export async function listTemplates(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const shortcuts: Record<string, unknown> = { ...query };
  for (const key of ['status', 'system_type'] as const) {
    if (typeof query[key] === 'string' && query[key] !== '') shortcuts[`${key}[eq]`] = query[key];
    delete shortcuts[key];
  }
  const fields = parseFieldsParam(query.fields, TEMPLATE_FIELDS);
  const parsed = parseListQuery(shortcuts, repo.TEMPLATE_LIST);
  const list = repo.listTemplates(ctx.db, parsed, scopeOf(actor));
  return listPage(
    parsed,
    async () => (await list.rows()).map((row) => trimRecord(presentTemplateSummary(actor, row), fields)),
    list.total,
  );
}

async function loadReadable(db: Db, actor: Actor, id: number, options: { lock?: boolean } = {}) {
  const row = await repo.findTemplate(db, id, options);
  if (!row || !mayReadTemplate(actor, row)) throw notFound();
  return row;
}

export async function getTemplate(ctx: AppContext, actor: Actor, id: number) {
  return presentTemplate(actor, await loadReadable(ctx.db, actor, id));
}

/** `GET /document-templates/options`: active templates for the application-type selects. */
export async function templateOptions(ctx: AppContext, actor: Actor, organisationId: number | undefined) {
  const scope = templateScope(actor);
  const target = scope === 'all' ? (organisationId ?? 'all') : (scope ?? -1);
  const rows = await repo.listOptions(ctx.db, target, OPTIONS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    organisation_id: r.organisationId,
    system_type: (r.systemType ?? null) as DocumentSystemType | null,
  }));
}

/** The form fields of a type's citizen and staff forms that carry a value. */
export async function formPlaceholders(db: Db, applicationTypeId: number) {
  const found = await repo.typeForms(db, applicationTypeId);
  if (!found) return undefined;
  const fieldsOf = (definition: { fields?: { key?: string; label?: string; type?: string }[] } | null) =>
    (definition?.fields ?? []).filter(
      (f) =>
        typeof f.key === 'string' &&
        f.type !== 'repeatable_group' &&
        !(VALUELESS_FIELD_TYPES as readonly string[]).includes(f.type ?? ''),
    ) as { key: string; label?: string }[];
  return { organisationId: found.type.organisationId, form: fieldsOf(found.citizen), formStaff: fieldsOf(found.staff) };
}

/**
 * `GET /document-templates/placeholders?application_type_id=&system_type=`: the catalogue (only
 * the groups a template of `system_type` may use, when given) and the type's form fields.
 */
export async function listPlaceholders(
  ctx: AppContext,
  actor: Actor,
  applicationTypeId: number | undefined,
  systemType?: DocumentSystemType | null,
) {
  const groups = systemType === undefined ? undefined : placeholderGroupsFor(systemType);
  const data: Placeholder[] = PLACEHOLDERS.filter((p) => !groups || groups.includes(p.group)).map((p) => ({
    ...p,
    group_label: PLACEHOLDER_GROUP_LABELS[p.group],
  }));
  if (applicationTypeId === undefined || (groups && !groups.includes('form'))) return data;
  const forms = await formPlaceholders(ctx.db, applicationTypeId);
  if (!forms || !inScope(actor, forms.organisationId)) throw notFound();
  for (const [group, fields] of [
    ['form', forms.form],
    ['form_staff', forms.formStaff],
  ] as const) {
    for (const f of fields)
      data.push({
        key: `${FORM_PLACEHOLDER_PREFIXES[group]}${f.key}`,
        label: f.label || f.key,
        group,
        group_label: PLACEHOLDER_GROUP_LABELS[group],
        example: '',
      });
  }
  return data;
}

/**
 * A template as the generation and the preview use it: readable by the actor (or any, for the
 * job), with its content and layout.
 */
export async function findTemplateForUse(db: Db, id: number) {
  const row = await repo.findTemplate(db, id);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    organisationId: row.organisationId,
    systemType: row.systemType,
    content: row.content as unknown as ProseMirrorNode,
    signingLayout: row.signingLayout,
  };
}

/**
 * The active template of `systemType` the organisation uses (its own, else a common one), ready
 * for use; undefined when there is none (the caller then uses its built-in layout).
 */
export async function findActiveTemplateOfSystemType(db: Db, organisationId: number, systemType: DocumentSystemType) {
  const id = await repo.activeTemplateOfSystemType(db, organisationId, systemType);
  return id === undefined ? undefined : findTemplateForUse(db, id);
}

/** {@link findTemplateForUse} for an actor: another organisation's template answers 404. */
export async function readTemplateForActor(db: Db, actor: Actor, id: number) {
  await loadReadable(db, actor, id);
  return (await findTemplateForUse(db, id)) as NonNullable<Awaited<ReturnType<typeof findTemplateForUse>>>;
}

/* ───────────────────────────── Changes ───────────────────────────── */

const snapshot = (row: { name: string; status: string; systemType: string | null; organisationId: number | null }) => ({
  name: row.name,
  status: row.status,
  system_type: row.systemType,
  organisation_id: row.organisationId,
});

export async function createTemplate(ctx: AppContext, actor: Actor, input: DocumentTemplateCreateRequest, meta: RequestMeta) {
  const organisationId = ownerOfNewTemplate(actor);
  if (organisationId === null && actor.userType !== 'super_admin') throw new AppError('FORBIDDEN');
  const layout = signingLayoutFromInput(input.signing_layout);
  checkPlaceholders(input.content as ProseMirrorNode, undefined, input.system_type);
  checkLayout(layout);
  const id = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.templateNameTaken(tx, organisationId, input.name)) throw new AppError('DUPLICATE_DOCUMENT_TEMPLATE_NAME');
      const values = {
        organisationId,
        name: input.name,
        description: input.description,
        status: input.status,
        systemType: input.system_type,
        content: input.content as unknown as Record<string, unknown>,
        signingLayout: layout,
        createdBy: actor.userId,
      };
      const created = await repo.insertTemplate(tx, values);
      await audit(tx, actor, meta, {
        organisationId,
        action: 'document_template.create',
        entityType: ENTITY,
        entityId: created,
        after: snapshot(values),
      });
      return created;
    }),
  );
  return getTemplate(ctx, actor, id);
}

export async function patchTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: DocumentTemplatePatchRequest,
  meta: RequestMeta,
) {
  const layout = input.signing_layout ? signingLayoutFromInput(input.signing_layout) : undefined;
  if (layout) checkLayout(layout);
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const current = await loadReadable(tx, actor, id, { lock: true });
      if (!mayEditTemplate(actor, current)) throw new AppError('FORBIDDEN');
      // The text is checked against the system type it will have (either may change).
      if (input.content !== undefined || input.system_type !== undefined)
        checkPlaceholders(
          (input.content ?? current.content) as ProseMirrorNode,
          undefined,
          (input.system_type === undefined ? current.systemType : input.system_type) as DocumentSystemType | null,
        );
      if (input.name !== undefined && (await repo.templateNameTaken(tx, current.organisationId, input.name, id)))
        throw new AppError('DUPLICATE_DOCUMENT_TEMPLATE_NAME');
      const values: Parameters<typeof repo.updateTemplate>[2] = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.description !== undefined) values.description = input.description;
      if (input.status !== undefined) values.status = input.status;
      if (input.system_type !== undefined) values.systemType = input.system_type;
      if (input.content !== undefined) values.content = input.content as unknown as Record<string, unknown>;
      if (layout) values.signingLayout = layout;
      await repo.updateTemplate(tx, id, values);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'document_template.update',
        entityType: ENTITY,
        entityId: id,
        before: snapshot(current),
        after: {
          ...snapshot({ ...current, ...values, systemType: values.systemType ?? current.systemType }),
          content_changed: input.content !== undefined,
          layout_changed: layout !== undefined,
        },
      });
    }),
  );
  return getTemplate(ctx, actor, id);
}

export async function deleteTemplate(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const current = await loadReadable(tx, actor, id, { lock: true });
    if (!mayEditTemplate(actor, current)) throw new AppError('FORBIDDEN');
    if (current.applicationTypeCount > 0)
      throw new AppError('DOCUMENT_TEMPLATE_IN_USE', { application_type_count: current.applicationTypeCount });
    try {
      await repo.deleteTemplate(tx, id);
    } catch (error) {
      // A generated document still points at it (history): keep it, say it is in use.
      if (isForeignKeyViolation(error)) throw new AppError('DOCUMENT_TEMPLATE_IN_USE', { reason: 'documents' });
      throw error;
    }
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'document_template.delete',
      entityType: ENTITY,
      entityId: id,
      before: snapshot(current),
    });
  });
}
