import type { ApplicationStatus, DocumentAction, DocumentKind, DocumentPanelCell } from '@ghiseu/domain';

/**
 * Pure rules of the document screens. Whether an action is allowed is never decided here (the
 * server's `abilities` say so); only which `{action}` path segment a call takes.
 */

/** The `{action}` of sign for the live document's kind (approve: the answer; reject: the rejection). */
export const SIGN_ACTION_OF_KIND: Readonly<Record<DocumentKind, DocumentAction>> = { answer: 'approve', rejection: 'reject' };

/**
 * The `{action}` of generate-document by the application's status: an approved application gets
 * its answer, a refused one (REJECTED_IN_PROGRESS) its rejection. Null for any other status.
 */
export function generationActionOf(status: ApplicationStatus): DocumentAction | null {
  if (status === 'APPROVED') return 'approve';
  if (status === 'REJECTED_IN_PROGRESS') return 'reject';
  return null;
}

/** The cell to be signed next: the first unsigned one in signing order (the cells come in that order). */
export function nextCell(cells: readonly DocumentPanelCell[]): DocumentPanelCell | null {
  return [...cells].sort((a, b) => a.index - b.index).find((cell) => !cell.signed) ?? null;
}

/** The abilities of the staff record that concern the output document. */
export interface DocumentAbilities {
  canGenerateDocument: boolean;
  canReturnDocument: boolean;
  canSign: boolean;
  canSeal: boolean;
}

/** The part of the staff record the document screens need. */
export interface DocumentSubject {
  id: number;
  status: ApplicationStatus;
  identification_number: string | null;
  abilities: DocumentAbilities;
}

export const hasDocumentCommand = (abilities: DocumentAbilities): boolean =>
  abilities.canGenerateDocument || abilities.canReturnDocument || abilities.canSign || abilities.canSeal;
