import {
  CONTROL_LIMITS,
  CONTROL_REPORT_SYSTEM_TYPE,
  DEFAULT_SETTINGS,
  CONTROL_PERSON_ROLE_LABELS,
  type ControlAction,
  type ControlActivity,
  type ControlBuildingBodyRequest,
  type ControlComplaintOption,
  type ControlCreateRequest,
  type ControlDetail,
  type ControlFileRequest,
  type ControlPatchRequest,
  type ControlPersonRequest,
  type ControlStaffInput,
  type ControlStatus,
  type ControlType,
  type ControlTypeCreateRequest,
  type ControlTypePatchRequest,
  controlActionRefusal,
  controlStatusAfter,
  duplicateControlPersonKeys,
  isControlLocked,
  type Pagination,
} from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { controlTypes } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { targetOrganisation } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/context.js';
import { type Db, isUniqueViolation } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { findSeriesOfType, takeNextNumber } from '../document-series/index.js';
import { findActiveTemplateOfSystemType } from '../document-templates/index.js';
import { type FileRow, findOwnFile, readStoredFile, storeGeneratedFile } from '../files/index.js';
import { uatsInJurisdiction } from '../territory/index.js';
import {
  controlScope,
  mayCreateControl,
  mayEditControl,
  mayManageTypes,
  mayReadControl,
  mayReadType,
  mayWriteType,
  typeScope,
} from './policy.js';
import {
  type ControlParts,
  presentActivity,
  presentBody,
  presentDetail,
  presentItem,
  presentPerson,
  presentStaff,
  presentType,
  personName,
} from './presenter.js';
import { type ClosingReportData, closingReportRenderer, type ReportLetterhead, type ReportTemplate } from './report.js';
import * as repo from './repository.js';

/**
 * Controls (inspections, issue 15) and control types. Every change is one transaction with its
 * activity row, its audit entry and (for register, the report and close) its domain event. The
 * lock of a generated or closed control is enforced here for every write ({@link editable},
 * {@link forAction}), not only in the UI. No personal data (CNP, passport, ID card, names of
 * persons) goes into activities, audit entries or event payloads.
 */

const ENTITY = 'control';
const TYPE_ENTITY = 'control_type';

export const CONTROL_MESSAGES_SERVER = {
  typeUnknown: 'Tipul de control nu există în instituția dumneavoastră sau este inactiv.',
  uatUnknown: 'UAT-ul nu se află în jurisdicția instituției dumneavoastră.',
  localityUnknown: 'Localitatea nu aparține UAT-ului ales.',
  complaintUnknown: 'Sesizarea nu există în instituția dumneavoastră.',
  staffUserUnknown: 'Funcționarul nu lucrează în instituția dumneavoastră.',
  fileUnknown: 'Fișierul nu există sau nu a fost încărcat de dumneavoastră.',
  fileAttached: 'Documentul este deja atașat controlului.',
  seriesTypeUnknown: 'Tipul de serie nu există.',
  organisationUnknown: 'Instituția nu există.',
  organisationRequired: 'Alegeți instituția.',
  tooMany: 'Ați atins numărul maxim de înregistrări pentru acest control.',
} as const;
const M = CONTROL_MESSAGES_SERVER;

/* ───────────────────────────── Control types ───────────────────────────── */

async function typeDetail(db: Db, actor: Actor, id: number): Promise<ControlType> {
  const row = await repo.findTypeDetail(db, id);
  if (!row || !mayReadType(actor, row.type.organisationId)) throw notFound();
  return presentType(actor, row);
}

export const getType = (ctx: AppContext, actor: Actor, id: number) => typeDetail(ctx.db, actor, id);

export async function listTypes(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.CONTROL_TYPE_LIST);
  const status = query.status === 'active' || query.status === 'inactive' ? query.status : undefined;
  const list = repo.listTypes(ctx.db, parsed, [typeScope(actor), status ? eq(controlTypes.status, status) : undefined]);
  return listPage(parsed, async () => (await list.rows()).map((r) => presentType(actor, r)), list.total);
}

/** Runs a write; the same name twice in an organisation answers DUPLICATE_CONTROL_TYPE_NAME. */
async function uniqueTypeName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE_CONTROL_TYPE_NAME');
    throw error;
  }
}

async function checkSeriesType(db: Db, id: number | null | undefined) {
  if (id != null && !(await repo.seriesTypeExists(db, id))) throw invalidField('body.series_type_id', M.seriesTypeUnknown);
}

