/**
 * Issued documents and the series search: a part of the applications module with its own face
 * (wired in app.ts, like the registry).
 */
export { issuedDocumentsRoutes } from './routes.js';
