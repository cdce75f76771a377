/**
 * The territory module's public face: its routes (counties, UATs, villages, boundaries) and the
 * jurisdiction check other modules make. Other modules import only this file.
 */
export { territoryRoutes } from './routes.js';
export { uatsInJurisdiction } from './service.js';
