import { and, eq } from 'drizzle-orm';
import { functionResponsibilities, responsibilityPermissions, staffFunctions, userFunctions } from '../../db/schema/index.js';
import type { PermissionSource } from '../../platform/auth/permissions.js';

/**
 * Staff permissions from functions → responsibilities → permissions (spec §6), limited to the
 * functions of the organisation the user works in now.
 */
export const functionPermissionSource: PermissionSource = async (db, user) => {
  if (user.organisationId === null) return [];
  const rows = await db
    .selectDistinct({ key: responsibilityPermissions.permissionKey })
    .from(userFunctions)
    .innerJoin(staffFunctions, eq(staffFunctions.id, userFunctions.functionId))
    .innerJoin(functionResponsibilities, eq(functionResponsibilities.functionId, staffFunctions.id))
    .innerJoin(
      responsibilityPermissions,
      eq(responsibilityPermissions.responsibilityId, functionResponsibilities.responsibilityId),
    )
    .where(and(eq(userFunctions.userId, user.id), eq(staffFunctions.organisationId, user.organisationId)));
  return rows.map((r) => r.key);
};