export async function createType(ctx: AppContext, actor: Actor, body: ControlTypeCreateRequest, meta: RequestMeta) {
  const target = targetOrganisation(actor, body.organisation_id);
  if (!mayManageTypes(actor) || !target.allowed) throw new AppError('FORBIDDEN');
  if (target.organisationId === null) throw invalidField('body.organisation_id', M.organisationRequired);
  const organisationId = target.organisationId;
  const id = await uniqueTypeName(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.organisationExists(tx, organisationId))) throw invalidField('body.organisation_id', M.organisationUnknown);
      await checkSeriesType(tx, body.series_type_id);
      if (await repo.typeNameTaken(tx, organisationId, body.name)) throw new AppError('DUPLICATE_CONTROL_TYPE_NAME');
      const values = {
        organisationId,
        name: body.name,
        status: body.status,
        seriesTypeId: body.series_type_id ?? null,
      };
      const newId = await repo.insertType(tx, values);
      await audit(tx, actor, meta, {
        organisationId,
        action: `${TYPE_ENTITY}.create`,
        entityType: TYPE_ENTITY,
        entityId: newId,
        after: values,
      });
      return newId;
    }),
  );
  return typeDetail(ctx.db, actor, id);
}

async function editableType(tx: Db, actor: Actor, id: number) {
  const row = await repo.findType(tx, id, { lock: true });
  if (!row || !mayReadType(actor, row.organisationId)) throw notFound();
  if (!mayWriteType(actor, row.organisationId)) throw new AppError('FORBIDDEN');
  return row;
}

export async function patchType(ctx: AppContext, actor: Actor, id: number, body: ControlTypePatchRequest, meta: RequestMeta) {
  await uniqueTypeName(() =>
    ctx.db.transaction(async (tx) => {
      const before = await editableType(tx, actor, id);
      const organisationId = body.organisation_id ?? before.organisationId;
      if (organisationId !== before.organisationId) {
        if (!mayWriteType(actor, organisationId)) throw new AppError('FORBIDDEN');
        if (!(await repo.organisationExists(tx, organisationId)))
          throw invalidField('body.organisation_id', M.organisationUnknown);
        if ((await repo.typeControlCount(tx, id)) > 0) throw new AppError('CONFLICT', { reason: 'type_in_use' });
      }
      await checkSeriesType(tx, body.series_type_id);
      const name = body.name ?? before.name;
      if (await repo.typeNameTaken(tx, organisationId, name, id)) throw new AppError('DUPLICATE_CONTROL_TYPE_NAME');
      const changes = Object.fromEntries(
        Object.entries({
          name: body.name,
          status: body.status,
          seriesTypeId: body.series_type_id,
          organisationId: body.organisation_id,
        }).filter(([, v]) => v !== undefined),
      );
      await repo.updateType(tx, id, changes);
      await audit(tx, actor, meta, {
        organisationId,
        action: `${TYPE_ENTITY}.update`,
        entityType: TYPE_ENTITY,
        entityId: id,
        before,
        after: changes,
      });
    }),
  );
  return typeDetail(ctx.db, actor, id);
}

export async function deleteType(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await editableType(tx, actor, id);
    if ((await repo.typeControlCount(tx, id)) > 0) throw new AppError('CONFLICT', { reason: 'type_in_use' });
    await repo.deleteType(tx, id);
    await audit(tx, actor, meta, {
      organisationId: before.organisationId,
      action: `${TYPE_ENTITY}.delete`,
      entityType: TYPE_ENTITY,
      entityId: id,
      before,
    });
  });
}

/* ───────────────────────────── Reading controls ───────────────────────────── */

async function parts(db: Db, id: number): Promise<ControlParts> {
  const [staff, persons, bodies, files] = [
    await repo.findStaff(db, id),
    await repo.findPersons(db, id),
    await repo.findBodies(db, id),
    await repo.findFiles(db, id),
  ];
  return { staff, persons, bodies, files };
}

async function detail(db: Db, actor: Actor, id: number): Promise<ControlDetail> {
  const row = await repo.findItem(db, id);
  if (!row || !mayReadControl(actor, row.control.organisationId)) throw notFound();
  return presentDetail(actor, row, await parts(db, id));
}

export const getControl = (ctx: AppContext, actor: Actor, id: number) => detail(ctx.db, actor, id);

export async function listControls(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.CONTROL_LIST);
  const list = repo.listControls(ctx.db, parsed, controlScope(actor));
  return listPage(parsed, async () => (await list.rows()).map(presentItem), list.total);
}

