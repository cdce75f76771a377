export * from './rules.js';
export * from './report-values.js';
