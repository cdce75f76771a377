/**
 * The organisations module's public face: its routes, the public reads of organisations (the
 * sign-in page and the citizen screens show them, with the reader's abilities, which the
 * administration module decides). Other modules import only this file.
 */
export { organisationsRoutes } from './routes.js';
