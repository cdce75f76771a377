import {
  formatValidationMessage,
  type Parcel,
  type ParcelSearchRequest,
  REAL_ESTATE_MESSAGES,
  type RealEstateCreateRequest,
  type RealEstatePatchRequest,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { isUniqueViolation } from '../../platform/db.js';
import { invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { inDraft, type RealEstatePart } from '../applications/index.js';
import { findParcel, searchParcels } from './parcels.js';
import { mayTargetUat } from './policy.js';
import { presentRealEstate, presentRealEstateTarget } from './presenter.js';
import * as repo from './repository.js';

/**
 * Real-estate targets of a draft (spec §3, §5): cadastral number, UAT, land or land with
 * constructions, area, address. Rules: one cadastral number once per application; the UAT must
 * lie in the county of the application's organisation ('Se pot depune cereri doar pe județul
 * …'); a parcel found in the cadastral table whose area differs from the declared one is
 * flagged (`area_mismatch`, `registry_area`), not refused. Everything runs inside the
 * transaction: the cadastral table is local, no network call.
 */

const MAX_REAL_ESTATES = 100;

const duplicateError = () =>
  invalidField('body.cadastral_number', REAL_ESTATE_MESSAGES.duplicateCadastralNumber, { reason: 'duplicate_cadastral_number' });

/** The UAT of a target, refused when unknown or outside the organisation's county. */
async function checkedUat(tx: Db, organisationId: number, uatId: number): Promise<{ id: number; countyId: number }> {
  const uat = await repo.findUat(tx, uatId);
  if (!uat) throw invalidField('body.uat_id', REAL_ESTATE_MESSAGES.unknownUat);
  const county = await repo.organisationCounty(tx, organisationId);
  if (county && !mayTargetUat(county, uat)) {
    throw invalidField('body.uat_id', formatValidationMessage(REAL_ESTATE_MESSAGES.countyOnly, { county: county.name }), {
      reason: 'county_not_allowed',
      county: county.name,
    });
  }
  return uat;
}

interface TargetValues {
  cadastral_number: string;
  uat_id: number;
  type: 'land' | 'land_constructions';
  area: number | null;
  address: string | null;
}

const sameArea = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/**
 * The registry's view of a target: its recorded area (and the mismatch flag), filling a missing
 * declared area or address from the registry.
 */
async function withRegistry(tx: Db, values: TargetValues) {
  const parcel = await findParcel(tx, values.uat_id, values.cadastral_number);
  const area = values.area ?? parcel?.area ?? null;
  return {
    area: area === null ? null : area.toFixed(2),
    address: values.address ?? parcel?.address ?? null,
    registryArea: parcel ? parcel.area.toFixed(2) : null,
    areaMismatch: parcel !== undefined && area !== null && !sameArea(area, parcel.area),
  };
}

async function present(db: Db, applicationId: number, id: number) {
  const row = await repo.findRealEstate(db, applicationId, id);
  if (!row) throw notFound();
  return presentRealEstate(row);
}

export async function addRealEstate(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  input: RealEstateCreateRequest,
  meta: RequestMeta,
) {
  try {
    const id = await inDraft(
      ctx.db,
      actor,
      meta,
      applicationId,
      async (tx, application) => {
        if ((await repo.countRealEstates(tx, applicationId)) >= MAX_REAL_ESTATES)
          throw invalidField('body', `O cerere poate avea cel mult ${MAX_REAL_ESTATES} de imobile.`);
        const uat = await checkedUat(tx, application.organisationId, input.uat_id);
        if (await repo.cadastralNumberTaken(tx, applicationId, input.cadastral_number)) throw duplicateError();
        const values: TargetValues = {
          cadastral_number: input.cadastral_number,
          uat_id: input.uat_id,
          type: input.type,
          area: input.area ?? null,
          address: input.address ?? null,
        };
        const registry = await withRegistry(tx, values);
        const created = await repo.insertRealEstate(tx, {
          applicationId,
          cadastralNumber: values.cadastral_number,
          uatId: uat.id,
          countyId: uat.countyId,
          type: values.type,
          ...registry,
        });
        return {
          result: created,
          audit: {
            action: 'application.real_estate_add',
            after: { ...values, registry_area: registry.registryArea, area_mismatch: registry.areaMismatch },
          },
        };
      },
      { realEstates: true },
    );
    return present(ctx.db, applicationId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateError();
    throw error;
  }
}

export async function patchRealEstate(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  id: number,
  patch: RealEstatePatchRequest,
  meta: RequestMeta,
) {
  try {
    await inDraft(
      ctx.db,
      actor,
      meta,
      applicationId,
      async (tx, application) => {
        const current = await repo.findRealEstate(tx, applicationId, id);
        if (!current) throw notFound();
        const before: TargetValues = {
          cadastral_number: current.cadastralNumber,
          uat_id: current.uatId,
          type: current.type,
          area: current.area === null ? null : Number(current.area),
          address: current.address,
        };
        const values: TargetValues = {
          cadastral_number: patch.cadastral_number ?? before.cadastral_number,
          uat_id: patch.uat_id ?? before.uat_id,
          type: patch.type ?? before.type,
          area: patch.area === undefined ? before.area : patch.area,
          address: patch.address === undefined ? before.address : patch.address,
        };
        const uat = await checkedUat(tx, application.organisationId, values.uat_id);
        if (await repo.cadastralNumberTaken(tx, applicationId, values.cadastral_number, id)) throw duplicateError();
        const registry = await withRegistry(tx, values);
        await repo.updateRealEstate(tx, id, {
          cadastralNumber: values.cadastral_number,
          uatId: uat.id,
          countyId: uat.countyId,
          type: values.type,
          ...registry,
        });
        return {
          result: undefined,
          audit: {
            action: 'application.real_estate_update',
            before: { ...before, registry_area: current.registryArea, area_mismatch: current.areaMismatch },
            after: { ...values, registry_area: registry.registryArea, area_mismatch: registry.areaMismatch },
          },
        };
      },
      { realEstates: true },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateError();
    throw error;
  }
  return present(ctx.db, applicationId, id);
}

export async function deleteRealEstate(ctx: AppContext, actor: Actor, applicationId: number, id: number, meta: RequestMeta) {
  await inDraft(
    ctx.db,
    actor,
    meta,
    applicationId,
    async (tx) => {
      const current = await repo.findRealEstate(tx, applicationId, id);
      if (!current) throw notFound();
      await repo.deleteRealEstate(tx, id);
      return {
        result: undefined,
        audit: {
          action: 'application.real_estate_remove',
          before: { cadastral_number: current.cadastralNumber, uat_id: current.uatId, type: current.type, area: current.area },
        },
      };
    },
    { realEstates: true },
  );
}

/** The land-registry parcel search; ATLAS_NO_SEARCH_RESULT when nothing matches. */
export async function searchParcelRegistry(ctx: AppContext, search: ParcelSearchRequest): Promise<Parcel[]> {
  const parcels = await searchParcels(ctx.db, search);
  if (parcels.length === 0) throw new AppError('ATLAS_NO_SEARCH_RESULT');
  return parcels;
}

/* ───────────────────────────── For other modules ───────────────────────────── */

/** What the applications module shows, checks and resets of an application's real estates (see applications/parts.ts). */
export const realEstatePart: RealEstatePart = {
  async detail(db, applicationId) {
    const rows = await repo.realEstateRows(db, applicationId);
    return { realEstates: rows.map(presentRealEstate), realEstateTargets: rows.map(presentRealEstateTarget) };
  },
  count: (db, applicationId) => repo.countRealEstates(db, applicationId),
  removeAll: (tx, applicationId) => repo.deleteAllRealEstates(tx, applicationId),
};

/** The real estates of an application with their UAT and county names (the registration receipt lists them). */
export function listApplicationRealEstates(db: Db, applicationId: number): Promise<repo.RealEstateRow[]> {
  return repo.realEstateRows(db, applicationId);
}

/**
 * A real-estate target of an application registered at the desk (applications/registry), inside
 * the registration's transaction: the same rules as on a draft (the county of the organisation,
 * one cadastral number once, the cadastral table's area). `index` names the entry in field errors.
 */
export async function insertRegistryRealEstate(
  tx: Db,
  organisationId: number,
  applicationId: number,
  input: RealEstateCreateRequest,
  index: number,
): Promise<number> {
  const at = (error: unknown) => {
    if (error instanceof AppError && Array.isArray(error.data?.fields))
      for (const field of error.data.fields as { path: string }[])
        field.path = field.path.replace(/^body\./, `body.real_estates.${index}.`);
    return error;
  };
  try {
    const uat = await checkedUat(tx, organisationId, input.uat_id);
    if (await repo.cadastralNumberTaken(tx, applicationId, input.cadastral_number)) throw duplicateError();
    const values: TargetValues = {
      cadastral_number: input.cadastral_number,
      uat_id: input.uat_id,
      type: input.type,
      area: input.area ?? null,
      address: input.address ?? null,
    };
    const registry = await withRegistry(tx, values);
    return await repo.insertRealEstate(tx, {
      applicationId,
      cadastralNumber: values.cadastral_number,
      uatId: uat.id,
      countyId: uat.countyId,
      type: values.type,
      ...registry,
    });
  } catch (error) {
    throw at(error);
  }
}