export async function complaintOptions(
  ctx: AppContext,
  actor: Actor,
  query: { search?: string; complaint_id?: number },
): Promise<ControlComplaintOption[]> {
  if (!mayCreateControl(actor) || actor.organisationId === null) return [];
  const rows = await repo.complaintOptions(ctx.db, actor.organisationId, {
    search: query.search || undefined,
    complaintId: query.complaint_id,
    limit: CONTROL_LIMITS.complaintOptions,
  });
  return rows.map((r) => ({
    id: r.id,
    entry_code: r.entryCode,
    status: r.status,
    uat: { id: r.uatId, name: r.uatName },
    locality: r.localityId !== null && r.localityName !== null ? { id: r.localityId, name: r.localityName } : null,
    address: r.address,
  }));
}

export async function listActivities(
  ctx: AppContext,
  actor: Actor,
  id: number,
  page = 1,
): Promise<{ data: ControlActivity[]; pagination: Pagination }> {
  const control = await repo.findControl(ctx.db, id);
  if (!control || !mayReadControl(actor, control.organisationId)) throw notFound();
  const limit = CONTROL_LIMITS.activitiesPage;
  const skip = (page - 1) * limit;
  const rows = await repo.findActivities(ctx.db, id, limit, skip);
  const total = await repo.countActivities(ctx.db, id);
  return { data: rows.map(presentActivity), pagination: { total, skip, limit } };
}

/** The files rule: staff who may read a control may download its documents and closing report. */
export async function mayReadControlFile(db: Db, actor: Actor, file: FileRow): Promise<boolean> {
  if (actor.organisationId === null) return false;
  const organisationIds = await repo.organisationsOfFile(db, file.id);
  return organisationIds.some((organisationId) => mayReadControl(actor, organisationId));
}

/* ───────────────────────────── Writing: the guard ───────────────────────────── */

/**
 * The control, locked for the change, that `actor` may edit: 404 out of reach, 403 without
 * controlEdit, CONTROL_LOCKED when generated or closed, CONFLICT when `version` is given and
 * stale. Every write of a control or of its parts goes through here.
 */
async function editable(tx: Db, actor: Actor, id: number, version?: number) {
  const control = await repo.findControl(tx, id, { lock: true });
  if (!control || !mayReadControl(actor, control.organisationId)) throw notFound();
  if (!mayEditControl(actor, control.organisationId)) throw new AppError('FORBIDDEN');
  if (isControlLocked(control.status)) throw new AppError('CONTROL_LOCKED', { status: control.status });
  if (version !== undefined && version !== control.version)
    throw new AppError('CONFLICT', { reason: 'stale_version', version: control.version });
  return control;
}

/** The control for `action`: CONTROL_LOCKED or CONTROL_ACTION_NOT_ALLOWED when its status refuses it. */
async function forAction(tx: Db, actor: Actor, id: number, action: ControlAction, version?: number) {
  const control = await repo.findControl(tx, id, { lock: true });
  if (!control || !mayReadControl(actor, control.organisationId)) throw notFound();
  if (!mayEditControl(actor, control.organisationId)) throw new AppError('FORBIDDEN');
  const refusal = controlActionRefusal(control.status, action);
  if (refusal === 'locked') throw new AppError('CONTROL_LOCKED', { status: control.status, action });
  if (refusal === 'status') throw new AppError('CONTROL_ACTION_NOT_ALLOWED', { status: control.status, action });
  if (version !== undefined && version !== control.version)
    throw new AppError('CONFLICT', { reason: 'stale_version', version: control.version });
  return control;
}

type Control = repo.ControlRow;

/** One change of a control: guard, the work, the version bump, the activity and the audit entry. */
async function change(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
  options: { version?: number; action: string; details?: (control: Control) => string | null },
  work: (tx: Db, control: Control) => Promise<Record<string, unknown> | undefined>,
): Promise<ControlDetail> {
  await ctx.db.transaction(async (tx) => {
    const control = await editable(tx, actor, id, options.version);
    const after = await work(tx, control);
    await repo.touchControl(tx, id);
    await repo.insertActivity(tx, {
      controlId: id,
      actorUserId: actor.userId,
      action: options.action,
      details: options.details?.(control) ?? null,
    });
    await audit(tx, actor, meta, {
      organisationId: control.organisationId,
      action: `${ENTITY}.${options.action}`,
      entityType: ENTITY,
      entityId: id,
      after,
    });
  });
  return detail(ctx.db, actor, id);
}

/* ───────────────────────────── Preparation ───────────────────────────── */

