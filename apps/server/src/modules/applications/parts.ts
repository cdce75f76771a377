import type { Application, ApplicationBeneficiary, RealEstate } from '@ghiseu/domain';
import type { Db } from '../../platform/db.js';

/**
 * Parts of an application that other modules own: its beneficiaries and its real estates. Those
 * modules depend on this one (they change a draft through its guard, `draft.ts`), so this module
 * cannot import them; instead they hand it what the application needs (the detail, the
 * submission check, the type change), wired once in `app.ts` with {@link registerApplicationParts}.
 */

export interface BeneficiaryPart {
  /** The beneficiaries of an application as the detail shows them, and their `beneficiary_users` entries. */
  detail(
    db: Db,
    applicationId: number,
    abilities: { canEdit: boolean; canDelete: boolean },
  ): Promise<{ beneficiaries: ApplicationBeneficiary[]; beneficiaryUsers: Application['form']['beneficiary_users'] }>;
  count(db: Db, applicationId: number): Promise<number>;
}

export interface RealEstatePart {
  /** The real estates of an application, and their `real_estate_target` entries. */
  detail(
    db: Db,
    applicationId: number,
  ): Promise<{ realEstates: RealEstate[]; realEstateTargets: Application['form']['real_estate_target'] }>;
  count(db: Db, applicationId: number): Promise<number>;
  /** Removes every real estate of a draft (its type changed) and answers how many went. */
  removeAll(tx: Db, applicationId: number): Promise<number>;
}

export interface ApplicationPartsRegistry {
  beneficiaries: BeneficiaryPart;
  realEstates: RealEstatePart;
}

let registered: ApplicationPartsRegistry | undefined;

/** Called by `buildApp` before the routes: the same parts for every app built in the process. */
export function registerApplicationParts(parts: ApplicationPartsRegistry): void {
  registered = parts;
}

export function applicationParts(): ApplicationPartsRegistry {
  if (!registered) throw new Error('application parts are not registered (registerApplicationParts in app.ts)');
  return registered;
}
