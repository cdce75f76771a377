export * from './territory.js';
export * from './organisations.js';
export * from './users.js';
export * from './platform.js';
export * from './accounts.js';
export * from './applications.js';
export * from './processes.js';
export * from './process-runs.js';