interface Preparation {
  control_type_id?: number;
  control_date?: string;
  uat_id?: number;
  locality_id?: number | null;
  address?: string;
  cadastral_number?: string | null;
  complaint_id?: number | null;
}

/** Checks the references of the preparation fields against the organisation; returns the columns. */
async function checkedPreparation(tx: Db, organisationId: number, body: Preparation, before?: Control) {
  if (body.control_type_id !== undefined && body.control_type_id !== before?.controlTypeId) {
    const type = await repo.findType(tx, body.control_type_id);
    if (type?.organisationId !== organisationId || type.status !== 'active')
      throw invalidField('body.control_type_id', M.typeUnknown);
  }
  if (body.uat_id !== undefined && body.uat_id !== before?.uatId) {
    const inside = await uatsInJurisdiction(tx, organisationId, [body.uat_id]);
    if (!inside.includes(body.uat_id)) throw invalidField('body.uat_id', M.uatUnknown);
  }
  const uatId = body.uat_id ?? before?.uatId;
  const localityId = body.locality_id === undefined ? before?.localityId : body.locality_id;
  if (localityId != null && (body.locality_id !== undefined || body.uat_id !== undefined)) {
    if ((await repo.localityUat(tx, localityId)) !== uatId) throw invalidField('body.locality_id', M.localityUnknown);
  }
  if (body.complaint_id != null && body.complaint_id !== before?.complaintId) {
    if ((await repo.complaintOrganisation(tx, body.complaint_id)) !== organisationId)
      throw invalidField('body.complaint_id', M.complaintUnknown);
  }
  return Object.fromEntries(
    Object.entries({
      controlTypeId: body.control_type_id,
      controlDate: body.control_date,
      uatId: body.uat_id,
      localityId: body.locality_id,
      address: body.address,
      cadastralNumber: body.cadastral_number,
      complaintId: body.complaint_id,
    }).filter(([, v]) => v !== undefined),
  ) as Partial<repo.ControlInsert>;
}

async function checkedStaff(tx: Db, organisationId: number, staff: ControlStaffInput[]) {
  for (const [index, s] of staff.entries()) {
    if (s.user_id != null && (await repo.userOrganisation(tx, s.user_id)) !== organisationId)
      throw invalidField(`body.staff.${index}.user_id`, M.staffUserUnknown);
  }
  return staff.map((s) => ({
    userId: s.user_id ?? null,
    name: s.name,
    function: s.function,
    controlBody: s.control_body,
    idNumber: s.id_number,
    idExpiry: s.id_expiry ?? null,
    idIssuer: s.id_issuer ?? null,
  }));
}

export async function createControl(ctx: AppContext, actor: Actor, body: ControlCreateRequest, meta: RequestMeta) {
  if (!mayCreateControl(actor) || actor.organisationId === null) throw new AppError('FORBIDDEN');
  const organisationId = actor.organisationId;
  const id = await ctx.db.transaction(async (tx) => {
    const columns = await checkedPreparation(tx, organisationId, body);
    const staff = await checkedStaff(tx, organisationId, body.staff ?? []);
    const newId = await repo.insertControl(tx, {
      ...(columns as repo.ControlInsert),
      organisationId,
      createdBy: actor.userId,
      status: 'draft',
    });
    await repo.replaceStaff(tx, newId, staff);
    await repo.insertActivity(tx, { controlId: newId, actorUserId: actor.userId, action: 'created' });
    await audit(tx, actor, meta, {
      organisationId,
      action: `${ENTITY}.create`,
      entityType: ENTITY,
      entityId: newId,
      after: { ...columns, staff_count: staff.length },
    });
    return newId;
  });
  return detail(ctx.db, actor, id);
}

/** The Romanian names of the preparation fields a PATCH changes (the activity's details; no values). */
const FIELD_LABELS: Record<string, string> = {
  control_type_id: 'tipul controlului',
  control_date: 'data controlului',
  uat_id: 'UAT',
  locality_id: 'localitatea',
  address: 'adresa',
  cadastral_number: 'numărul cadastral',
  complaint_id: 'sesizarea de referință',
  staff: 'echipa de control',
};

function changedFields(body: ControlPatchRequest, before: Control): string | null {
  const current: Record<string, unknown> = {
    control_type_id: before.controlTypeId,
    control_date: before.controlDate,
    uat_id: before.uatId,
    locality_id: before.localityId,
    address: before.address,
    cadastral_number: before.cadastralNumber,
    complaint_id: before.complaintId,
  };
  const changed = Object.keys(FIELD_LABELS).filter((field) => {
    const value = (body as Record<string, unknown>)[field];
    return value !== undefined && (field === 'staff' || value !== current[field]);
  });
  return changed.length > 0 ? changed.map((field) => FIELD_LABELS[field]).join(', ') : null;
}

