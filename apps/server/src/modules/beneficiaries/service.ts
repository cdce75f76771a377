import {
  type AnafCheckResult,
  type ApplicationBeneficiaryCreateRequest,
  BENEFICIARY_MESSAGES,
  beneficiaryDisplayName,
  type BeneficiaryInput,
  type BeneficiaryPatchRequest,
  normalizeBeneficiary,
  normalizeCui,
  ZBeneficiaryInput,
} from '@ghiseu/domain';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { JobDefinition } from '../../platform/jobs.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { isUniqueViolation } from '../../platform/db.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { type BeneficiaryPart, inDraft, ownDraft } from '../applications/index.js';
import { type AnafClient, type AnafOutcome, createAnafClient } from './anaf-client.js';
import { anafRecheckJob, type ZAnafRecheckPayload } from './jobs.js';
import { draftBeneficiaryAbilities, ownsRegisterEntry, registerAbilities, registerCondition } from './policy.js';
import { presentApplicationBeneficiary, presentBeneficiary, presentBeneficiaryUser } from './presenter.js';
import * as repo from './repository.js';

/**
 * Beneficiaries of applications and the user's own register (spec §3, §5, §7). A Romanian legal
 * person's CUI is checked with the tax authority BEFORE the transaction (never a network call
 * inside one): found → validated with the company data; not found → kept and flagged `invalid`
 * for staff to decide; unreachable → kept `unvalidated` and a re-check job is enqueued in the
 * same transaction as the row.
 */

export interface BeneficiaryDeps {
  anaf: AnafClient;
  recheckJob: JobDefinition<typeof ZAnafRecheckPayload>;
}

/** More beneficiaries than this on one application is a mistake, not a file. */
const MAX_BENEFICIARIES = 100;

/** A zod failure of a re-validated merge, in the shape of the route validation errors. */
function validationError(error: z.ZodError): AppError {
  return new AppError('VALIDATION_ERROR', {
    fields: error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message })),
  });
}

function duplicateError(which: 'cnp' | 'cui'): AppError {
  return which === 'cnp'
    ? invalidField('body.personal_numeric_code', BENEFICIARY_MESSAGES.duplicateCnp, { reason: 'duplicate_cnp' })
    : invalidField('body.unique_registration_code', BENEFICIARY_MESSAGES.duplicateCui, { reason: 'duplicate_cui' });
}

const asValues = (input: BeneficiaryInput): repo.BeneficiaryValues => normalizeBeneficiary(input) as repo.BeneficiaryValues;

/** Asks the tax authority when the beneficiary is a Romanian legal person (null otherwise). */
async function askAnaf(deps: BeneficiaryDeps, values: repo.BeneficiaryValues): Promise<AnafOutcome | null> {
  return repo.needsAnafCheck(values) ? deps.anaf.check(values.unique_registration_code as string) : null;
}

/** The outcome to store after a change: a new question only when the CUI (or the kind of person) changed. */
async function anafAfterChange(
  deps: BeneficiaryDeps,
  current: repo.BeneficiaryRow,
  values: repo.BeneficiaryValues,
): Promise<{ columns: repo.AnafColumns; recheck: boolean }> {
  if (!repo.needsAnafCheck(values)) return { columns: repo.anafColumns(null), recheck: false };
  const unchanged =
    current.anafStatus !== 'not_applicable' &&
    current.uniqueRegistrationCode === values.unique_registration_code &&
    current.personType === values.person_type &&
    current.citizenship === values.citizenship;
  if (unchanged) return { columns: repo.copiedAnafColumns(current), recheck: false };
  const outcome = await askAnaf(deps, values);
  return { columns: repo.anafColumns(outcome), recheck: outcome?.status === 'unreachable' };
}

async function enqueueRecheck(
  ctx: AppContext,
  deps: BeneficiaryDeps,
  tx: Db,
  target: 'application' | 'register',
  id: number,
  values: repo.BeneficiaryValues,
): Promise<void> {
  await ctx.jobs.enqueue(tx, deps.recheckJob, { target, id, cui: values.unique_registration_code as string });
}

