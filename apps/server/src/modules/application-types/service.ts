import {
  type ApplicationTypeCreateRequest,
  type ApplicationTypePatchRequest,
  type ApplicationTypeRecord,
  SERIES_TYPE_USES,
  type SeriesTypeIds,
  TAX_CATEGORY_ROLES,
  type TaxCategoryIds,
} from '@ghiseu/domain';
import { applicationTypes } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { organisationScope, scopeCondition, targetOrganisation } from '../../platform/auth/scope.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { organisationExists, ownDepartmentIds, ownFunctionIds } from '../administration/index.js';
import { audit, parseFieldsParam, type RequestMeta, trimRecord } from '../../platform/request.js';
import { existingSeriesTypeIds } from '../document-series/index.js';
import { unusableTaxCategoryIds } from '../taxes/index.js';
import { findFormsByIds, findFormVersion, type PublishedFormVersion } from '../forms/index.js';
import { uatsInJurisdiction } from '../territory/index.js';
import { applicationTypeAbilities, mayEditApplicationType, mayReadApplicationType } from './policy.js';
import { type FormLinkRow, presentApplicationType, presentPublicApplicationType } from './presenter.js';
import * as repo from './repository.js';
import { SERIES_USE_STORAGE_KEY } from './series-uses.js';
import { findOwnFile } from '../files/index.js';

/**
 * Application types (spec §3, §4, §5): every field of the specification, validated against what
 * it points at (forms, series types, reference types, the organisation's departments, functions
 * and UAT jurisdiction). Names are unique per organisation (APPLICATION_TYPE_EXISTS); an automatic
 * type has no reference types. Every change is one transaction with its audit entry.
 */

type FieldProblem = { path: string; message: string; [key: string]: unknown };

const RECORD_FIELDS: readonly (keyof ApplicationTypeRecord)[] = [
  'id',
  'name',
  'description',
  'status',
  'domain',
  'category',
  'organisation_id',
  'organisation_name',
  'citizen_form_id',
  'staff_form_id',
  'reject_form_id',
  'citizen_form',
  'staff_form',
  'reject_form',
  'document_template_ids',
  'series_type_ids',
  'tax_category_ids',
  'reference_type_ids',
  'archive_document_type_code',
  'workflow_id',
  'is_auto',
  'remaining_period',
  'list_order',
  'discounts',
  'uat_ids',
  'dynamic_form',
  'digital_seal',
  'custom_seal_file_id',
  'related_clarification_type_id',
  'related_internal_type_id',
  'department_ids',
  'function_ids',
  'usage_categories',
  'application_count',
  'created_at',
  'updated_at',
  'abilities',
];

/**
 * Runs a change, turning the database's own guards into catalogue codes: the unique name index
 * (a race the pre-check missed) and a form deleted between the check and the write.
 */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('APPLICATION_TYPE_EXISTS');
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT');
    throw error;
  }
}

/** The forms the rows point at, fetched once for a page. */
async function formLinks(db: Db, rows: repo.ApplicationTypeRow[]): Promise<Map<number, FormLinkRow>> {
  const ids = [
    ...new Set(rows.flatMap((r) => [r.citizenFormId, r.staffFormId, r.rejectFormId]).filter((id): id is number => id !== null)),
  ];
  return new Map((await findFormsByIds(db, ids)).map((f) => [f.id, f]));
}

/* ───────────────────────────── Reads ───────────────────────────── */

export async function listApplicationTypes(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const fields = parseFieldsParam(query.fields, RECORD_FIELDS);
  const parsed = parseListQuery(query, repo.APPLICATION_TYPE_LIST);
  const list = repo.listApplicationTypes(
    ctx.db,
    parsed,
    [scopeCondition(organisationScope(actor), applicationTypes.organisationId)],
    {
      unpaged: query.unpaged === 'true',
    },
  );
  return listPage(
    parsed,
    async () => {
      const rows = await list.rows();
      const forms = await formLinks(ctx.db, rows);
      return rows.map((row) => trimRecord(presentApplicationType(actor, row, forms), fields));
    },
    list.total,
  );
}

async function loadApplicationType(db: Db, actor: Actor, id: number) {
  const row = await repo.findApplicationType(db, id);
  if (!row || !mayReadApplicationType(actor, row.organisationId)) throw new AppError('NOT_FOUND');
  return row;
}

export async function getApplicationType(ctx: AppContext, actor: Actor, id: number) {
  const row = await loadApplicationType(ctx.db, actor, id);
  return presentApplicationType(actor, row, await formLinks(ctx.db, [row]));
}

