import type { Allocation } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { allocationAbilities } from './policy.js';
import type { AllocationDetailRow } from './repository.js';

export const personName = (first: string | null, last: string | null, email: string): string =>
  [first, last].filter(Boolean).join(' ') || email;

const money = (value: string | null): number | null => (value === null ? null : Number(value));

export function presentAllocation(actor: Actor, row: AllocationDetailRow): Allocation {
  const x = row.allocation;
  return {
    id: x.id,
    organisation_id: x.organisationId,
    created_by: { id: x.createdBy, name: personName(row.creatorFirst, row.creatorLast, row.creatorEmail) },
    allocation_date: x.allocationDate,
    series: x.series,
    source: x.source,
    series_type_id: x.seriesTypeId,
    series_type_name: row.typeName,
    document_series_id: x.documentSeriesId,
    file: x.fileId !== null && row.fileName !== null ? { id: x.fileId, name: row.fileName, size: row.fileSize ?? 0 } : null,
    issue_date: x.issueDate,
    location: x.location,
    uat_id: x.uatId,
    uat_name: row.uatName,
    tax_lei: money(x.taxLei),
    validity_months: x.validityMonths,
    execution_duration_months: x.executionDurationMonths,
    start_date: x.startDate,
    extension_date: x.extensionDate,
    investment_value: money(x.investmentValue),
    location_type: x.locationType,
    created_at: x.createdAt.toISOString(),
    updated_at: x.updatedAt.toISOString(),
    abilities: allocationAbilities(actor, x.organisationId),
  };
}
