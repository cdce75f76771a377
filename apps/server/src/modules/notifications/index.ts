/**
 * The notifications module's public face (issue 14). Other modules import only this file.
 */
export { insertUserMessages, type NewUserMessage } from './inbox/store.js';
