/** Form interfaces: the field catalogue, the definition contract and the one validator. */
export * from './messages.js';
export * from './fields.js';
export * from './definition.js';
export * from './validate.js';
