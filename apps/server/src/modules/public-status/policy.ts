import { type ApplicationStatus, isStaffType, normalizeRomanianPhone } from '@ghiseu/domain';
import { type Actor, can } from '../../platform/auth/actor.js';
import { type ApplicationFacts, mayReadApplication } from '../applications/index.js';

/**
 * Rules of the public status page (spec §2 `/qr/:id`, §5, §6 'Public visitors can see an
 * application status after SMS validation'), written once and tested directly.
 *
 * Who is a visitor: whoever holds the phone of the applicant or of a beneficiary of a
 * submitted application and proves it with an SMS code. Drafts do not exist for visitors
 * (answered like a missing application), so nothing tells a draft from a missing id.
 *
 * What a visitor may download: only the files the organisation's staff published for the page
 * (`is_public`), never a preview and never an identity document. Not the applicant's other
 * attachments (ID cards, plans with CNPs, owner lists) and not the issued acts by default: a
 * phone number proves less than a signed-in account, and beneficiaries who are not the
 * applicant have never agreed to share the whole file. Staff decide per file what the page
 * shows (`POST /qr/upload-files`), usually the issued act once it is signed or sealed.
 */

/** Submitted applications only: a draft is the applicant's private work. */
export const isVisibleToVisitors = (status: ApplicationStatus): boolean => status !== 'DRAFT';

/** Whether `phone` (national form) is one of the stored phones, each compared in national form. */
export function phoneBelongs(phone: string, storedPhones: readonly string[]): boolean {
  return storedPhones.some((stored) => (normalizeRomanianPhone(stored) ?? stored) === phone);
}

/** The file flags the download rule looks at. */
export interface PublicFileFacts {
  isPublic: boolean;
  isPreview: boolean;
  isIdentification: boolean;
}

export const isVisitorDocument = (file: PublicFileFacts): boolean => file.isPublic && !file.isPreview && !file.isIdentification;

/** A file staff may put on the public page: any attachment except previews and identity documents. */
export const mayBePublished = (file: Omit<PublicFileFacts, 'isPublic'>): boolean => !file.isPreview && !file.isIdentification;

/**
 * Who publishes files on the page: staff of the application's organisation who process its
 * applications (`applicationsStaffOwnEdit`), on a submitted application.
 */
export function mayPublishFiles(actor: Actor, application: ApplicationFacts): boolean {
  return (
    isStaffType(actor.userType) &&
    can(actor, 'applicationsStaffOwnEdit') &&
    mayReadApplication(actor, application) &&
    application.status !== 'DRAFT'
  );
}

/** The signed access token of the page: one application, one phone, 30 minutes. */
export interface PublicAccessPayload extends Record<string, unknown> {
  kind: 'public-status';
  applicationId: number;
  phone: string;
}

export function isAccessFor(payload: PublicAccessPayload | null, applicationId: number): payload is PublicAccessPayload {
  return (
    payload !== null &&
    payload.kind === 'public-status' &&
    payload.applicationId === applicationId &&
    typeof payload.phone === 'string'
  );
}

/** Whole minutes left of a block, at least 1 while it lasts. */
export function minutesLeft(blockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 60_000));
}