export async function patchControl(ctx: AppContext, actor: Actor, id: number, body: ControlPatchRequest, meta: RequestMeta) {
  return change(
    ctx,
    actor,
    id,
    meta,
    { version: body.version, action: 'updated', details: (before) => changedFields(body, before) },
    async (tx, control) => {
      const columns = await checkedPreparation(tx, control.organisationId, body, control);
      if (Object.keys(columns).length > 0) await repo.updateControl(tx, id, columns);
      if (body.staff !== undefined) await repo.replaceStaff(tx, id, await checkedStaff(tx, control.organisationId, body.staff));
      return { ...columns, ...(body.staff === undefined ? {} : { staff_count: body.staff.length }) };
    },
  );
}

/* ───────────────────────────── Persons ───────────────────────────── */

/** Runs a person write; the unique indexes (a concurrent twin) answer DUPLICATE_CONTROL_PERSON. */
async function uniquePerson<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE_CONTROL_PERSON');
    throw error;
  }
}

function personColumns(body: ControlPersonRequest) {
  const legal = body.person_type === 'legal';
  return {
    role: body.role,
    personType: body.person_type ?? 'individual',
    citizenship: body.citizenship ?? 'romanian',
    firstName: body.first_name ?? null,
    lastName: body.last_name ?? null,
    companyName: legal ? (body.company_name ?? null) : null,
    uniqueRegistrationCode: legal ? (body.unique_registration_code ?? null) : null,
    personalNumericCode: body.personal_numeric_code ?? null,
    passportNumber: body.passport_number ?? null,
    idCardSeries: body.id_card_series ?? null,
    idCardNumber: body.id_card_number ?? null,
    idCardIssuedBy: body.id_card_issued_by ?? null,
    idCardIssuedAt: body.id_card_issued_at ?? null,
    address: body.address ?? null,
    phone: body.phone ?? null,
    email: body.email ?? null,
  };
}

async function checkNoTwin(tx: Db, controlId: number, body: ControlPersonRequest, exceptId?: number) {
  const others = (await repo.findPersons(tx, controlId))
    .filter((p) => p.id !== exceptId)
    .map((p) => ({ personal_numeric_code: p.personalNumericCode, passport_number: p.passportNumber }));
  if (duplicateControlPersonKeys(body, others).length > 0) throw new AppError('DUPLICATE_CONTROL_PERSON');
  return others.length;
}

const roleLabel = (role: keyof typeof CONTROL_PERSON_ROLE_LABELS) => CONTROL_PERSON_ROLE_LABELS[role];

export async function addPerson(ctx: AppContext, actor: Actor, id: number, body: ControlPersonRequest, meta: RequestMeta) {
  return uniquePerson(() =>
    change(
      ctx,
      actor,
      id,
      meta,
      { version: body.version, action: 'person_added', details: () => roleLabel(body.role) },
      async (tx) => {
        const count = await checkNoTwin(tx, id, body);
        if (count >= CONTROL_LIMITS.persons) throw invalidField('body', M.tooMany);
        const personId = await repo.insertPerson(tx, {
          ...personColumns(body),
          controlId: id,
          position: await repo.nextPosition(tx, 'persons', id),
        });
        return { person_id: personId, role: body.role, person_type: body.person_type };
      },
    ),
  );
}

async function personOf(tx: Db, controlId: number, personId: number) {
  const person = (await repo.findPersons(tx, controlId)).find((p) => p.id === personId);
  if (!person) throw notFound();
  return person;
}

export async function patchPerson(
  ctx: AppContext,
  actor: Actor,
  id: number,
  personId: number,
  body: ControlPersonRequest,
  meta: RequestMeta,
) {
  return uniquePerson(() =>
    change(
      ctx,
      actor,
      id,
      meta,
      { version: body.version, action: 'person_updated', details: () => roleLabel(body.role) },
      async (tx) => {
        await personOf(tx, id, personId);
        await checkNoTwin(tx, id, body, personId);
        await repo.updatePerson(tx, personId, personColumns(body));
        return { person_id: personId, role: body.role, person_type: body.person_type };
      },
    ),
  );
}

