import type { ErrorCode } from '../errors.js';
import { type DateInput, todayInRomania } from '../calendar.js';
import { validateCnp } from '../validators/cnp.js';
import { type SigningCell, type SigningLayout, signingOrder } from './lifecycle.js';

/**
 * Who signs what, and whether a person may sign at all (spec §4 Signing, §6 "staff need
 * enrollment and a valid profile"; spec gaps C5). Pure rules: the server's signing sub-module
 * and the staff abilities (isNextSigner) read them.
 *
 * Order: the staff cells of the document's layout snapshot are signed by ascending index; the
 * applicant's cells come after every staff cell. Who may fill a cell:
 * - 'assignee' / 'reviewer': the application's assignee / reviewer;
 * - 'function': a staff member holding that function (functionId), or, in a common template,
 *   the organisation's function with that system key (functionKey);
 * - 'president': the holder of the organisation's 'president' system function;
 * - 'applicant': the applicant.
 *
 * Signers (decided here, C5):
 * - a staff signer must be enrolled (INVALID_CERTSIGN_ENROLLMENT), have a valid profile — a CNP
 *   accepted by the CNP validator, an ID card series and number and an ID expiry date in the
 *   future (INVALID_PROFILE_FOR_SIGNING) — and an enrollment that is still good: approved less
 *   than ENROLLMENT_VALIDITY_DAYS ago, OR approved after the ID card in the profile was issued
 *   (the identity checked is the current one). Otherwise ENROLLMENT_NEED_TO_REENROLL. A user
 *   marked enrolled without an enrollment record (accounts made by an administrator or the demo)
 *   has no date to check and passes this rule.
 * - a citizen signer needs a valid profile: CNP valid and adult, ID card series, number and an
 *   expiry date in the future.
 */

/** An enrollment older than this must be redone if the ID card changed after it. */
export const ENROLLMENT_VALIDITY_DAYS = 730;

/** Lifetime of a signing request (the SMS code or PIN confirmation), and its wrong-code budget. */
export const SIGNING_REQUEST_MINUTES = 5;
export const SIGNING_MAX_ATTEMPTS = 3;

export const isStaffCell = (cell: SigningCell): boolean => cell.signer !== 'applicant';

/** The staff cells in signing order. */
export function staffCells(layout: SigningLayout): SigningCell[] {
  return signingOrder(layout).filter(isStaffCell);
}

/** The applicant cells in signing order. */
export function applicantCells(layout: SigningLayout): SigningCell[] {
  return signingOrder(layout).filter((c) => !isStaffCell(c));
}

/** The next staff cell to sign: the lowest-index unsigned staff cell, or null when all are signed. */
export function nextStaffCell(layout: SigningLayout, signed: ReadonlySet<number>): SigningCell | null {
  return staffCells(layout).find((c) => !signed.has(c.index)) ?? null;
}

/** The next applicant cell, once every staff cell is signed; null otherwise or when none is left. */
export function nextApplicantCell(layout: SigningLayout, signed: ReadonlySet<number>): SigningCell | null {
  if (nextStaffCell(layout, signed) !== null) return null;
  return applicantCells(layout).find((c) => !signed.has(c.index)) ?? null;
}

/** What the layout still needs after `signed`: the next cell of any kind (staff first). */
export function nextCell(layout: SigningLayout, signed: ReadonlySet<number>): SigningCell | null {
  return nextStaffCell(layout, signed) ?? nextApplicantCell(layout, signed);
}

/** The applicant must still sign (an applicant cell not signed yet). */
export function applicantMustSign(layout: SigningLayout, signed: ReadonlySet<number>): boolean {
  return applicantCells(layout).some((c) => !signed.has(c.index));
}

export interface CellSignerFacts {
  actorUserId: number;
  assigneeUserId: number | null;
  reviewerUserId: number | null;
  applicantUserId: number | null;
  /** The actor's functions (ids) in the application's organisation. */
  actorFunctionIds: ReadonlySet<number>;
  /** The system keys of those functions ('president', 'chief_architect'…). */
  actorFunctionKeys: ReadonlySet<string>;
}

