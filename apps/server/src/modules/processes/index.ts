/**
 * The processes module's public face: the engine the staff actions run through (registered once in app.ts as the
 * applications module's workflow hook), the documents capability's way to continue a waiting
 * run. Other modules import only this file.
 */
export { completeDocumentStep, processEngine } from './engine.js';
