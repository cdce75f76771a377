/** The dev module's public face: its routes. Other modules import only this file. */
export { devRoutes } from './routes.js';
