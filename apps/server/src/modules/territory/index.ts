/**
 * The territory module's public face: the
 * jurisdiction check other modules make. Other modules import only this file.
 */
export { uatsInJurisdiction } from './service.js';