/* ───────────────────────────── Validation of references ───────────────────────────── */

/** The state a create or a patch leads to, in storage terms. */
type TypeValues = typeof applicationTypes.$inferInsert;

/** API series uses → stored keys (`visa_rejection` → `visaRejection`), keeping the unnamed ones. */
function seriesTypeIdsToStorage(ids: SeriesTypeIds, base: Record<string, number | null> = {}): Record<string, number | null> {
  const stored = { ...base };
  for (const use of SERIES_TYPE_USES) if (ids[use] !== undefined) stored[SERIES_USE_STORAGE_KEY[use]] = ids[use] ?? null;
  return stored;
}

function mergeIds(
  base: Record<string, number | null>,
  patch: Record<string, number | null | undefined>,
): Record<string, number | null> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value;
  return merged;
}

/** Tax categories must exist and be active (issue 13): a VALIDATION_ERROR problem per role otherwise. */
async function taxCategoryProblems(db: Db, stored: Record<string, number | null>): Promise<FieldProblem[]> {
  const ids = Object.values(stored).filter((id): id is number => typeof id === 'number');
  const unusable = new Set(await unusableTaxCategoryIds(db, ids));
  return Object.entries(stored)
    .filter(([, id]) => typeof id === 'number' && unusable.has(id))
    .map(([role, id]) => ({
      path: `body.tax_category_ids.${role}`,
      message: 'Categoria de taxe nu există sau nu este activă',
      id: id as number,
    }));
}

/**
 * Checks what the new state points at. `changed` names the fields the request touched: only
 * those are looked up again (a reference that went stale since does not block an unrelated
 * edit), except the rules that tie fields together (is_auto, organisation moves).
 */
async function checkReferences(db: Db, actor: Actor, values: TypeValues, changed: Set<string>, selfId?: number): Promise<void> {
  const problems: FieldProblem[] = [];
  const organisationId = values.organisationId;
  const touched = (field: string) => changed.has(field) || changed.has('organisation_id');

  // Spec §5: an automatic type has no reference documents.
  if (values.isAuto && (values.referenceTypeIds ?? []).length > 0) {
    problems.push({ path: 'body.reference_type_ids', message: 'Un tip de cerere automat nu are documente de referință' });
  }

  const formFields = [
    ['citizen_form_id', values.citizenFormId],
    ['staff_form_id', values.staffFormId],
    ['reject_form_id', values.rejectFormId],
  ] as const;
  const formIds = formFields.filter(([field, id]) => changed.has(field) && id != null).map(([, id]) => id as number);
  const foundForms = new Set((await findFormsByIds(db, formIds)).map((f) => f.id));
  for (const [field, id] of formFields) {
    if (changed.has(field) && id != null && !foundForms.has(id))
      problems.push({ path: `body.${field}`, message: 'Formularul nu există', id });
  }

  if (changed.has('series_type_ids')) {
    const stored = values.seriesTypeIds ?? {};
    const ids = Object.values(stored).filter((id): id is number => typeof id === 'number');
    const found = await existingSeriesTypeIds(db, ids);
    for (const use of SERIES_TYPE_USES) {
      const id = stored[SERIES_USE_STORAGE_KEY[use]];
      if (typeof id === 'number' && !found.has(id))
        problems.push({ path: `body.series_type_ids.${use}`, message: 'Tipul de serie nu există', id });
    }
  }

  if (changed.has('tax_category_ids')) problems.push(...(await taxCategoryProblems(db, values.taxCategoryIds ?? {})));

  const typeRefs = [
    ...(changed.has('reference_type_ids')
      ? (values.referenceTypeIds ?? []).map((id) => ['reference_type_ids', id] as const)
      : []),
    ...(changed.has('related_clarification_type_id') && values.relatedClarificationTypeId != null
      ? [['related_clarification_type_id', values.relatedClarificationTypeId] as const]
      : []),
    ...(changed.has('related_internal_type_id') && values.relatedInternalTypeId != null
      ? [['related_internal_type_id', values.relatedInternalTypeId] as const]
      : []),
  ];
  const foundTypes = new Set(
    (
      await repo.findApplicationTypesByIds(
        db,
        typeRefs.map(([, id]) => id),
      )
    ).map((t) => t.id),
  );
  for (const [field, id] of typeRefs) {
    if (id === selfId) problems.push({ path: `body.${field}`, message: 'Un tip de cerere nu se poate referi la el însuși', id });
    else if (!foundTypes.has(id)) problems.push({ path: `body.${field}`, message: 'Tipul de cerere nu există', id });
  }

  if (touched('uat_ids')) {
    const wanted = [...new Set(values.uatIds ?? [])];
    const inside = new Set(await uatsInJurisdiction(db, organisationId, wanted));
    const outside = wanted.filter((id) => !inside.has(id));
    if (outside.length > 0)
      problems.push({ path: 'body.uat_ids', message: 'UAT-ul nu se află în jurisdicția instituției', ids: outside });
  }

  if (touched('department_ids')) {
    const wanted = [...new Set(values.departmentIds ?? [])];
    const own = await ownDepartmentIds(db, organisationId, wanted);
    const foreign = wanted.filter((id) => !own.has(id));
    if (foreign.length > 0)
      problems.push({ path: 'body.department_ids', message: 'Departamentul nu aparține instituției', ids: foreign });
  }

  if (touched('function_ids')) {
    const wanted = [...new Set(values.functionIds ?? [])];
    const own = await ownFunctionIds(db, organisationId, wanted);
    const foreign = wanted.filter((id) => !own.has(id));
    if (foreign.length > 0)
      problems.push({ path: 'body.function_ids', message: 'Funcția nu aparține instituției', ids: foreign });
  }

  // The process its applications run through: a published one, common or of the organisation.
  if (
    touched('workflow_id') &&
    values.workflowId != null &&
    !(await repo.processAttachable(db, values.workflowId, organisationId))
  )
    problems.push({ path: 'body.workflow_id', message: 'Procesul nu există sau nu este publicat pentru această instituție' });

  // The seal is stamped on issued documents: a PNG or JPEG the actor uploaded, never somebody else's file.
  if (changed.has('custom_seal_file_id') && values.customSealFileId != null) {
    const file = await findOwnFile(db, values.customSealFileId, actor.userId);
    if (!file) problems.push({ path: 'body.custom_seal_file_id', message: 'Fișierul nu există' });
    else if (file.mimeType !== 'image/png' && file.mimeType !== 'image/jpeg')
      problems.push({ path: 'body.custom_seal_file_id', message: 'Sigiliul trebuie să fie o imagine PNG sau JPEG' });
  }

  if (problems.length > 0) throw new AppError('VALIDATION_ERROR', { fields: problems });
}

