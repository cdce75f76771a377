/**
 * The signing feature's public face (spec §4 signing online/offline/bulk, §8 Signing): what the
 * staff view, the work lists, the applicant's details page and the profile hook in.
 */
export { DocumentCommands } from './components/document-commands';
export { DocumentPanel } from './components/document-panel';
export { SigningDialog } from './components/signing-dialog';
export { showEnrollmentAlert } from './components/enrollment-alert';
export { hasDocumentCommand, type DocumentSubject } from './document-logic';
export { type BulkOutcome, BulkResultDialog, BulkSign, type BulkSignRow } from './components/bulk-sign';
export { AttachmentsSigning } from './components/attachments-signing';
export { ApplicantDocumentCard, hasApplicantDocument } from './components/applicant-document-card';
export { OfflineSignPanel } from './components/offline-sign-panel';
export { SigningProfileSection } from './components/signing-profile-section';
export { applicationSubmitSigningFlow } from './api/signing';
