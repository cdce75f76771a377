/** The social module's public face: its routes. Other modules import only this file. */
export { socialRoutes } from './routes.js';
