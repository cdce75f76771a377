export { REQUIRED_FIELDS_MESSAGE, Upload, type UploadedFile, type UploadFileFn, type UploadProps } from './upload';
export {
  acceptAttribute,
  allowedExtensionsLabel,
  DEFAULT_UPLOAD_RULES,
  dedupeName,
  type FileLike,
  type FileValidationResult,
  fileExtension,
  isAllowedType,
  MULTIPLE_FILES_ERROR,
  mimeFromExtension,
  type RejectedFile,
  resolveFileType,
  type UploadErrorCode,
  type UploadRules,
  type ValidateFilesOptions,
  validateFiles,
} from './upload-rules';
