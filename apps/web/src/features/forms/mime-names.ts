/** Romanian names of the MIME types an attachment field may accept, for the builder's picker. */
const MIME_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'Imagine JPEG',
  'image/png': 'Imagine PNG',
  'application/zip': 'Arhivă ZIP',
};

/** 'PDF', 'Imagine JPEG'…; the MIME type itself when it has no name yet. */
export const mimeTypeName = (type: string): string => MIME_NAMES[type] ?? type;
