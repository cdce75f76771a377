import { and, eq, sql } from 'drizzle-orm';
import {
  controlActivities,
  controlStaff,
  controls,
  controlTypes,
  documentSeries,
  documentSeriesTypes,
  organisations,
  users,
} from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/**
 * Demo controls (issue 15): the county council's two control types, numbered from a 'Controale'
 * series type and its series 'CTRL/N/year', and one control prepared by the demo clerk (draft).
 * Idempotent: what exists is kept.
 */

const COUNTY_COUNCIL = 'Consiliul Județean Mureș';
const SERIES_TYPE = 'Controale';
const SERIES_NAME = 'Registrul controalelor';
const TYPES = ['Disciplina în construcții', 'Control pe șantier'] as const;
const TARGU_MURES = 114319;

export async function seedDemoControls(tx: Db): Promise<Record<string, number>> {
  const counts = { controlTypes: 0, controls: 0 };
  const [council] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, COUNTY_COUNCIL));
  const [staff] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, 'staff@demo.ghiseu.ro'));
  if (!council || !staff) return counts;

  let [seriesType] = await tx
    .select({ id: documentSeriesTypes.id })
    .from(documentSeriesTypes)
    .where(sql`lower(${documentSeriesTypes.name}) = lower(${SERIES_TYPE})`);
  if (!seriesType)
    [seriesType] = await tx
      .insert(documentSeriesTypes)
      .values({ name: SERIES_TYPE, description: 'Numerele de intrare ale controalelor' })
      .returning({ id: documentSeriesTypes.id });
  const [series] = await tx
    .select({ id: documentSeries.id })
    .from(documentSeries)
    .where(and(eq(documentSeries.organisationId, council.id), sql`lower(${documentSeries.name}) = lower(${SERIES_NAME})`));
  if (!series)
    await tx.insert(documentSeries).values({
      organisationId: council.id,
      typeId: seriesType.id,
      name: SERIES_NAME,
      description: 'Controalele înregistrate de inspectorii consiliului județean',
      prefix: 'CTRL',
      separator: '/',
    });

  const typeIds: number[] = [];
  for (const name of TYPES) {
    const [existing] = await tx
      .select({ id: controlTypes.id })
      .from(controlTypes)
      .where(and(eq(controlTypes.organisationId, council.id), sql`lower(${controlTypes.name}) = lower(${name})`));
    if (existing) {
      typeIds.push(existing.id);
      continue;
    }
    const [created] = await tx
      .insert(controlTypes)
      .values({ organisationId: council.id, name, seriesTypeId: seriesType.id })
      .returning({ id: controlTypes.id });
    typeIds.push(created.id);
    counts.controlTypes++;
  }

  const [anyControl] = await tx
    .select({ id: controls.id })
    .from(controls)
    .where(eq(controls.organisationId, council.id))
    .limit(1);
  if (!anyControl) {
    const [control] = await tx
      .insert(controls)
      .values({
        organisationId: council.id,
        controlTypeId: typeIds[0],
        status: 'draft',
        controlDate: '2026-11-20',
        uatId: TARGU_MURES,
        address: 'Str. Gheorghe Doja nr. 64, Târgu Mureș',
        cadastralNumber: '128734',
        createdBy: staff.id,
      })
      .returning({ id: controls.id });
    await tx.insert(controlStaff).values({
      controlId: control.id,
      userId: staff.id,
      name: [staff.firstName, staff.lastName].filter(Boolean).join(' '),
      function: 'Inspector de specialitate',
      controlBody: 'Direcția de control al disciplinei în construcții',
      idNumber: 'CJM-0117',
      idExpiry: '2027-12-31',
      idIssuer: COUNTY_COUNCIL,
    });
    await tx.insert(controlActivities).values({ controlId: control.id, actorUserId: staff.id, action: 'created' });
    counts.controls++;
  }
  return counts;
}