/** What the audit log keeps: the stored values without timestamps. */
function snapshot(values: TypeValues | repo.ApplicationTypeRow) {
  const { createdAt: _c, updatedAt: _u, id: _i, ...rest } = values as repo.ApplicationTypeRow;
  const { organisationName: _n, applicationCount: _a, ...stored } = rest as Partial<repo.ApplicationTypeRow>;
  return stored;
}

/** The organisation a type goes to: the actor's own, or any for a super administrator. */
async function resolveOrganisation(db: Db, actor: Actor, requested: number | undefined): Promise<number> {
  const target = targetOrganisation(actor, requested);
  if (!target.allowed) throw new AppError('FORBIDDEN');
  if (target.organisationId === null)
    throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'body.organisation_id', message: 'Alegeți instituția' }] });
  if (!(await organisationExists(db, target.organisationId)))
    throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'body.organisation_id', message: 'Instituția nu există' }] });
  return target.organisationId;
}

/* ───────────────────────────── Changes ───────────────────────────── */

export async function createApplicationType(
  ctx: AppContext,
  actor: Actor,
  input: ApplicationTypeCreateRequest,
  meta: RequestMeta,
) {
  const organisationId = await resolveOrganisation(ctx.db, actor, input.organisation_id);
  if (!mayEditApplicationType(actor, organisationId)) throw new AppError('FORBIDDEN');
  const values: TypeValues = {
    organisationId,
    name: input.name,
    description: input.description ?? null,
    status: input.status,
    domain: input.domain,
    category: input.category,
    citizenFormId: input.citizen_form_id ?? null,
    staffFormId: input.staff_form_id ?? null,
    rejectFormId: input.reject_form_id ?? null,
    documentTemplateIds: mergeIds({}, input.document_template_ids),
    seriesTypeIds: seriesTypeIdsToStorage(input.series_type_ids),
    taxCategoryIds: mergeIds({}, input.tax_category_ids),
    referenceTypeIds: [...new Set(input.reference_type_ids)],
    archiveDocumentTypeCode: input.archive_document_type_code ?? null,
    workflowId: input.workflow_id ?? null,
    isAuto: input.is_auto,
    remainingPeriod: input.remaining_period,
    listOrder: input.list_order,
    discounts: input.discounts,
    uatIds: [...new Set(input.uat_ids)],
    dynamicForm: input.dynamic_form,
    digitalSeal: input.digital_seal,
    customSealFileId: input.custom_seal_file_id ?? null,
    relatedClarificationTypeId: input.related_clarification_type_id ?? null,
    relatedInternalTypeId: input.related_internal_type_id ?? null,
    departmentIds: [...new Set(input.department_ids)],
    functionIds: [...new Set(input.function_ids)],
    usageCategories: input.usage_categories,
  };
  await checkReferences(ctx.db, actor, values, new Set(Object.keys(input)));
  const id = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.applicationTypeNameTaken(tx, organisationId, input.name)) throw new AppError('APPLICATION_TYPE_EXISTS');
      const created = await repo.insertApplicationType(tx, values);
      await audit(tx, actor, meta, {
        organisationId,
        action: 'application_type.create',
        entityType: 'application_type',
        entityId: created,
        after: snapshot(values),
      });
      return created;
    }),
  );
  return getApplicationType(ctx, actor, id);
}

