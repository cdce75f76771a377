export * from './catalogue.js';
export * from './placeholders.js';
export * from './sms.js';
