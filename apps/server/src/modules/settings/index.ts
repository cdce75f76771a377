/** The settings module's public face: its routes. Other modules import only this file. */
export { settingsRoutes } from './routes.js';
