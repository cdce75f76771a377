/** Business constants and limits of spec §9, shared by server and web. */

const MB = 1024 * 1024;

export const LIMITS = {
  chunkLoadTimeoutMs: 120_000,
  settingsRetries: 5,
  settingsRetryDelayMs: 1000,
  passwordMinLength: 8,
  smsCodeLength: 6,
  postalCodeLength: 6,
  phoneMaxDigits: 10,
  textMaxLength: 255,
  cnpLength: 13,
  minimumAge: 18,
  responseDaysMin: 0,
  responseDaysMax: 9999,
  columnMinWidthPx: 80,
  quickSearchMinChars: 2,
  quickSearchDebounceMs: 200,
  searchBoxDebounceMs: 300,
  keystrokeDebounceMs: 300,
  toastDurationMs: 5000,
  listCellVisibleEntries: 2,
  selectPageSize: 30,
  notificationTemplatesPageSize: 10,
  defaultListLimit: 20,
  /** Hard ceiling for `limit` on any list call; the spec's largest page is 500. */
  maxListLimit: 500,
  signingLayoutRowsMin: 1,
  signingLayoutRowsMax: 7,
  publicSmsMaxWrongCodes: 5,
  publicSmsBlockMinutes: 5,
  /**
   * Deepest nesting of objects and arrays in a request body. The deepest legitimate body (a
   * form definition: a repeatable group's field options) is under 10; recursion over deeper
   * input would exhaust the stack.
   */
  maxJsonDepth: 32,
} as const;

export const TAX_RATES = {
  /** 0.5% for housing and annexes. */
  housing: 0.005,
  /** 1% for other works. */
  other: 0.01,
} as const;

export const CURRENCY = 'RON';

/** Upload rules of spec §5. Sizes step by 1024. */
export const UPLOAD_RULES = {
  default: { maxFiles: 25, maxBytes: 50 * MB, types: ['image/jpeg', 'image/png', 'application/pdf', 'application/zip'] },
  register: { maxFiles: 25, maxBytes: 50 * MB, types: ['image/jpeg', 'image/png', 'application/pdf', 'application/zip'] },
  circular: { maxFiles: 25, maxBytes: 50 * MB, types: ['application/pdf', 'image/png', 'image/jpeg'] },
  signatureImage: { maxFiles: 1, maxBytes: 10 * MB, types: ['image/png', 'image/jpeg'] },
  sealImage: { maxFiles: 1, maxBytes: 10 * MB, types: ['image/png', 'image/jpeg'] },
  pdfOnly: { maxFiles: 25, maxBytes: 50 * MB, types: ['application/pdf'] },
  logo: { maxFiles: 1, maxBytes: 10 * MB, types: ['image/png', 'image/jpeg'] },
} as const;
export type UploadPurpose = keyof typeof UPLOAD_RULES;
export const UPLOAD_PURPOSES = Object.keys(UPLOAD_RULES) as UploadPurpose[];

/** File extensions accepted for each MIME type (used by the web file picker and as a fallback). */
export const MIME_EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'application/pdf': ['pdf'],
  'application/zip': ['zip'],
};

/** Responsive breakpoints of spec §9 (px). */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

export const PRIMARY_COLOR = '#14213D';

/** Formats a byte count with 1024 steps, Romanian decimal comma: 1,5 MB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0).replace(/\.0$/, '');
  return `${rounded.replace('.', ',')} ${units[unit]}`;
}
