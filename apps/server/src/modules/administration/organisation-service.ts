import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { AdminOrganisation, OrganisationCreateRequest, OrganisationPatchRequest } from '@ghiseu/domain';
import { inScope } from '../../platform/auth/scope.js';
import {
  JURISDICTION_FIELDS,
  mayCreateOrganisation,
  mayDeleteOrganisation,
  mayEditOrganisation,
  mayEditOrganisationJurisdiction,
} from './policy.js';
import { organisationSnapshot, presentOrganisation } from './presenter.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import {
  countOrganisationUsers,
  countUsersByOrganisation,
  deleteOrganisation as deleteOrganisationRows,
  findCounty,
  findLocality,
  findOrganisation,
  findUat,
  insertOrganisation,
  insertSystemFunctions,
  type OrganisationRow,
  organisationNameTaken,
  updateOrganisation,
} from './repository/organisations.js';
import { audit, invalidField, type RequestMeta } from '../../platform/request.js';
import { parseUsefulLinksCsv } from './useful-links.js';
import { findOwnFile } from '../files/index.js';

type OrganisationType = OrganisationRow['type'];

interface Territory {
  countyId: number | null;
  uatId: number | null;
  localityId: number | null;
}

/**
 * Checks the territory of an organisation against its type (DESIGN.md: jurisdiction): a county
 * council needs its county, a city hall its UAT (the county follows from the UAT); a locality
 * must lie in that UAT or county. Answers the completed territory.
 */
async function resolveTerritory(db: Db, type: OrganisationType, territory: Territory): Promise<Territory> {
  let { countyId } = territory;
  const { uatId, localityId } = territory;
  if (uatId !== null) {
    const uat = await findUat(db, uatId);
    if (!uat) throw invalidField('body.uat_id', 'UAT-ul nu există');
    if (countyId !== null && countyId !== uat.countyId) throw invalidField('body.county_id', 'UAT-ul nu aparține județului ales');
    countyId = uat.countyId;
  } else if (countyId !== null && !(await findCounty(db, countyId))) {
    throw invalidField('body.county_id', 'Județul nu există');
  }
  if (localityId !== null) {
    const locality = await findLocality(db, localityId);
    if (!locality) throw invalidField('body.locality_id', 'Localitatea nu există');
    if ((uatId !== null && locality.uatId !== uatId) || (countyId !== null && locality.countyId !== countyId)) {
      throw invalidField('body.locality_id', 'Localitatea nu aparține UAT-ului sau județului ales');
    }
  }
  if (type === 'county_council' && countyId === null)
    throw invalidField('body.county_id', 'Consiliul județean trebuie să aibă județul');
  if (type === 'city_hall' && uatId === null) throw invalidField('body.uat_id', 'Primăria trebuie să aibă UAT-ul');
  return { countyId, uatId, localityId };
}

/**
 * A logo must be a PNG or JPEG the actor uploaded: organisation logos are served publicly
 * (/api/organisations/logos), so naming somebody else's file would publish it.
 */
async function checkLogo(db: Db, actor: Actor, fileId: number): Promise<void> {
  const file = await findOwnFile(db, fileId, actor.userId);
  if (!file) throw new AppError('FILE_NOT_EXISTS');
  if (file.mimeType !== 'image/png' && file.mimeType !== 'image/jpeg') {
    throw invalidField('body.logo_file_id', 'Sigla trebuie să fie o imagine PNG sau JPEG');
  }
}

async function present(db: Db, actor: Actor, row: OrganisationRow): Promise<AdminOrganisation> {
  return presentOrganisation(actor, row, await countOrganisationUsers(db, row.id));
}

/**
 * Organisations as the public reads answer them, each with the reader's abilities. Only a reader
 * who may delete organisations needs their user counts (an organisation with users stays).
 */
export async function presentOrganisationsFor(
  db: Db,
  actor: Actor | null,
  rows: OrganisationRow[],
): Promise<AdminOrganisation[]> {
  const counts =
    actor && mayDeleteOrganisation(actor)
      ? await countUsersByOrganisation(
          db,
          rows.map((row) => row.id),
        )
      : new Map<number, number>();
  return rows.map((row) => presentOrganisation(actor, row, counts.get(row.id) ?? 0));
}

/** Loads an organisation the actor may administer; 404 when unknown, 403 when outside their scope. */
async function loadEditable(ctx: AppContext, actor: Actor, id: number): Promise<OrganisationRow> {
  const row = await findOrganisation(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  // Organisations are public reference data (ADR 0005), so refusing with 403 reveals nothing.
  if (!inScope(actor, id) || !mayEditOrganisation(actor, id)) throw new AppError('FORBIDDEN');
  return row;
}

/** Creates an organisation with its protected system functions (spec §3, §6). Super admin only. */
export async function createOrganisation(
  ctx: AppContext,
  actor: Actor,
  input: OrganisationCreateRequest,
  meta: RequestMeta,
): Promise<AdminOrganisation> {
  if (!mayCreateOrganisation(actor)) throw new AppError('FORBIDDEN');
  const territory = await resolveTerritory(ctx.db, input.type, {
    countyId: input.county_id ?? null,
    uatId: input.uat_id ?? null,
    localityId: input.locality_id ?? null,
  });
  if (input.logo_file_id) await checkLogo(ctx.db, actor, input.logo_file_id);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (await organisationNameTaken(tx, input.name)) throw new AppError('ORGANISATION_ALREADY_EXISTS');
      const created = await insertOrganisation(tx, {
        name: input.name,
        description: input.description ?? null,
        status: input.status,
        type: input.type,
        ...territory,
        isTest: input.is_test,
        logoFileId: input.logo_file_id ?? null,
        externalLink: input.external_link ?? null,
        citizenDashboardVisible: input.citizen_dashboard_visible,
        paymentOrderDetails: input.payment_order_details ?? null,
      });
      await insertSystemFunctions(tx, created.id);
      await audit(tx, actor, meta, {
        organisationId: created.id,
        action: 'organisation.create',
        entityType: 'organisation',
        entityId: created.id,
        after: organisationSnapshot(created),
      });
      return created;
    });
    return present(ctx.db, actor, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ORGANISATION_ALREADY_EXISTS');
    throw error;
  }
}

