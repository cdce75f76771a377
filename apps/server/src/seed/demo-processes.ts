import { and, eq, isNull } from 'drizzle-orm';
import { applicationTypes, organisations, processes, processSteps, staffFunctions } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/**
 * A published demo process (issue 11 "Workflow processes") on the county council's demolition
 * permit, so that /process-editor shows a process at work and a clerk can start it on an
 * application of that type: verification (approve) → the chief architect's opinion (document
 * review, returns to verification on a refused visa) → issuing (waits for the document
 * generation of the documents capability). Runs once (seed run `demo-processes-v1`); it needs
 * the demo types and the staff function of demo-staff-applications.
 */

const PROCESS_NAME = 'Emiterea autorizației de desființare';
const TYPE_NAME = 'Autorizație de desființare';
const COUNCIL = 'Consiliul Județean Mureș';
const FUNCTION_NAME = 'Registratură și urbanism';

export async function seedDemoProcesses(tx: Db): Promise<Record<string, number>> {
  const [council] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, COUNCIL));
  if (!council) return { processes: 0 };
  const [type] = await tx
    .select({ id: applicationTypes.id })
    .from(applicationTypes)
    .where(
      and(
        eq(applicationTypes.organisationId, council.id),
        eq(applicationTypes.name, TYPE_NAME),
        isNull(applicationTypes.workflowId),
      ),
    );
  const [existing] = await tx.select({ id: processes.id }).from(processes).where(eq(processes.name, PROCESS_NAME));
  if (!type || existing) return { processes: 0 };
  const [fn] = await tx
    .select({ id: staffFunctions.id })
    .from(staffFunctions)
    .where(and(eq(staffFunctions.organisationId, council.id), eq(staffFunctions.name, FUNCTION_NAME)));

  const [process] = await tx
    .insert(processes)
    .values({
      name: PROCESS_NAME,
      description: 'Verificarea dosarului, avizul arhitectului-șef și emiterea autorizației',
      status: 'published',
      organisationId: council.id,
      publishedAt: new Date(),
    })
    .returning({ id: processes.id });
  await tx.insert(processSteps).values([
    {
      processId: process.id,
      key: 'verificare',
      position: 0,
      name: 'Verificarea dosarului',
      isStart: true,
      actionType: 'staff_action' as const,
      actionName: 'approve',
      nextStepKey: 'aviz',
      functionId: fn?.id ?? null,
      applicationStatus: 'PENDING' as const,
    },
    {
      processId: process.id,
      key: 'aviz',
      position: 1,
      name: 'Avizul arhitectului-șef',
      actionType: 'staff_action' as const,
      actionName: 'staff-review-document',
      nextStepKey: 'emitere',
      returnStepKey: 'verificare',
      functionId: fn?.id ?? null,
      signWithVisa: true,
    },
    {
      processId: process.id,
      key: 'emitere',
      position: 2,
      name: 'Emiterea autorizației',
      actionType: 'generate_document' as const,
      fileType: 'output' as const,
      generatedFilePublic: true,
    },
  ]);
  await tx.update(applicationTypes).set({ workflowId: process.id }).where(eq(applicationTypes.id, type.id));
  return { processes: 1 };
}
