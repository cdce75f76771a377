import type { FileRow } from './repository.js';

/** A file row → the file record of the API (spec §3). */
export function presentFile(row: FileRow) {
  return {
    id: row.id,
    name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    purpose: row.purpose,
    created_at: row.createdAt.toISOString(),
  };
}