/** Merge-patch of an organisation's card. Jurisdiction fields are for the super admin. */
export async function patchOrganisation(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: OrganisationPatchRequest,
  meta: RequestMeta,
): Promise<AdminOrganisation> {
  const current = await loadEditable(ctx, actor, id);
  const currentValues: Record<(typeof JURISDICTION_FIELDS)[number], unknown> = {
    type: current.type,
    status: current.status,
    is_test: current.isTest,
    county_id: current.countyId,
    uat_id: current.uatId,
    locality_id: current.localityId,
  };
  const changedJurisdiction = JURISDICTION_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== currentValues[f]);
  if (changedJurisdiction.length > 0 && !mayEditOrganisationJurisdiction(actor)) {
    throw new AppError('FORBIDDEN', { fields: changedJurisdiction });
  }

  const type = patch.type ?? current.type;
  const territory =
    changedJurisdiction.some((f) => f === 'type' || f.endsWith('_id')) || patch.type !== undefined
      ? await resolveTerritory(ctx.db, type, {
          countyId: patch.county_id !== undefined ? patch.county_id : current.countyId,
          uatId: patch.uat_id !== undefined ? patch.uat_id : current.uatId,
          localityId: patch.locality_id !== undefined ? patch.locality_id : current.localityId,
        })
      : { countyId: current.countyId, uatId: current.uatId, localityId: current.localityId };
  if (patch.logo_file_id && patch.logo_file_id !== current.logoFileId) await checkLogo(ctx.db, actor, patch.logo_file_id);

  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (patch.name !== undefined && patch.name.toLowerCase() !== current.name.toLowerCase()) {
        if (await organisationNameTaken(tx, patch.name, id)) throw new AppError('ORGANISATION_ALREADY_EXISTS');
      }
      const updated = await updateOrganisation(tx, id, {
        name: patch.name,
        description: patch.description,
        status: patch.status,
        type: patch.type,
        ...territory,
        isTest: patch.is_test,
        logoFileId: patch.logo_file_id,
        externalLink: patch.external_link,
        citizenDashboardVisible: patch.citizen_dashboard_visible,
        paymentOrderDetails: patch.payment_order_details,
      });
      await audit(tx, actor, meta, {
        organisationId: id,
        action: 'organisation.update',
        entityType: 'organisation',
        entityId: id,
        before: organisationSnapshot(current),
        after: organisationSnapshot(updated),
      });
      return updated;
    });
    return present(ctx.db, actor, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ORGANISATION_ALREADY_EXISTS');
    throw error;
  }
}

/** Deletes an organisation that has no users (CANNOT_DELETE_ORGANISATION otherwise). Super admin only. */
export async function deleteOrganisation(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  const current = await findOrganisation(ctx.db, id);
  if (!current) throw new AppError('NOT_FOUND');
  if (!mayDeleteOrganisation(actor)) throw new AppError('FORBIDDEN');
  const userCount = await countOrganisationUsers(ctx.db, id);
  if (userCount > 0) throw new AppError('CANNOT_DELETE_ORGANISATION', { users: userCount });
  try {
    await ctx.db.transaction(async (tx) => {
      // Counted again inside the transaction: an invitation may have landed in between.
      const users = await countOrganisationUsers(tx, id);
      if (users > 0) throw new AppError('CANNOT_DELETE_ORGANISATION', { users });
      await deleteOrganisationRows(tx, id);
      await audit(tx, actor, meta, {
        organisationId: id,
        action: 'organisation.delete',
        entityType: 'organisation',
        entityId: id,
        before: organisationSnapshot(current),
      });
    });
  } catch (error) {
    // Other records (applications, files…) still point at it.
    if (isForeignKeyViolation(error)) throw new AppError('CANNOT_DELETE_ORGANISATION', { reason: 'referenced' });
    throw error;
  }
}

/** Replaces the useful links from a `name,link` CSV (spec §3); errors name the CSV line. */
export async function replaceUsefulLinks(
  ctx: AppContext,
  actor: Actor,
  id: number,
  csv: string,
  meta: RequestMeta,
): Promise<AdminOrganisation> {
  const current = await loadEditable(ctx, actor, id);
  const links = parseUsefulLinksCsv(csv);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateOrganisation(tx, id, { usefulLinks: links });
    await audit(tx, actor, meta, {
      organisationId: id,
      action: 'organisation.useful_links',
      entityType: 'organisation',
      entityId: id,
      before: { useful_links: current.usefulLinks },
      after: { useful_links: links },
    });
    return updated;
  });
  return present(ctx.db, actor, row);
}

/** Whether an organisation exists (other modules validate the organisation a record names). */
export async function organisationExists(db: Db, id: number): Promise<boolean> {
  return (await findOrganisation(db, id)) !== undefined;
}

/** Creates the protected system functions of an organisation (idempotent; the demo seed calls it too). */
export function createSystemFunctions(db: Db, organisationId: number): Promise<void> {
  return insertSystemFunctions(db, organisationId);
}
