export * from './money.js';
export * from './taxes.js';
export * from './tax-validator.js';
export * from './ledger-rules.js';
