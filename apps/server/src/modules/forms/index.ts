/**
 * The forms module's public face: the form look-ups of
 * the application types. Other modules import only this file.
 */
export { findFormsByIds, findFormVersion, findPublishedFormVersion, type PublishedFormVersion } from './service.js';