export async function removePerson(
  ctx: AppContext,
  actor: Actor,
  id: number,
  personId: number,
  version: number | undefined,
  meta: RequestMeta,
) {
  let role: keyof typeof CONTROL_PERSON_ROLE_LABELS = 'offender';
  return change(ctx, actor, id, meta, { version, action: 'person_removed', details: () => roleLabel(role) }, async (tx) => {
    const person = await personOf(tx, id, personId);
    role = person.role;
    await repo.deletePerson(tx, personId);
    return { person_id: personId, role: person.role };
  });
}

/* ───────────────────────────── Building bodies ───────────────────────────── */

const decimal = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));

function bodyColumns(body: ControlBuildingBodyRequest) {
  return {
    name: body.name,
    heightCornice: decimal(body.height_cornice),
    heightRidge: decimal(body.height_ridge),
    levelsBelow: body.levels_below ?? null,
    levelsAbove: body.levels_above ?? null,
    heightRegime: body.height_regime ?? null,
    constructionType: body.construction_type ?? null,
    foundations: body.foundations ?? null,
    roof: body.roof ?? null,
    heating: body.heating ?? null,
    finishes: body.finishes ?? null,
    function: body.function ?? null,
    importanceCategory: body.importance_category ?? null,
    builtArea: decimal(body.built_area),
    developedArea: decimal(body.developed_area),
    usefulArea: decimal(body.useful_area),
    livingArea: decimal(body.living_area),
    apartments1Room: body.apartments_1_room ?? null,
    apartments2Rooms: body.apartments_2_rooms ?? null,
    apartments3Rooms: body.apartments_3_rooms ?? null,
    apartments4Rooms: body.apartments_4_rooms ?? null,
    apartments5PlusRooms: body.apartments_5_plus_rooms ?? null,
  };
}

export async function addBody(ctx: AppContext, actor: Actor, id: number, body: ControlBuildingBodyRequest, meta: RequestMeta) {
  return change(
    ctx,
    actor,
    id,
    meta,
    { version: body.version, action: 'building_body_added', details: () => body.name },
    async (tx) => {
      if ((await repo.findBodies(tx, id)).length >= CONTROL_LIMITS.buildingBodies) throw invalidField('body', M.tooMany);
      const columns = bodyColumns(body);
      const bodyId = await repo.insertBody(tx, {
        ...columns,
        controlId: id,
        position: await repo.nextPosition(tx, 'bodies', id),
      });
      return { building_body_id: bodyId, ...columns };
    },
  );
}

async function bodyOf(tx: Db, controlId: number, bodyId: number) {
  const found = (await repo.findBodies(tx, controlId)).find((b) => b.id === bodyId);
  if (!found) throw notFound();
  return found;
}

export async function patchBody(
  ctx: AppContext,
  actor: Actor,
  id: number,
  bodyId: number,
  body: ControlBuildingBodyRequest,
  meta: RequestMeta,
) {
  return change(
    ctx,
    actor,
    id,
    meta,
    { version: body.version, action: 'building_body_updated', details: () => body.name },
    async (tx) => {
      await bodyOf(tx, id, bodyId);
      const columns = bodyColumns(body);
      await repo.updateBody(tx, bodyId, columns);
      return { building_body_id: bodyId, ...columns };
    },
  );
}

export async function removeBody(
  ctx: AppContext,
  actor: Actor,
  id: number,
  bodyId: number,
  version: number | undefined,
  meta: RequestMeta,
) {
  let name = '';
  return change(ctx, actor, id, meta, { version, action: 'building_body_removed', details: () => name }, async (tx) => {
    const found = await bodyOf(tx, id, bodyId);
    name = found.name;
    await repo.deleteBody(tx, bodyId);
    return { building_body_id: bodyId };
  });
}

/* ───────────────────────────── Files ───────────────────────────── */

export async function addFile(ctx: AppContext, actor: Actor, id: number, body: ControlFileRequest, meta: RequestMeta) {
  return change(ctx, actor, id, meta, { version: body.version, action: 'file_added' }, async (tx) => {
    const file = await findOwnFile(tx, body.file_id, actor.userId);
    if (!file) throw invalidField('body.file_id', M.fileUnknown);
    if (await repo.fileAttached(tx, id, file.id)) throw invalidField('body.file_id', M.fileAttached);
    if ((await repo.findFiles(tx, id)).length >= CONTROL_LIMITS.files) throw invalidField('body', M.tooMany);
    const rowId = await repo.insertFile(tx, {
      controlId: id,
      fileId: file.id,
      kind: 'upload',
      description: body.description ?? null,
      createdBy: actor.userId,
    });
    return { control_file_id: rowId, file_id: file.id };
  });
}

