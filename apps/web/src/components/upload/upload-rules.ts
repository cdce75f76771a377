/**
 * Upload rules of spec §5 as pure functions: allowed types (by MIME type, falling back to the
 * file extension), number of files, size per file, and numbered names for duplicates.
 */
import { errorMessage, formatBytes, MIME_EXTENSIONS, UPLOAD_RULES } from '@ghiseu/domain';

/** Limits of one upload field. */
export interface UploadRules {
  /** Maximum number of files in the field (default 25). */
  maxFiles: number;
  /** Maximum size of one file in bytes (default 50 MB). */
  maxBytes: number;
  /** Allowed MIME types. */
  types: readonly string[];
}

/** The default rules: 25 files, 50 MB each, jpeg/png/pdf/zip (spec §9). */
export const DEFAULT_UPLOAD_RULES: UploadRules = UPLOAD_RULES.default;

/** The facts of a file the rules need (a browser `File` has them). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

/** Codes of the catalogue used by the upload field (spec §5). */
export type UploadErrorCode = 'VALIDATION.MAX_UPLOADED_FILES' | 'VALIDATION.UPLOADED_FILE_SIZE' | 'VALIDATION.UPLOADED_FILE_TYPE';

/** A file refused by the rules. */
export interface RejectedFile {
  name: string;
  code: UploadErrorCode;
  message: string;
}

/** Outcome of `validateFiles`. */
export interface FileValidationResult<F extends FileLike> {
  /** Files to upload, with the (possibly numbered) name to upload them under. */
  accepted: { file: F; name: string }[];
  /** Files refused, each with its message. */
  rejected: RejectedFile[];
  /** Message for the whole batch: the count error, or the general message when several files were given and some failed. */
  batchMessage?: string;
}

/** Message shown on top of the per-file messages when a batch of several files had failures. */
export const MULTIPLE_FILES_ERROR = 'Unele fișiere nu au putut fi adăugate. Verificați mesajele de mai jos.';

/** Names browsers and operating systems use for the same types. */
const MIME_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-zip-compressed': 'application/zip',
  'application/x-zip': 'application/zip',
  'multipart/x-zip': 'application/zip',
};

/**
 * Types that say nothing about the content: browsers send '' for unknown extensions and some
 * systems send octet-stream. Only for these is the extension consulted.
 */
const UNINFORMATIVE_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** Lower-case extension without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** MIME type for an extension, from the shared table (null when unknown). */
export function mimeFromExtension(extension: string): string | null {
  for (const [mime, extensions] of Object.entries(MIME_EXTENSIONS)) if (extensions.includes(extension)) return mime;
  return null;
}

/**
 * The file's type as the rules see it: the browser's MIME type (aliases normalised), or, when
 * the browser gave none or a generic one, the type its extension stands for.
 */
export function resolveFileType(file: Pick<FileLike, 'name' | 'type'>): string | null {
  const declared = file.type.trim().toLowerCase();
  if (!UNINFORMATIVE_TYPES.has(declared)) return MIME_ALIASES[declared] ?? declared;
  return mimeFromExtension(fileExtension(file.name));
}

/** True when the file's type is one of `types`. */
export function isAllowedType(file: Pick<FileLike, 'name' | 'type'>, types: readonly string[]): boolean {
  const type = resolveFileType(file);
  return type !== null && types.includes(type);
}

/** Extensions users recognise, for hints: 'PDF, JPG, JPEG, PNG, ZIP'. */
export function allowedExtensionsLabel(types: readonly string[]): string {
  return types
    .flatMap((type) => MIME_EXTENSIONS[type] ?? [])
    .map((extension) => extension.toUpperCase())
    .join(', ');
}

/** Value of the file input's `accept` attribute: MIME types plus extensions. */
export function acceptAttribute(types: readonly string[]): string {
  return [...types, ...types.flatMap((type) => (MIME_EXTENSIONS[type] ?? []).map((extension) => `.${extension}`))].join(',');
}

/**
 * A name not yet in `taken` (compared without regard to case, like Windows and most download
 * folders): 'plan.pdf' → 'plan (1).pdf' → 'plan (2).pdf'. A name already numbered keeps
 * counting from its own stem, so 'plan (1).pdf' becomes 'plan (2).pdf', not 'plan (1) (1).pdf'.
 */
export function dedupeName(name: string, taken: Iterable<string>): string {
  const used = new Set(Array.from(taken, (item) => item.toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0;
  const stem = hasExtension ? name.slice(0, dot) : name;
  const extension = hasExtension ? name.slice(dot) : '';
  const numbered = /^(.*) \((\d+)\)$/.exec(stem);
  const base = numbered ? numbered[1] : stem;
  let counter = numbered ? Number(numbered[2]) + 1 : 1;
  while (used.has(`${base} (${counter})${extension}`.toLowerCase())) counter++;
  return `${base} (${counter})${extension}`;
}

/** Options of `validateFiles`. */
export interface ValidateFilesOptions {
  rules?: UploadRules;
  /** Files already in the field (uploaded or uploading). */
  existingCount?: number;
  /** Their names, for duplicate numbering. */
  existingNames?: Iterable<string>;
}

/**
 * Applies the rules to a batch of chosen files. Too many files refuses the whole batch (with the
 * maximum and how many may still be added); otherwise each file is checked for type and size,
 * and accepted files get a unique name.
 */
export function validateFiles<F extends FileLike>(
  files: readonly F[],
  { rules = DEFAULT_UPLOAD_RULES, existingCount = 0, existingNames = [] }: ValidateFilesOptions = {},
): FileValidationResult<F> {
  const remaining = Math.max(0, rules.maxFiles - existingCount);
  if (files.length > remaining) {
    const message = errorMessage('VALIDATION.MAX_UPLOADED_FILES', { maximum: rules.maxFiles, remaining });
    return {
      accepted: [],
      rejected: files.map((file) => ({ name: file.name, code: 'VALIDATION.MAX_UPLOADED_FILES', message })),
      batchMessage: message,
    };
  }

  const taken = [...existingNames];
  const accepted: FileValidationResult<F>['accepted'] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    if (!isAllowedType(file, rules.types)) {
      rejected.push({
        name: file.name,
        code: 'VALIDATION.UPLOADED_FILE_TYPE',
        message: `${file.name}: ${errorMessage('VALIDATION.UPLOADED_FILE_TYPE')} Tipuri permise: ${allowedExtensionsLabel(rules.types)}.`,
      });
    } else if (file.size > rules.maxBytes) {
      rejected.push({
        name: file.name,
        code: 'VALIDATION.UPLOADED_FILE_SIZE',
        message: `${file.name} (${formatBytes(file.size)}): ${errorMessage('VALIDATION.UPLOADED_FILE_SIZE')} Maximum ${formatBytes(rules.maxBytes)}.`,
      });
    } else {
      const name = dedupeName(file.name, taken);
      taken.push(name);
      accepted.push({ file, name });
    }
  }
  return {
    accepted,
    rejected,
    ...(files.length > 1 && rejected.length > 0 ? { batchMessage: MULTIPLE_FILES_ERROR } : {}),
  };
}