/** Merge-patch of a beneficiary (RFC 7396; `details` merges key by key). */
function mergeBeneficiary(current: repo.BeneficiaryValues, patch: BeneficiaryPatchRequest): Record<string, unknown> {
  const { details, ...rest } = patch;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) merged[key] = value;
  if (details) {
    const nextDetails: Record<string, unknown> = { ...current.details };
    for (const [key, value] of Object.entries(details)) {
      if (value === null) delete nextDetails[key];
      else if (value !== undefined) nextDetails[key] = value;
    }
    merged.details = nextDetails;
  }
  return merged;
}

function parseMerged(merged: Record<string, unknown>): repo.BeneficiaryValues {
  const parsed = ZBeneficiaryInput.safeParse(merged);
  if (!parsed.success) throw validationError(parsed.error);
  return asValues(parsed.data);
}

/* ───────────────────────────── On applications ───────────────────────────── */

async function presentOne(ctx: AppContext, actor: Actor, applicationId: number, id: number) {
  const row = await repo.findApplicationBeneficiary(ctx.db, applicationId, id);
  if (!row) throw notFound();
  return presentApplicationBeneficiary(row, draftBeneficiaryAbilities(actor));
}

/** Adds a beneficiary to a draft: typed in, or copied from the user's register (`from_beneficiary_id`). */
export async function addApplicationBeneficiary(
  ctx: AppContext,
  deps: BeneficiaryDeps,
  actor: Actor,
  applicationId: number,
  input: ApplicationBeneficiaryCreateRequest,
  meta: RequestMeta,
) {
  // Early check, so that nobody makes the portal ask ANAF about someone else's draft.
  await ownDraft(ctx.db, actor, applicationId, { lock: false });
  let values: repo.BeneficiaryValues;
  let anaf: repo.AnafColumns;
  let recheck: boolean;
  if (input.from_beneficiary_id !== undefined) {
    const saved = await repo.findRegisterBeneficiary(ctx.db, input.from_beneficiary_id);
    if (!saved || !ownsRegisterEntry(actor, saved))
      throw invalidField('body.from_beneficiary_id', 'Beneficiarul nu există în registrul dumneavoastră.');
    values = repo.toValues(saved);
    anaf = repo.copiedAnafColumns(saved);
    recheck = saved.anafStatus === 'unvalidated';
  } else {
    values = asValues(input as BeneficiaryInput);
    const outcome = await askAnaf(deps, values);
    anaf = repo.anafColumns(outcome);
    recheck = outcome?.status === 'unreachable';
  }
  try {
    const id = await inDraft(ctx.db, actor, meta, applicationId, async (tx) => {
      if ((await repo.countApplicationBeneficiaries(tx, applicationId)) >= MAX_BENEFICIARIES)
        throw invalidField('body', `O cerere poate avea cel mult ${MAX_BENEFICIARIES} de beneficiari.`);
      const duplicate = await repo.duplicateCode(tx, applicationId, {
        cnp: values.personal_numeric_code,
        cui: values.unique_registration_code,
      });
      if (duplicate) throw duplicateError(duplicate);
      const created = await repo.insertApplicationBeneficiary(tx, { applicationId, ...repo.toColumns(values), ...anaf });
      if (recheck) await enqueueRecheck(ctx, deps, tx, 'application', created, values);
      return {
        result: created,
        audit: {
          action: 'application.beneficiary_add',
          after: { beneficiary_id: created, ...values, anaf_status: anaf.anafStatus },
        },
      };
    });
    return presentOne(ctx, actor, applicationId, id);
  } catch (error) {
    // Two requests racing past the check: the unique index decides, with the same answer.
    if (isUniqueViolation(error)) throw duplicateError(values.personal_numeric_code ? 'cnp' : 'cui');
    throw error;
  }
}

