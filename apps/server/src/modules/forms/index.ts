/**
 * The forms module's public face: its routes (versioned form definitions), the form look-ups of
 * the application types, and the `fields=` helpers of single-record reads. Other modules import
 * only this file.
 */
export { parseFieldsParam, trimRecord } from './record-fields.js';
export { formsRoutes } from './routes.js';
export { findFormsByIds, findFormVersion, findPublishedFormVersion, type PublishedFormVersion } from './service.js';
