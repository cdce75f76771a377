import { and, eq, inArray } from 'drizzle-orm';
import {
  functionResponsibilities,
  responsibilities,
  responsibilityPermissions,
  staffFunctions,
  userFunctions,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db.js';

/** The demo signing PIN of admin@demo.ghiseu.ro (README, demo paragraph). */
export const DEMO_SIGNING_PIN = '123456';

/**
 * The demo signers (issue 12, signing flows): staff@ and admin@ are enrolled with valid profiles
 * (demo.ts); admin@ also holds the county council's 'president' system function, so the demo
 * documents' president cell has a signer, and a signing PIN (confirms without an SMS code).
 * citizen@ has a valid profile (demo.ts). No application is added: the demo counts stay as they are.
 */
export async function seedDemoSigners(tx: Db): Promise<Record<string, number>> {
  const rows = await tx
    .select({ id: users.id, email: users.email, organisationId: users.organisationId })
    .from(users)
    .where(inArray(users.email, ['admin@demo.ghiseu.ro', 'staff@demo.ghiseu.ro']));
  const admin = rows.find((r) => r.email === 'admin@demo.ghiseu.ro');
  if (!admin?.organisationId) return { presidents: 0, pins: 0 };
  const [president] = await tx
    .select({ id: staffFunctions.id })
    .from(staffFunctions)
    .where(and(eq(staffFunctions.organisationId, admin.organisationId), eq(staffFunctions.systemKey, 'president')));
  if (president) {
    const [signing] = await tx
      .insert(responsibilities)
      .values({
        organisationId: admin.organisationId,
        name: 'Semnarea actelor emise',
        description: 'Semnează documentele emise ale cererilor (celula „Președinte”)',
      })
      .returning({ id: responsibilities.id });
    await tx
      .insert(responsibilityPermissions)
      .values({ responsibilityId: signing.id, permissionKey: 'applicationsStaffOwnEdit' });
    await tx.insert(functionResponsibilities).values({ functionId: president.id, responsibilityId: signing.id });
    await tx.insert(userFunctions).values({ userId: admin.id, functionId: president.id }).onConflictDoNothing();
  }
  await tx
    .update(users)
    .set({ enrolled: true, signingPinHash: await hashPassword(DEMO_SIGNING_PIN) })
    .where(eq(users.id, admin.id));
  return { presidents: president ? 1 : 0, pins: 1 };
}