/** Whether the actor may fill this cell. */
export function mayFillCell(cell: SigningCell, f: CellSignerFacts): boolean {
  switch (cell.signer) {
    case 'assignee':
      return f.assigneeUserId !== null && f.assigneeUserId === f.actorUserId;
    case 'reviewer':
      return f.reviewerUserId !== null && f.reviewerUserId === f.actorUserId;
    case 'president':
      return f.actorFunctionKeys.has('president');
    case 'function':
      if (cell.functionId != null) return f.actorFunctionIds.has(cell.functionId);
      return cell.functionKey != null && f.actorFunctionKeys.has(cell.functionKey);
    case 'applicant':
      return f.applicantUserId !== null && f.applicantUserId === f.actorUserId;
  }
}

/** isNextSigner of the staff abilities: the next staff cell exists and the actor may fill it. */
export function isNextStaffSigner(
  layout: SigningLayout | null | undefined,
  signed: ReadonlySet<number>,
  f: CellSignerFacts,
): boolean {
  if (!layout) return false;
  const cell = nextStaffCell(layout, signed);
  return cell !== null && mayFillCell(cell, f);
}

export interface SignerProfile {
  enrolled: boolean;
  personalNumericCode: string | null;
  idCardSeries: string | null;
  idCardNumber: string | null;
  /** 'YYYY-MM-DD' */
  idCardExpiryDate: string | null;
  /** 'YYYY-MM-DD' */
  idCardIssueDate: string | null;
  /** When the latest approved enrollment was approved (null: no record). */
  enrolledAt: Date | null;
}

const isoDay = (d: DateInput): string => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** Problems of the identity data (CNP valid and adult, ID card series, number and expiry in the future). */
export function profileProblems(p: SignerProfile, today: DateInput = todayInRomania()): string[] {
  const problems: string[] = [];
  const day = isoDay(today);
  if (!p.personalNumericCode || !validateCnp(p.personalNumericCode, day).ok) problems.push('CNP-ul lipsește sau nu este valid.');
  if (!p.idCardSeries?.trim() || !p.idCardNumber?.trim()) problems.push('Seria și numărul actului de identitate lipsesc.');
  const expiry = p.idCardExpiryDate?.slice(0, 10);
  if (!expiry || !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) problems.push('Data expirării actului de identitate lipsește.');
  else if (expiry <= day) problems.push('Actul de identitate a expirat.');
  return problems;
}

export interface SignerCheck {
  code: ErrorCode;
  details: string[];
}

/** The first reason a staff member may not sign now, or null. */
export function staffSignerProblem(p: SignerProfile, now: Date = new Date()): SignerCheck | null {
  if (!p.enrolled) return { code: 'INVALID_CERTSIGN_ENROLLMENT', details: [] };
  const problems = profileProblems(p, todayInRomania(now));
  if (problems.length > 0) return { code: 'INVALID_PROFILE_FOR_SIGNING', details: problems };
  if (p.enrolledAt) {
    const ageDays = (now.getTime() - p.enrolledAt.getTime()) / 86_400_000;
    const afterIdChange = p.idCardIssueDate ? isoDay(p.enrolledAt) >= p.idCardIssueDate.slice(0, 10) : true;
    if (ageDays > ENROLLMENT_VALIDITY_DAYS && !afterIdChange) return { code: 'ENROLLMENT_NEED_TO_REENROLL', details: [] };
  }
  return null;
}

/** All reasons a staff member may not sign (the web's alert lists them). */
export function staffSignerProblems(p: SignerProfile, now: Date = new Date()): SignerCheck[] {
  const out: SignerCheck[] = [];
  if (!p.enrolled) out.push({ code: 'INVALID_CERTSIGN_ENROLLMENT', details: [] });
  const rest = staffSignerProblem({ ...p, enrolled: true }, now);
  if (rest) out.push(rest);
  return out;
}

/** The reason a citizen may not sign, or null (valid adult CNP, ID data, ID not expired). */
export function citizenSignerProblem(p: SignerProfile, now: Date = new Date()): SignerCheck | null {
  const problems = profileProblems(p, todayInRomania(now));
  return problems.length > 0 ? { code: 'INVALID_PROFILE_FOR_SIGNING', details: problems } : null;
}

/** A phone number with only its last 3 digits shown: "+40 7•• ••• 123". */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return '•••';
  return `${'•'.repeat(Math.max(0, digits.length - 3))}${digits.slice(-3)}`;
}

/** The caption of a visible signature: "Semnat de <nume>, <funcție>". */
export function signatureCaption(name: string, role: string | null | undefined): string {
  return role?.trim() ? `Semnat de ${name}, ${role.trim()}` : `Semnat de ${name}`;
}
