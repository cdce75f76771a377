export * from './definition.js';
export * from './rules.js';
