/**
 * The public-status module offers nothing to other modules. Its routes are registered by app.ts from
 * routes.ts: a module's face never carries its routes, so a worker importing faces builds no
 * HTTP routes (docs/adr/0021-module-boundaries.md).
 */
export {};
