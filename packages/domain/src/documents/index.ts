export * from './lifecycle.js';
export * from './placeholders.js';
export * from './signing-rules.js';
