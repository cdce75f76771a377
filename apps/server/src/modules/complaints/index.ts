/**
 * The complaints module's public face: the route plugin, and the look-up a control prepared from
 * a complaint makes (controls module). Other modules import only this file.
 */
export { complaintsRoutes } from './routes.js';
export { findComplaintReference } from './service.js';
/** The recipients of the complaint events, for the notifications dispatcher. */
export { type ComplaintNotificationPlan, planComplaintNotification } from './notify.js';