export async function patchApplicationBeneficiary(
  ctx: AppContext,
  deps: BeneficiaryDeps,
  actor: Actor,
  applicationId: number,
  id: number,
  patch: BeneficiaryPatchRequest,
  meta: RequestMeta,
) {
  await ownDraft(ctx.db, actor, applicationId, { lock: false });
  const current = await repo.findApplicationBeneficiary(ctx.db, applicationId, id);
  if (!current) throw notFound();
  const values = parseMerged(mergeBeneficiary(repo.toValues(current), patch));
  const anaf = await anafAfterChange(deps, current, values);
  try {
    await inDraft(ctx.db, actor, meta, applicationId, async (tx) => {
      const before = await repo.findApplicationBeneficiary(tx, applicationId, id);
      if (!before) throw notFound();
      const duplicate = await repo.duplicateCode(
        tx,
        applicationId,
        { cnp: values.personal_numeric_code, cui: values.unique_registration_code },
        id,
      );
      if (duplicate) throw duplicateError(duplicate);
      await repo.updateApplicationBeneficiary(tx, id, { ...repo.toColumns(values), ...anaf.columns });
      if (anaf.recheck) await enqueueRecheck(ctx, deps, tx, 'application', id, values);
      return {
        result: undefined,
        audit: {
          action: 'application.beneficiary_update',
          before: { beneficiary_id: id, ...repo.toValues(before), anaf_status: before.anafStatus },
          after: { beneficiary_id: id, ...values, anaf_status: anaf.columns.anafStatus },
        },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateError(values.personal_numeric_code ? 'cnp' : 'cui');
    throw error;
  }
  return presentOne(ctx, actor, applicationId, id);
}

export async function deleteApplicationBeneficiary(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  id: number,
  meta: RequestMeta,
) {
  await inDraft(ctx.db, actor, meta, applicationId, async (tx) => {
    const row = await repo.findApplicationBeneficiary(tx, applicationId, id);
    if (!row) throw notFound();
    await repo.deleteApplicationBeneficiary(tx, id);
    return {
      result: undefined,
      audit: { action: 'application.beneficiary_remove', before: { beneficiary_id: id, ...repo.toValues(row) } },
    };
  });
}

/* ───────────────────────────── The register ───────────────────────────── */

async function loadOwn(db: Db, actor: Actor, id: number): Promise<repo.RegisterBeneficiaryRow> {
  const row = await repo.findRegisterBeneficiary(db, id);
  if (!row || !ownsRegisterEntry(actor, row)) throw notFound();
  return row;
}

export async function listRegister(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.REGISTER_LIST);
  const list = repo.listRegister(ctx.db, parsed, [registerCondition(actor)]);
  return listPage(
    parsed,
    async () => (await list.rows()).map((row) => presentBeneficiary(row, registerAbilities(actor, row))),
    list.total,
  );
}

export async function getRegisterBeneficiary(ctx: AppContext, actor: Actor, id: number) {
  const row = await loadOwn(ctx.db, actor, id);
  return presentBeneficiary(row, registerAbilities(actor, row));
}

export async function createRegisterBeneficiary(
  ctx: AppContext,
  deps: BeneficiaryDeps,
  actor: Actor,
  input: BeneficiaryInput,
  meta: RequestMeta,
) {
  const values = asValues(input);
  const outcome = await askAnaf(deps, values);
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertRegisterBeneficiary(tx, {
      ownerUserId: actor.userId,
      organisationId: actor.organisationId,
      ...repo.toColumns(values),
      ...repo.anafColumns(outcome),
    });
    if (outcome?.status === 'unreachable') await enqueueRecheck(ctx, deps, tx, 'register', created, values);
    await audit(tx, actor, meta, { action: 'beneficiary.create', entityType: 'beneficiary', entityId: created, after: values });
    return created;
  });
  return getRegisterBeneficiary(ctx, actor, id);
}

/** PUT: the whole record is replaced by what was sent. */
export async function replaceRegisterBeneficiary(
  ctx: AppContext,
  deps: BeneficiaryDeps,
  actor: Actor,
  id: number,
  input: BeneficiaryInput,
  meta: RequestMeta,
) {
  const current = await loadOwn(ctx.db, actor, id);
  const values = asValues(input);
  const anaf = await anafAfterChange(deps, current, values);
  await ctx.db.transaction(async (tx) => {
    const before = await loadOwn(tx, actor, id);
    await repo.updateRegisterBeneficiary(tx, id, { ...repo.toColumns(values), ...anaf.columns });
    if (anaf.recheck) await enqueueRecheck(ctx, deps, tx, 'register', id, values);
    await audit(tx, actor, meta, {
      action: 'beneficiary.update',
      entityType: 'beneficiary',
      entityId: id,
      before: repo.toValues(before),
      after: values,
    });
  });
  return getRegisterBeneficiary(ctx, actor, id);
}

