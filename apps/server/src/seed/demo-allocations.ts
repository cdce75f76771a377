import { and, eq, sql } from 'drizzle-orm';
import { documentSeriesTypes, organisations, seriesAllocations, users } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/**
 * Demo reserved series (spec §3 Reserved series, /document-series-allocation): a few numbers the
 * county council's demo clerk recorded for urbanism certificates issued on paper, of the demo
 * output series type ('Ieșiri'). Numbers allocated outside the portal (`external`): the demo
 * output series itself keeps its first numbers for the documents the portal issues.
 */

const COUNTY_COUNCIL = 'Consiliul Județean Mureș';

const ALLOCATIONS = [
  {
    series: 'CU-H/101/2026',
    allocationDate: '2026-02-03',
    issueDate: '2026-02-05',
    location: 'Str. Gheorghe Doja nr. 64, Târgu Mureș',
    uatId: 114319,
    taxLei: '150.00',
    validityMonths: 24,
    executionDurationMonths: null,
    startDate: null,
    investmentValue: null,
    locationType: 'land_registry' as const,
  },
  {
    series: 'CU-H/102/2026',
    allocationDate: '2026-02-10',
    issueDate: '2026-02-12',
    location: 'Sat Corunca, nr. 210, comuna Corunca',
    uatId: null,
    taxLei: '95.50',
    validityMonths: 12,
    executionDurationMonths: null,
    startDate: null,
    investmentValue: null,
    locationType: 'pin' as const,
  },
  {
    series: 'AC-H/17/2026',
    allocationDate: '2026-03-01',
    issueDate: '2026-03-04',
    location: 'Str. Libertății nr. 12, Sighișoara',
    uatId: 114514,
    taxLei: '2450.00',
    validityMonths: 12,
    executionDurationMonths: 18,
    startDate: '2026-04-01',
    investmentValue: '245000.00',
    locationType: 'land_registry' as const,
  },
] as const;

export async function seedDemoAllocations(tx: Db): Promise<Record<string, number>> {
  const [council] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, COUNTY_COUNCIL));
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.ghiseu.ro'));
  const [type] = await tx
    .select({ id: documentSeriesTypes.id })
    .from(documentSeriesTypes)
    .where(sql`lower(${documentSeriesTypes.name}) = 'ieșiri'`);
  if (!council || !staff || !type) return { allocations: 0 };
  let count = 0;
  for (const a of ALLOCATIONS) {
    const [existing] = await tx
      .select({ id: seriesAllocations.id })
      .from(seriesAllocations)
      .where(and(eq(seriesAllocations.organisationId, council.id), eq(seriesAllocations.series, a.series)));
    if (existing) continue;
    await tx.insert(seriesAllocations).values({
      ...a,
      organisationId: council.id,
      createdBy: staff.id,
      source: 'external',
      seriesTypeId: type.id,
    });
    count++;
  }
  return { allocations: count };
}
