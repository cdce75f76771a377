/** Validation rules of spec §5: pure functions and the zod schemas built on them. */
export * from './messages.js';
export * from './cnp.js';
export * from './cui.js';
export * from './iban.js';
export * from './phone.js';
export * from './password.js';
export * from './email.js';
export * from './codes.js';
export * from './text-rules.js';
export * from './dates.js';
export * from './response-days.js';
export * from './schemas.js';
export * from './zod-locale.js';
