/**
 * The administration module's public face: its routes (organisations, structure, permissions,
 * staff accounts, UAT allocations, delegated sign-in, enrollment) and the checks other modules
 * make against an organisation's records. Other modules import only this file.
 */
export { createSystemFunctions, organisationExists, presentOrganisationsFor } from './organisation-service.js';
export { presentOrganisationList } from './presenter.js';
export { administrationRoutes } from './routes.js';
export { ownDepartmentIds, ownFunctionIds } from './structure-service.js';
