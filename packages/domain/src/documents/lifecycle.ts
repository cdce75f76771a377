import type { ApplicationStatus } from '../statuses.js';

/**
 * The life of an application's output document (spec §4 "return or regenerate the document",
 * "Signing online… Offline… Bulk signing and bulk sealing", §2 Issued documents). One source for
 * the server's documents and signing services and for the web's buttons.
 *
 * An approved application (APPROVED) gets its answer, a refused one (REJECTED_IN_PROGRESS) its
 * rejection, from the type's template of that role ('staff' for the answer, 'rejection'):
 *
 * | step                                   | application status                      | document state                       |
 * |----------------------------------------|-----------------------------------------|--------------------------------------|
 * | {action}/generate-document (a job)     | APPROVED / REJECTED_IN_PROGRESS (kept)  | generating → generated (or error)    |
 * | generation done                        | GENERATED                               | generated                            |
 * | a staff signature of the layout        | SIGN_PENDING (more cells to sign)       | signing                              |
 * | the last staff signature               | SIGNED, then what follows below         | signed                               |
 * | the layout has an applicant cell       | SIGN_APPLICANT_USER_PENDING             | applicant_signing                    |
 * | the type seals (digital_seal)          | SEAL_PENDING → (job) → sealed / SEAL_ERROR | sealing → issued / seal_error     |
 * | issued                                 | RESOLVED (answer) / REJECTED (rejection) | issued                              |
 * | return-document (irreversible)         | back to APPROVED / REJECTED_IN_PROGRESS | returned (a new revision may follow) |
 *
 * The output number (allocated_document_series) is taken from the type's outgoing series when the
 * first revision is generated (the rejected counter of that series for a rejection), printed on
 * the document and kept by later revisions, so a returned document never burns a number.
 * `issued_at` is written when the document is issued.
 */

/** The `{action}` path segment of generate-document and sign, and the document it makes. */
export const DOCUMENT_ACTIONS = ['approve', 'reject'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

export const DOCUMENT_KINDS = ['answer', 'rejection'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_OF_ACTION: Readonly<Record<DocumentAction, DocumentKind>> = {
  approve: 'answer',
  reject: 'rejection',
};

/** The application type's template role (application_types.document_template_ids key) per kind. */
export const TEMPLATE_ROLE_OF_KIND: Readonly<Record<DocumentKind, 'staff' | 'rejection'>> = {
  answer: 'staff',
  rejection: 'rejection',
};

/** The status an application must be in to generate a document of this kind. */
export const GENERATION_STATUS_OF_KIND: Readonly<Record<DocumentKind, ApplicationStatus>> = {
  answer: 'APPROVED',
  rejection: 'REJECTED_IN_PROGRESS',
};

/** Where the application ends when the document is issued. */
export const FINAL_STATUS_OF_KIND: Readonly<Record<DocumentKind, ApplicationStatus>> = {
  answer: 'RESOLVED',
  rejection: 'REJECTED',
};

export const DOCUMENT_STATES = [
  'generating',
  'generated',
  'signing',
  'signed',
  'applicant_signing',
  'sealing',
  'seal_error',
  'issued',
  'returned',
  'error',
] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export const DOCUMENT_STATE_LABELS: Readonly<Record<DocumentState, string>> = {
  generating: 'Se generează',
  generated: 'Generat',
  signing: 'În curs de semnare',
  signed: 'Semnat',
  applicant_signing: 'Așteaptă semnătura solicitantului',
  sealing: 'În curs de sigilare',
  seal_error: 'Eroare la sigilare',
  issued: 'Emis',
  returned: 'Returnat',
  error: 'Eroare la generare',
};

/** States of a document that still counts (the application's current document); others are history. */
export const LIVE_DOCUMENT_STATES: readonly DocumentState[] = [
  'generating',
  'generated',
  'signing',
  'signed',
  'applicant_signing',
  'sealing',
  'seal_error',
  'issued',
];

/** States from which return-document may discard the document (issued ones are final). */
export const RETURNABLE_DOCUMENT_STATES: readonly DocumentState[] = [
  'generated',
  'signing',
  'signed',
  'applicant_signing',
  'seal_error',
  'error',
];

/** The application status that goes with a document state, for its kind. */
export function applicationStatusOfDocument(kind: DocumentKind, state: DocumentState): ApplicationStatus {
  switch (state) {
    case 'generating':
    case 'returned':
    case 'error':
      return GENERATION_STATUS_OF_KIND[kind];
    case 'generated':
      return 'GENERATED';
    case 'signing':
      return 'SIGN_PENDING';
    case 'signed':
      return 'SIGNED';
    case 'applicant_signing':
      return 'SIGN_APPLICANT_USER_PENDING';
    case 'sealing':
      return 'SEAL_PENDING';
    case 'seal_error':
      return 'SEAL_ERROR';
    case 'issued':
      return FINAL_STATUS_OF_KIND[kind];
  }
}

/**
 * What comes after the last staff signature: the applicant's signature when the layout has an
 * applicant cell not signed yet, then the organisation's seal when the type seals, then issuance.
 */
export function stateAfterStaffSignatures(input: { applicantMustSign: boolean; seal: boolean }): DocumentState {
  if (input.applicantMustSign) return 'applicant_signing';
  return input.seal ? 'sealing' : 'issued';
}

/** What comes after the applicant's signature. */
export function stateAfterApplicantSignature(input: { seal: boolean }): DocumentState {
  return input.seal ? 'sealing' : 'issued';
}

/**
 * The signing layout of a document template (spec §3 Signing layout, §5): rows of signature
 * cells, each with its order index (ascending = signing order). Rules (checked by
 * `signingLayoutProblems` of the templates): 1 to 7 rows, at least one cell, exactly one
 * president cell, on the first row, with the highest index (the president signs last among
 * staff; an applicant cell, if any, is signed after all staff cells).
 */
export const SIGNER_KINDS = ['president', 'function', 'assignee', 'reviewer', 'applicant'] as const;
export type SignerKind = (typeof SIGNER_KINDS)[number];

export const SIGNER_KIND_LABELS: Readonly<Record<SignerKind, string>> = {
  president: 'Președinte',
  function: 'Funcție',
  assignee: 'Funcționarul responsabil',
  reviewer: 'Verificatorul',
  applicant: 'Solicitantul',
};

export interface SigningCell {
  /** Signing order: ascending; unique within the layout. */
  index: number;
  /** The caption printed under the signature ('Primar', 'Arhitect-șef'…). */
  label: string;
  signer: SignerKind;
  /** For signer 'function': the staff function (its own organisation's, or a system key below). */
  functionId?: number | null;
  /** For signer 'function' of a common template: a system function key ('chief_architect'…). */
  functionKey?: string | null;
  /** The signature also takes a visa number from the type's visa1 / visa2 series. */
  visa?: 'visa1' | 'visa2' | null;
  /**
   * Where the generated PDF left room for this cell's visible signature (PDF points, origin at the
   * page's bottom left; page 0-based). Written by the generation into the document's snapshot of
   * the layout, never by the template editor.
   */
  box?: { page: number; x: number; y: number; width: number; height: number } | null;
}

export interface SigningLayout {
  rows: SigningCell[][];
}

export const SIGNING_LAYOUT_MAX_ROWS = 7;

/** The cells in signing order. */
export function signingOrder(layout: SigningLayout): SigningCell[] {
  return layout.rows.flat().sort((a, b) => a.index - b.index);
}
