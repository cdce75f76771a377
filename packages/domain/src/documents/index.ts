export * from './lifecycle.js';
export * from './placeholders.js';
