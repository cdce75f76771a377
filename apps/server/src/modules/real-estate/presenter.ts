import { type RealEstate, REAL_ESTATE_TYPE_LABELS } from '@ghiseu/domain';
import type { RealEstateRow } from './repository.js';

/** Rows → the real-estate contracts. */

const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

export function presentRealEstate(row: RealEstateRow): RealEstate {
  return {
    id: row.id,
    application_id: row.applicationId,
    cadastral_number: row.cadastralNumber,
    uat_id: row.uatId,
    uat_name: row.uatName,
    uat_type: row.uatType,
    county_id: row.countyId,
    county_name: row.countyName,
    type: row.type,
    type_label: REAL_ESTATE_TYPE_LABELS[row.type],
    area: numberOrNull(row.area),
    address: row.address,
    registry_area: numberOrNull(row.registryArea),
    area_mismatch: row.areaMismatch,
    found_in_registry: row.registryArea !== null,
    position: row.position,
  };
}

/** The `real_estate_target` entry of the application's form (spec §3). */
export function presentRealEstateTarget(row: RealEstateRow) {
  return {
    id: row.id,
    territorial_administrative_unit_id: row.uatId,
    unit: { id: row.uatId, name: row.uatName, type: row.uatType, county_id: row.countyId, county_name: row.countyName },
    cadastral_number: row.cadastralNumber,
    type: row.type,
    area: numberOrNull(row.area),
    address: row.address,
  };
}
