/**
 * The reserved-series (allocations) module's public face: its routes. Other modules import only
 * this file.
 */
export { allocationsRoutes } from './routes.js';
