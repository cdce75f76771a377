import type { Db } from '../../platform/db.js';
import * as repo from './repository.js';

/** The UATs among `ids` that lie in the organisation's jurisdiction (a county council: its county; a city hall: its UAT). */
export function uatsInJurisdiction(db: Db, organisationId: number, ids: number[]): Promise<number[]> {
  return repo.uatsInJurisdiction(db, organisationId, ids);
}
