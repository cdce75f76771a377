/**
 * The forms module's public face: its routes (versioned form definitions), the form look-ups of
 * the application types. Other modules import only this file.
 */
export { formsRoutes } from './routes.js';
export { findFormsByIds, findFormVersion, findPublishedFormVersion, type PublishedFormVersion } from './service.js';
