/**
 * The complaints module's public face: the recipients of the complaint events, which the
 * notifications dispatcher asks for. Other modules import only this file.
 */
export { type ComplaintNotificationPlan, planComplaintNotification } from './notify.js';
