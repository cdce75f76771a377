/** The query keys of the signing feature; every signing write refreshes under `all`. */
export const signingKeys = {
  all: ['signing'] as const,
  /** The staff document panel (`GET /staff-applications/{id}/document`). */
  staffDocument: (id: number) => ['signing', 'staff-document', id] as const,
  /** `GET /{staff-applications|applications}/{id}/check-signing-status`. */
  status: (side: 'staff' | 'citizen', id: number) => ['signing', 'status', side, id] as const,
  /** `GET /applications/{id}/check-generation-status`. */
  generation: (id: number) => ['signing', 'generation', id] as const,
  /** `GET /signing/profile`. */
  profile: ['signing', 'profile'] as const,
};

/**
 * The other features' caches a signing changes: the staff record, lists and menu counters
 * ('staff-applications') and the applicant's record and lists ('applications'). Named by their
 * root keys so that this feature does not import theirs.
 */
export const RECORD_ROOT_KEYS = [['staff-applications'], ['applications']] as const;
