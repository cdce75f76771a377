export * from './lifecycle.js';
export * from './signing-rules.js';
