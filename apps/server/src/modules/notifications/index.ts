/**
 * The notifications module's public face (issue 14). Other modules import only this file.
 */
export { insertUserMessages, type NewUserMessage } from './inbox/store.js';
export { type RenderedNotification, renderNotification } from './templates/render.js';
export { sendTemplated, type TemplatedMessage } from './templates/send.js';
/** GET /notifications/circulars record (to move into the shared contracts). */
export { type CircularRecord, ZCircularRecord } from './circulars/contract.js';
