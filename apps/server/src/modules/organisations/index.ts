/**
 * The organisations module's public face: its routes (public reads of organisations) and the
 * presenter the administration module builds its organisation record on. Other modules import
 * only this file.
 */
export { presentOrganisation } from './presenter.js';
export { organisationsRoutes } from './routes.js';
