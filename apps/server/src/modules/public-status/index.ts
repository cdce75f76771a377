/**
 * The public-status module's public face: its routes (the QR page, its SMS access, published
 * files, the registration receipt). Other modules import only this file.
 */
export { publicStatusRoutes } from './routes.js';