/** The stored changes of a merge patch (objects of ids merged key by key, lists replaced). */
function patchValues(current: repo.ApplicationTypeRow, patch: ApplicationTypePatchRequest): Partial<TypeValues> {
  const values: Partial<TypeValues> = {
    name: patch.name,
    description: patch.description,
    status: patch.status,
    domain: patch.domain,
    category: patch.category,
    organisationId: patch.organisation_id,
    citizenFormId: patch.citizen_form_id,
    staffFormId: patch.staff_form_id,
    rejectFormId: patch.reject_form_id,
    documentTemplateIds: patch.document_template_ids && mergeIds(current.documentTemplateIds, patch.document_template_ids),
    seriesTypeIds: patch.series_type_ids && seriesTypeIdsToStorage(patch.series_type_ids, current.seriesTypeIds),
    taxCategoryIds: patch.tax_category_ids && mergeIds(current.taxCategoryIds, patch.tax_category_ids),
    referenceTypeIds: patch.reference_type_ids && [...new Set(patch.reference_type_ids)],
    archiveDocumentTypeCode: patch.archive_document_type_code,
    workflowId: patch.workflow_id,
    isAuto: patch.is_auto,
    remainingPeriod: patch.remaining_period,
    listOrder: patch.list_order,
    discounts: patch.discounts,
    uatIds: patch.uat_ids && [...new Set(patch.uat_ids)],
    dynamicForm: patch.dynamic_form,
    digitalSeal: patch.digital_seal,
    customSealFileId: patch.custom_seal_file_id,
    relatedClarificationTypeId: patch.related_clarification_type_id,
    relatedInternalTypeId: patch.related_internal_type_id,
    departmentIds: patch.department_ids && [...new Set(patch.department_ids)],
    functionIds: patch.function_ids && [...new Set(patch.function_ids)],
    usageCategories: patch.usage_categories,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<TypeValues>;
}

export async function patchApplicationType(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: ApplicationTypePatchRequest,
  meta: RequestMeta,
) {
  const current = await loadApplicationType(ctx.db, actor, id);
  if (!mayEditApplicationType(actor, current.organisationId)) throw new AppError('FORBIDDEN');
  const moving = patch.organisation_id !== undefined && patch.organisation_id !== current.organisationId;
  // Moving a type to another organisation: only where the actor may create one (super administrator).
  if (moving) await resolveOrganisation(ctx.db, actor, patch.organisation_id);
  const changes = patchValues(current, patch);
  const next = { ...snapshot(current), ...changes } as TypeValues;
  const changed = new Set(Object.keys(patch).filter((key) => (patch as Record<string, unknown>)[key] !== undefined));
  if (!moving) changed.delete('organisation_id');
  await checkReferences(ctx.db, actor, next, changed, id);
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const name = changes.name ?? current.name;
      if ((changes.name !== undefined || moving) && (await repo.applicationTypeNameTaken(tx, next.organisationId, name, id)))
        throw new AppError('APPLICATION_TYPE_EXISTS');
      await repo.updateApplicationType(tx, id, changes);
      await audit(tx, actor, meta, {
        organisationId: next.organisationId,
        action: 'application_type.update',
        entityType: 'application_type',
        entityId: id,
        before: snapshot(current),
        after: next,
      });
    }),
  );
  return getApplicationType(ctx, actor, id);
}

/**
 * `PUT …/all-taxes` replaces the three tax categories (a missing one is cleared); `PUT …/taxes`
 * sets only the given ones. Every category must exist and be active (VALIDATION_ERROR otherwise).
 */