export async function deleteRegisterBeneficiary(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const row = await loadOwn(tx, actor, id);
    await repo.deleteRegisterBeneficiary(tx, id);
    await audit(tx, actor, meta, {
      action: 'beneficiary.delete',
      entityType: 'beneficiary',
      entityId: id,
      before: repo.toValues(row),
    });
  });
}

/* ───────────────────────────── The tax-authority check ───────────────────────────── */

/** `POST /beneficiaries/interogate-anaf`: the three outcomes, nothing stored. */
export async function checkCui(deps: BeneficiaryDeps, cui: string): Promise<AnafCheckResult> {
  const digits = normalizeCui(cui) ?? cui;
  const outcome = await deps.anaf.check(digits);
  if (outcome.status === 'validated') return { cui: digits, status: 'validated', company: outcome.company };
  return { cui: digits, status: outcome.status === 'invalid' ? 'invalid' : 'unvalidated', company: null };
}

/* ───────────────────────────── For other modules ───────────────────────────── */

/** What the applications module shows and checks of an application's beneficiaries (see applications/parts.ts). */
export const beneficiaryPart: BeneficiaryPart = {
  async detail(db, applicationId, abilities) {
    const rows = await repo.applicationBeneficiaryRows(db, applicationId);
    return {
      beneficiaries: rows.map((row) => presentApplicationBeneficiary(row, abilities)),
      beneficiaryUsers: rows.map(presentBeneficiaryUser),
    };
  },
  count: (db, applicationId) => repo.countApplicationBeneficiaries(db, applicationId),
};

/** The beneficiaries of an application, in their order (the registration receipt names them). */
export function listApplicationBeneficiaries(db: Db, applicationId: number): Promise<repo.ApplicationBeneficiaryRow[]> {
  return repo.applicationBeneficiaryRows(db, applicationId);
}

/* ───────────────────────────── For the general registry ───────────────────────────── */

/** A beneficiary checked and ready to be written on a registered application (see {@link prepareRegistryBeneficiary}). */
export interface PreparedBeneficiary {
  values: repo.BeneficiaryValues;
  anaf: repo.AnafColumns;
  recheck: boolean;
  displayName: string;
}

/**
 * The beneficiary of an application registered at the desk (applications/registry), BEFORE its
 * transaction: copied from the clerk's register (`from_beneficiary_id`) or typed in, with the
 * tax authority asked about a Romanian company's CUI (never inside the transaction).
 */
export async function prepareRegistryBeneficiary(
  ctx: AppContext,
  actor: Actor,
  input: ApplicationBeneficiaryCreateRequest,
): Promise<PreparedBeneficiary> {
  const anafClient = createAnafClient(ctx.config.anaf);
  let values: repo.BeneficiaryValues;
  let anaf: repo.AnafColumns;
  let recheck: boolean;
  if (input.from_beneficiary_id !== undefined) {
    const saved = await repo.findRegisterBeneficiary(ctx.db, input.from_beneficiary_id);
    if (!saved || !ownsRegisterEntry(actor, saved))
      throw invalidField('body.beneficiary.from_beneficiary_id', 'Beneficiarul nu există în registrul dumneavoastră.');
    values = repo.toValues(saved);
    anaf = repo.copiedAnafColumns(saved);
    recheck = saved.anafStatus === 'unvalidated';
  } else {
    values = asValues(input as BeneficiaryInput);
    const outcome = repo.needsAnafCheck(values) ? await anafClient.check(values.unique_registration_code as string) : null;
    anaf = repo.anafColumns(outcome);
    recheck = outcome?.status === 'unreachable';
  }
  return { values, anaf, recheck, displayName: beneficiaryDisplayName(values) };
}

/** Writes a prepared beneficiary on a registered application, inside the registration's transaction. */
export async function insertRegistryBeneficiary(
  ctx: AppContext,
  tx: Db,
  applicationId: number,
  prepared: PreparedBeneficiary,
): Promise<number> {
  const id = await repo.insertApplicationBeneficiary(tx, { applicationId, ...repo.toColumns(prepared.values), ...prepared.anaf });
  if (prepared.recheck)
    await ctx.jobs.enqueue(tx, anafRecheckJob, {
      target: 'application',
      id,
      cui: prepared.values.unique_registration_code as string,
    });
  return id;
}
