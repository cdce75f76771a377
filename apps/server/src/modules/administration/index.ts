/**
 * The administration module's public face: the checks other modules
 * make against an organisation's records. Other modules import only this file.
 */
export { createSystemFunctions, organisationExists, presentOrganisationsFor } from './organisation-service.js';
export { presentOrganisationList } from './presenter.js';
export { ownDepartmentIds, ownFunctionIds } from './structure-service.js';
/** Whom a notification for "the staff who can …" of an organisation reaches (issue 14). */
export { staffHoldingPermissions } from './permission-service.js';
