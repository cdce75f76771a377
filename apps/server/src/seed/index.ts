import { eq } from 'drizzle-orm';
import { seedRuns } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';
import { seedDemoData } from './demo.js';
import { seedDemoApplicationTypes } from './demo-applications.js';
import { seedDemoParcels } from './demo-parcels.js';
import { seedDemoProcesses } from './demo-processes.js';
import { seedDemoStaffApplications } from './demo-staff-applications.js';
import { seedDemoRegistry } from './demo-registry.js';
import { seedDemoSigners } from './demo-signing.js';
import { seedDemoTemplates } from './demo-templates.js';
import { seedDemoAllocations } from './demo-allocations.js';
import { seedDemoTaxes } from './demo-taxes.js';
import { seedDemoComplaints } from './demo-complaints.js';
import { seedDemoControls } from './demo-controls.js';
import type { Config } from '../platform/config.js';
import { seedReferenceData } from './reference.js';
import { seedNotificationTemplates } from './notification-templates.js';

/**
 * Runs a named seed once: the work and its seed_runs row commit together, so a crash halfway
 * leaves nothing and the next start tries again.
 */
async function runOnce(
  db: Db,
  name: string,
  work: (tx: Db) => Promise<Record<string, number>>,
): Promise<Record<string, number> | null> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.name, name));
  if (done) return null;
  return db.transaction(async (tx) => {
    const detail = await work(tx);
    await tx.insert(seedRuns).values({ name, detail });
    return detail;
  });
}

export async function runSeeds(
  db: Db,
  options: {
    demo: boolean;
    defaultCounty: string;
    /** APP_SECRET and the data folder: the demo collector accounts' passwords are encrypted with them (none without). */
    secrets?: Pick<Config, 'appSecret' | 'dataDir'>;
  },
): Promise<Record<string, Record<string, number> | null>> {
  const result: Record<string, Record<string, number> | null> = {};
  result.reference = await runOnce(db, 'reference-v1', (tx) => seedReferenceData(tx, options));
  // Every start: templates of new events appear, edited ones stay (insert-missing only).
  result.notificationTemplates = await db.transaction(async (tx) => {
    const seeded = await seedNotificationTemplates(tx);
    return seeded.notificationTemplates > 0 ? seeded : null;
  });
  if (options.demo) {
    result.demo = await runOnce(db, 'demo-v1', (tx) => seedDemoData(tx));
    result.demoParcels = await runOnce(db, 'demo-parcels-v1', (tx) => seedDemoParcels(tx));
    result.demoApplicationTypes = await runOnce(db, 'demo-application-types-v1', (tx) => seedDemoApplicationTypes(tx));
    result.demoStaffApplications = await runOnce(db, 'demo-staff-applications-v1', (tx) => seedDemoStaffApplications(tx));
    result.demoRegistry = await runOnce(db, 'demo-registry-v1', (tx) => seedDemoRegistry(tx));
    result.demoProcesses = await runOnce(db, 'demo-processes-v1', (tx) => seedDemoProcesses(tx));
    result.demoSigners = await runOnce(db, 'demo-signers-v1', (tx) => seedDemoSigners(tx));
    result.demoTemplates = await runOnce(db, 'demo-templates-v1', (tx) => seedDemoTemplates(tx));
    result.demoAllocations = await runOnce(db, 'demo-allocations-v1', (tx) => seedDemoAllocations(tx));
    result.demoTaxes = await runOnce(db, 'demo-taxes-v1', (tx) => seedDemoTaxes(tx, options.secrets));
    result.demoComplaints = await runOnce(db, 'demo-complaints-v1', (tx) => seedDemoComplaints(tx));
    result.demoControls = await runOnce(db, 'demo-controls-v1', (tx) => seedDemoControls(tx));
  }
  return result;
}

/** The seeder of `createContext` for a configuration: reference data, and the demo data when SEED_DEMO is on. */
export const seedDatabase =
  (config: Pick<Config, 'seedDemo' | 'defaultCounty' | 'appSecret' | 'dataDir'>) =>
  (db: Db): ReturnType<typeof runSeeds> =>
    runSeeds(db, {
      demo: config.seedDemo,
      defaultCounty: config.defaultCounty,
      secrets: { appSecret: config.appSecret, dataDir: config.dataDir },
    });
