/** The health module's public face: its routes. Other modules import only this file. */
export { healthRoutes } from './routes.js';
