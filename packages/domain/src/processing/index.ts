export * from './transitions.js';
export * from './abilities.js';
export * from './clock.js';
