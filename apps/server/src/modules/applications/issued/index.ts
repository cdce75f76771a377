/**
 * Issued documents and the series search (a part of the applications module) offer nothing to
 * other modules: their routes are registered by app.ts from routes.ts (docs/adr/0021-module-boundaries.md).
 */
export {};