export async function removeFile(
  ctx: AppContext,
  actor: Actor,
  id: number,
  rowId: number,
  version: number | undefined,
  meta: RequestMeta,
) {
  return change(ctx, actor, id, meta, { version, action: 'file_removed' }, async (tx) => {
    const row = (await repo.findFiles(tx, id)).find((f) => f.id === rowId);
    if (row?.kind !== 'upload') throw notFound();
    await repo.deleteFile(tx, rowId);
    return { control_file_id: rowId, file_id: row.fileId };
  });
}

/* ───────────────────────────── Actions ───────────────────────────── */

async function record(
  tx: Db,
  actor: Actor,
  meta: RequestMeta,
  control: Control,
  activity: string,
  changes: Partial<repo.ControlInsert>,
  details: string | null = null,
) {
  await repo.touchControl(tx, control.id, changes);
  await repo.insertActivity(tx, { controlId: control.id, actorUserId: actor.userId, action: activity, details });
  await audit(tx, actor, meta, {
    organisationId: control.organisationId,
    action: `${ENTITY}.${activity}`,
    entityType: ENTITY,
    entityId: control.id,
    before: { status: control.status, version: control.version },
    after: changes,
  });
}

/** register: the entry code from the organisation's active series of the type's series type. */
export async function registerControl(ctx: AppContext, actor: Actor, id: number, version: number, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const control = await forAction(tx, actor, id, 'register', version);
    const type = await repo.findType(tx, control.controlTypeId);
    if (!type?.seriesTypeId) throw new AppError('DOCUMENT_SERIES_NOT_DEFINED', { control_type_id: control.controlTypeId });
    const series = await findSeriesOfType(tx, type.seriesTypeId, control.organisationId);
    if (!series) throw new AppError('DOCUMENT_SERIES_NOT_DEFINED', { series_type_id: type.seriesTypeId });
    if (!series.active) throw new AppError('DOCUMENT_SERIES_INACTIVE', { series_id: series.id });
    const number = await takeNextNumber(tx, series.id);
    await record(tx, actor, meta, control, 'registered', { status: 'registered', entryCode: number.code }, number.code);
    await emitDomainEvent(tx, {
      type: 'control.registered',
      entityType: ENTITY,
      entityId: id,
      actorUserId: actor.userId,
      payload: { organisation_id: control.organisationId, entry_code: number.code },
    });
  });
  return detail(ctx.db, actor, id);
}

async function simpleAction(
  ctx: AppContext,
  actor: Actor,
  id: number,
  version: number,
  meta: RequestMeta,
  action: 'resolve' | 'close',
) {
  await ctx.db.transaction(async (tx) => {
    const control = await forAction(tx, actor, id, action, version);
    const status = controlStatusAfter(action) as ControlStatus;
    const activity = action === 'resolve' ? 'resolved' : 'closed';
    await record(tx, actor, meta, control, activity, {
      status,
      ...(action === 'close' ? { closedAt: new Date() } : {}),
    });
    if (action === 'close')
      await emitDomainEvent(tx, {
        type: 'control.closed',
        entityType: ENTITY,
        entityId: id,
        actorUserId: actor.userId,
        payload: { organisation_id: control.organisationId, entry_code: control.entryCode },
      });
  });
  return detail(ctx.db, actor, id);
}

export const resolveControl = (ctx: AppContext, actor: Actor, id: number, version: number, meta: RequestMeta) =>
  simpleAction(ctx, actor, id, version, meta, 'resolve');

export const closeControl = (ctx: AppContext, actor: Actor, id: number, version: number, meta: RequestMeta) =>
  simpleAction(ctx, actor, id, version, meta, 'close');

/** A failure of the report itself (rendering or storing), as opposed to a refused request. */
class ReportFailure extends Error {}

async function reportData(tx: Db, actor: Actor, control: Control, generatedAt: Date): Promise<ClosingReportData> {
  const row = await repo.findItem(tx, control.id);
  if (!row) throw notFound();
  const p = await parts(tx, control.id);
  const me = await repo.userNames(tx, actor.userId);
  return {
    organisationName: await repo.organisationName(tx, control.organisationId),
    entryCode: control.entryCode ?? '',
    controlDate: control.controlDate,
    typeName: row.typeName,
    uatName: row.uatName,
    localityName: row.localityName,
    address: control.address,
    cadastralNumber: control.cadastralNumber,
    complaintEntryCode: row.complaintEntryCode,
    staff: p.staff.map(presentStaff),
    persons: p.persons.map(presentPerson),
    bodies: p.bodies.map(presentBody),
    documents: p.files.filter((f) => f.kind === 'upload').map((f) => ({ name: f.name, description: f.description })),
    generatedAt,
    generatedBy: me ? personName(me.firstName, me.lastName, me.email) : '',
  };
}

