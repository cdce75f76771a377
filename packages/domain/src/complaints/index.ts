export * from './rules.js';
export * from './placeholders.js';