export async function setTaxCategories(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TaxCategoryIds,
  mode: 'replace' | 'merge',
  meta: RequestMeta,
) {
  const current = await loadApplicationType(ctx.db, actor, id);
  if (!mayEditApplicationType(actor, current.organisationId)) throw new AppError('FORBIDDEN');
  const base = mode === 'replace' ? Object.fromEntries(TAX_CATEGORY_ROLES.map((role) => [role, null])) : current.taxCategoryIds;
  const taxCategoryIds = mergeIds(base, input);
  const problems = await taxCategoryProblems(ctx.db, taxCategoryIds);
  if (problems.length > 0) throw new AppError('VALIDATION_ERROR', { fields: problems });
  await ctx.db.transaction(async (tx) => {
    await repo.updateApplicationType(tx, id, { taxCategoryIds });
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'application_type.taxes',
      entityType: 'application_type',
      entityId: id,
      before: { tax_category_ids: current.taxCategoryIds },
      after: { tax_category_ids: taxCategoryIds },
    });
  });
  return getApplicationType(ctx, actor, id);
}

/** A type with applications, or one other types point at, stays (CONFLICT, reason `referenced`). */
export async function deleteApplicationType(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const current = await loadApplicationType(ctx.db, actor, id);
  if (!mayEditApplicationType(actor, current.organisationId)) throw new AppError('FORBIDDEN');
  try {
    await ctx.db.transaction(async (tx) => {
      const fresh = await repo.findApplicationType(tx, id, { lock: true });
      if (!fresh) throw new AppError('NOT_FOUND');
      const referencing = await repo.typesReferencing(tx, id);
      if (!applicationTypeAbilities(actor, fresh).canDelete || referencing > 0) {
        throw new AppError('CONFLICT', {
          reason: 'referenced',
          applications: fresh.applicationCount,
          application_types: referencing,
        });
      }
      await repo.deleteApplicationType(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'application_type.delete',
        entityType: 'application_type',
        entityId: id,
        before: snapshot(current),
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', { reason: 'referenced' });
    throw error;
  }
}

/* ───────────────────────────── Public ───────────────────────────── */

/** The types a citizen may file (see repo.listPublicApplicationTypes). */
export async function listPublicApplicationTypes(ctx: AppContext, filter: { domain?: string; organisation_id?: number }) {
  const rows = await repo.listPublicApplicationTypes(ctx.db, { domain: filter.domain, organisationId: filter.organisation_id });
  return rows.map(presentPublicApplicationType);
}

/** The published citizen form of a type the citizen may file; 404 otherwise. */
export async function getCitizenForm(ctx: AppContext, id: number) {
  const [row] = await repo.listPublicApplicationTypes(ctx.db, { typeId: id });
  if (!row) throw new AppError('NOT_FOUND');
  const version = await findFormVersion(ctx.db, row.citizenFormVersionId);
  if (!version) throw new AppError('NOT_FOUND');
  return {
    application_type_id: id,
    form_id: version.formId,
    form_version_id: version.id,
    version: version.version,
    definition: version.definition,
  };
}

/* ───────────────────────────── For other modules ───────────────────────────── */

export interface ApplicationTypeForFiling {
  type: repo.ApplicationTypeRow;
  /** The version a new application is filed with (null: the citizen form is missing or unpublished). */
  citizenForm: PublishedFormVersion | null;
  staffForm: PublishedFormVersion | null;
}

/**
 * An application type with the published versions of its forms, for the applications module
 * (creation and submission). Pass `tx` inside a transaction.
 */
export async function findApplicationTypeForFiling(db: Db, applicationTypeId: number): Promise<ApplicationTypeForFiling | null> {
  const type = await repo.findApplicationType(db, applicationTypeId);
  if (!type) return null;
  const formIds = [type.citizenFormId, type.staffFormId].filter((v): v is number => v !== null);
  const forms = new Map((await findFormsByIds(db, formIds)).map((f) => [f.id, f]));
  const versionOf = async (formId: number | null) => {
    const versionId = formId === null ? null : forms.get(formId)?.publishedVersionId;
    return versionId ? findFormVersion(db, versionId) : null;
  };
  return { type, citizenForm: await versionOf(type.citizenFormId), staffForm: await versionOf(type.staffFormId) };
}

/**
 * Whether an application of this type may concern `uatId`: one of the type's UATs, or, when the
 * type lists none, any UAT of its organisation's jurisdiction.
 */
export async function isUatServedByType(
  db: Db,
  type: Pick<repo.ApplicationTypeRow, 'organisationId' | 'uatIds'>,
  uatId: number,
): Promise<boolean> {
  if (type.uatIds.length > 0) return type.uatIds.includes(uatId);
  return (await uatsInJurisdiction(db, type.organisationId, [uatId])).length === 1;
}