/**
 * The organisation's active `raport_control` template (its own, else a common one) with the
 * header it prints; undefined: the built-in layout.
 */
async function reportTemplate(
  db: Db,
  storage: AppContext['storage'],
  organisationId: number,
): Promise<{ template: ReportTemplate; letterhead: ReportLetterhead } | undefined> {
  const template = await findActiveTemplateOfSystemType(db, organisationId, CONTROL_REPORT_SYSTEM_TYPE);
  if (!template) return undefined;
  const head = await repo.reportLetterhead(db, organisationId);
  let logo: string | null = null;
  if (head?.logoFileId) {
    try {
      const { file, data } = await readStoredFile(db, storage, head.logoFileId);
      if (file.mimeType === 'image/png' || file.mimeType === 'image/jpeg')
        logo = `data:${file.mimeType};base64,${data.toString('base64')}`;
    } catch {
      logo = null;
    }
  }
  const place = [head?.localityName ?? head?.uatName, head?.countyName ? `județul ${head.countyName}` : null].filter(Boolean);
  return {
    template: { id: template.id, name: template.name, content: template.content, signingLayout: template.signingLayout },
    letterhead: {
      councilName: head?.councilName || DEFAULT_SETTINGS.councilName,
      organisationName: head?.name ?? '',
      address: place.length > 0 ? place.join(', ') : null,
      logo,
    },
  };
}

/**
 * generate-report: renders the closing report (from the organisation's active document template
 * of system type `raport_control` when there is one, else the built-in layout), stores it through the files module and locks the
 * control (status generated). A failure of the rendering or the storage sets status `error` with
 * the code in `report_error` (its own transaction) and answers CLOSING_REPORT_GENERATION_ERROR;
 * the report may be generated again from `error`.
 */
export async function generateReport(ctx: AppContext, actor: Actor, id: number, version: number, meta: RequestMeta) {
  try {
    await ctx.db.transaction(async (tx) => {
      const control = await forAction(tx, actor, id, 'generate-report', version);
      const now = new Date();
      let stored: FileRow;
      let fromTemplate: Awaited<ReturnType<typeof reportTemplate>>;
      try {
        fromTemplate = await reportTemplate(tx, ctx.storage, control.organisationId);
        const pdf = await closingReportRenderer.render(await reportData(tx, actor, control, now), fromTemplate);
        stored = await storeGeneratedFile(tx, ctx.storage, {
          data: pdf,
          name: `raport-inchidere-${(control.entryCode ?? String(control.id)).replace(/[^\w.-]+/g, '-')}.pdf`,
          mimeType: 'application/pdf',
          purpose: 'control_closing_report',
          organisationId: control.organisationId,
          ownerUserId: actor.userId,
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new ReportFailure(error instanceof Error ? error.message : String(error));
      }
      await repo.insertFile(tx, { controlId: id, fileId: stored.id, kind: 'closing_report', createdBy: actor.userId });
      await record(tx, actor, meta, control, 'report_generated', {
        status: 'generated',
        closingReportFileId: stored.id,
        reportError: null,
        generatedAt: now,
      });
      await emitDomainEvent(tx, {
        type: 'control.report_generated',
        entityType: ENTITY,
        entityId: id,
        actorUserId: actor.userId,
        payload: {
          organisation_id: control.organisationId,
          entry_code: control.entryCode,
          file_id: stored.id,
          template_id: fromTemplate?.template.id ?? null,
        },
      });
    });
  } catch (error) {
    if (!(error instanceof ReportFailure)) throw error;
    await ctx.db.transaction(async (tx) => {
      const control = await repo.findControl(tx, id, { lock: true });
      if (!control || controlActionRefusal(control.status, 'generate-report') !== null) return;
      await record(tx, actor, meta, control, 'report_failed', {
        status: 'error',
        reportError: 'CLOSING_REPORT_GENERATION_ERROR',
      });
    });
    throw new AppError('CLOSING_REPORT_GENERATION_ERROR', undefined, `closing report of control ${id}: ${error.message}`);
  }
  return detail(ctx.db, actor, id);
}

export async function deleteControl(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const control = await forAction(tx, actor, id, 'delete');
    await repo.deleteControl(tx, id);
    await audit(tx, actor, meta, {
      organisationId: control.organisationId,
      action: `${ENTITY}.delete`,
      entityType: ENTITY,
      entityId: id,
      before: control,
    });
  });
}
