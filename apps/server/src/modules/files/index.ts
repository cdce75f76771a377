/**
 * The files module's public face: the check that
 * a file is the actor's own upload, and the registry of download rules other modules add. Other
 * modules import only this file.
 */
export { type FileAccessRule, registerFileAccessRule } from './policy.js';
export {
  type FileRow,
  findOwnFile,
  issueDownloadToken,
  issueUploadToken,
  readStoredFile,
  storeGeneratedFile,
} from './service.js';
