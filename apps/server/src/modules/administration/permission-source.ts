import { sql } from 'drizzle-orm';
import { functionResponsibilities, responsibilityPermissions, staffFunctions, userFunctions } from '../../db/schema/index.js';
import type { PermissionSource } from '../../platform/auth/permissions.js';

/**
 * Staff permissions from functions → responsibilities → permissions (spec §6), limited to the
 * functions of the organisation the user works in now (none without an organisation: the
 * comparison with NULL is never true).
 */
export const functionPermissionSource: PermissionSource = {
  keys: (userId, organisationId) => sql`array(
    select distinct ${responsibilityPermissions.permissionKey}
    from ${userFunctions}
    inner join ${staffFunctions} on ${staffFunctions.id} = ${userFunctions.functionId}
    inner join ${functionResponsibilities} on ${functionResponsibilities.functionId} = ${staffFunctions.id}
    inner join ${responsibilityPermissions} on ${responsibilityPermissions.responsibilityId} = ${functionResponsibilities.responsibilityId}
    where ${userFunctions.userId} = ${userId} and ${staffFunctions.organisationId} = ${organisationId})`,
};
