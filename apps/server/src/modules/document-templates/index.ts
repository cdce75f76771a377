/**
 * The document-templates module's public face: what the documents capability
 * (applications/documents) needs of a template: reading it for a generation or a preview, and
 * the form fields a type's templates may use; the active template of a system type (the
 * controls' closing report). Other modules import only this file.
 */
export {
  findActiveTemplateOfSystemType,
  findTemplateForUse,
  formPlaceholders,
  readTemplateForActor,
} from './service.js';
