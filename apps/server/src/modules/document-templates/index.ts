/**
 * The document-templates module's public face: what the documents capability
 * (applications/documents) needs of a template: reading it for a generation or a preview, and
 * the form fields a type's templates may use. Other modules import only this file.
 */
export { findTemplateForUse, formPlaceholders, readTemplateForActor } from './service.js';
