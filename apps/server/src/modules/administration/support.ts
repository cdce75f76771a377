// Moved to platform/request.ts; kept while work in progress still imports it.
export * from '../../platform/request.js';
