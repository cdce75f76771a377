import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  addCalendarDays,
  APPLICATION_STATUS_LABELS,
  beneficiaryDisplayName,
  DEFAULT_SETTINGS,
  type FormDefinition,
  PUBLIC_STATUS_RULES,
  type PublicAccess,
  type PublicApplicationStatus,
  type PublicCodeSent,
  type QrCode,
  type QrPublicFiles,
  type QrPublicFilesRequest,
  todayInRomania,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { qrCodeDataUrl, renderPdf } from '../../platform/pdf.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import {
  findApplicationFormVersion,
  findApplicationSummary,
  findReadableApplication,
  listAttachedFiles,
} from '../applications/index.js';
import { listApplicationBeneficiaries } from '../beneficiaries/index.js';
import { listApplicationRealEstates } from '../real-estate/index.js';
import { sendTemplated } from '../notifications/index.js';
import {
  isAccessFor,
  isVisibleToVisitors,
  isVisitorDocument,
  mayBePublished,
  mayPublishFiles,
  minutesLeft,
  type PublicAccessPayload,
  phoneBelongs,
} from './policy.js';
import { type ReceiptData, receiptDocument } from './receipt.js';
import * as repo from './repository.js';

/**
 * The public status page (spec §2 `/qr/:id`, §5, §8 'Public SMS check', §9): a 6-digit SMS code
 * to a phone of the applicant or of a beneficiary, 5 wrong codes block the phone for 5 minutes
 * on that application (counted per application and phone, so that guesses on one application
 * never lock the phone's owner out of another),
 * a right code opens the page for 30 minutes. Every answer before the code is one of a few fixed
 * shapes that say nothing about the application (its number, status, names, files).
 *
 * Also the page's QR code, the staff call that publishes files on it, and the registration
 * receipt that prints the QR code.
 */

const ENTITY = 'application';

/* ───────────────────────────── Codes ───────────────────────────── */

/** A random 6-digit code, leading zeros kept. */
export const newPublicCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Stored form of a code: `salt$sha256(salt:application:phone:code)`. The salt keeps equal codes
 * from looking equal in the table; what protects a code is its 10-minute life and the 5-guess
 * limit per phone, not the hash (a million codes are few).
 */
export function hashPublicCode(
  applicationId: number,
  phone: string,
  code: string,
  salt = randomBytes(12).toString('hex'),
): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${applicationId}:${phone}:${code}`).digest('hex')}`;
}

export function publicCodeMatches(stored: string, applicationId: number, phone: string, code: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const given = Buffer.from(hashPublicCode(applicationId, phone, code, salt));
  const wanted = Buffer.from(stored);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The public page's address for an application. */
export const publicStatusUrl = (ctx: AppContext, applicationId: number): string =>
  `${ctx.config.publicUrl.replace(/\/+$/, '')}/qr/${applicationId}`;

const blocked = (until: Date, now: Date) => new AppError('PUBLIC_PHONE_BLOCKED', { minutes: minutesLeft(until, now) });

/** Audit of a visitor's step: no actor, the phone as the 'who'. Codes never reach the log. */
const visitorAudit = (
  action: string,
  applicationId: number,
  phone: string,
  meta: RequestMeta,
  extra: Record<string, unknown> = {},
) => ({
  action,
  entityType: ENTITY,
  entityId: applicationId,
  after: { phone, ...extra },
  ip: meta.ip ?? null,
  requestId: meta.requestId ?? null,
});

/**
 * `POST /qr/{id}/request-code`. In this order: a phone blocked on this application is refused
 * (PUBLIC_PHONE_BLOCKED with the minutes left); a missing application or a draft is
 * NOT_FOUND; a phone that is neither the applicant's nor a beneficiary's is
 * PUBLIC_PHONE_NOT_ALLOWED; a second code within 30 seconds is RATE_LIMITED. Otherwise a new
 * code (the only one that works for the pair) goes to the SMS outbox in the same transaction.
 */
export async function requestPublicCode(ctx: AppContext, id: number, phone: string, meta: RequestMeta): Promise<PublicCodeSent> {
  const now = new Date();
  const block = await repo.findPhoneBlock(ctx.db, id, phone);
  if (block?.blockedUntil && block.blockedUntil > now) throw blocked(block.blockedUntil, now);

  const application = await repo.findApplicationFacts(ctx.db, id);
  if (!application || !isVisibleToVisitors(application.status)) throw notFound();
  const phones = await repo.applicationPhones(ctx.db, id, application.applicantUserId);
  if (!phoneBelongs(phone, phones)) {
    await writeAudit(ctx.db, {
      ...visitorAudit('public_status.phone_refused', id, phone, meta),
      organisationId: application.organisationId,
    });
    throw new AppError('PUBLIC_PHONE_NOT_ALLOWED');
  }

  const last = await repo.latestCode(ctx.db, id, phone);
  const waited = last ? (now.getTime() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (waited < PUBLIC_STATUS_RULES.resendCooldownSeconds) {
    throw new AppError('RATE_LIMITED', { retry_after_seconds: Math.ceil(PUBLIC_STATUS_RULES.resendCooldownSeconds - waited) });
  }

  const code = newPublicCode();
  const expiresAt = new Date(now.getTime() + PUBLIC_STATUS_RULES.codeTtlSeconds * 1000);
  await ctx.db.transaction(async (tx) => {
    await repo.replaceCode(tx, { applicationId: id, phone, codeHash: hashPublicCode(id, phone, code), expiresAt }, now);
    // The visitor is not signed in: the portal's default language.
    await sendTemplated(ctx, tx, {
      eventType: 'account.phone_code',
      channel: 'sms',
      to: phone,
      language: 'ro',
      values: { code, minutes: String(PUBLIC_STATUS_RULES.codeTtlSeconds / 60) },
      secrets: { values: [code], expiresAt },
    });
    await writeAudit(tx, {
      ...visitorAudit('public_status.code_sent', id, phone, meta),
      organisationId: application.organisationId,
    });
  });
  return { expires_in: PUBLIC_STATUS_RULES.codeTtlSeconds, resend_after: PUBLIC_STATUS_RULES.resendCooldownSeconds };
}

type VerifyOutcome =
  | { kind: 'verified' }
  | { kind: 'blocked'; until: Date }
  | { kind: 'not-found' }
  | { kind: 'expired' }
  | { kind: 'wrong'; remaining: number };

/**
 * `POST /qr/{id}/verify-code`. The counter row of the application and phone is locked for the
 * whole check, so parallel guesses are counted one by one. A wrong code (or none requested)
 * counts against the pair: the fifth blocks the phone on this application for 5 minutes and starts a new count; an expired code is reported
 * as such and does not count (nothing was guessed); a right code is used up, clears the count
 * and gives the 30-minute access token. The count and its audit entry commit before the error
 * is answered.
 */
export async function verifyPublicCode(
  ctx: AppContext,
  id: number,
  phone: string,
  code: string,
  meta: RequestMeta,
): Promise<PublicAccess> {
  const now = new Date();
  const { maxWrongCodes, blockMinutes } = PUBLIC_STATUS_RULES;
  const outcome = await ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    // The application first: the counter row refers to it, and a missing one has no counter.
    const application = await repo.findApplicationFacts(tx, id);
    if (!application || !isVisibleToVisitors(application.status)) return { kind: 'not-found' };
    const block = await repo.lockPhoneBlock(tx, id, phone);
    if (block.blockedUntil && block.blockedUntil > now) return { kind: 'blocked', until: block.blockedUntil };
    // A block that has run out starts a new count.
    const wrongSoFar = block.blockedUntil ? 0 : block.wrongCodes;
    const open = await repo.latestOpenCode(tx, id, phone);
    if (open && open.expiresAt <= now) return { kind: 'expired' };

    const record = (action: string, extra: Record<string, unknown> = {}) =>
      writeAudit(tx, { ...visitorAudit(action, id, phone, meta, extra), organisationId: application.organisationId });

    if (open && publicCodeMatches(open.codeHash, id, phone, code)) {
      await repo.markCodeVerified(tx, open.id, now);
      await repo.updatePhoneBlock(tx, id, phone, { wrongCodes: 0, blockedUntil: null });
      await record('public_status.code_verified');
      return { kind: 'verified' };
    }

    if (open) await repo.countWrongAttempt(tx, open.id, open.attempts + 1);
    const wrong = wrongSoFar + 1;
    if (wrong >= maxWrongCodes) {
      const until = new Date(now.getTime() + blockMinutes * 60_000);
      await repo.updatePhoneBlock(tx, id, phone, { wrongCodes: 0, blockedUntil: until });
      await record('public_status.phone_blocked', { wrong_codes: wrong, blocked_until: until.toISOString() });
      return { kind: 'blocked', until };
    }
    await repo.updatePhoneBlock(tx, id, phone, { wrongCodes: wrong, blockedUntil: null });
    await record('public_status.code_failed', { wrong_codes: wrong });
    return { kind: 'wrong', remaining: maxWrongCodes - wrong };
  });

  switch (outcome.kind) {
    case 'blocked':
      throw blocked(outcome.until, now);
    case 'not-found':
      throw notFound();
    case 'expired':
      throw new AppError('PUBLIC_CODE_EXPIRED');
    case 'wrong':
      throw new AppError('PUBLIC_CODE_INVALID', { remaining_attempts: outcome.remaining });
    default: {
      const payload: PublicAccessPayload = { kind: 'public-status', applicationId: id, phone };
      return {
        token: ctx.signer.sign(payload, PUBLIC_STATUS_RULES.accessTtlSeconds),
        expires_in: PUBLIC_STATUS_RULES.accessTtlSeconds,
      };
    }
  }
}

/* ───────────────────────────── The page ───────────────────────────── */

/** Due date of the response: calendar days from the submission day (as the applications module counts). */
function responseDueDate(applicationDate: Date | null, days: number | null): string | null {
  if (!applicationDate || days === null) return null;
  return addCalendarDays(todayInRomania(applicationDate), days);
}

/**
 * `GET /qr/{id}/status`: the access token must be for this application (a token of another one
 * opens nothing: 403 DOWNLOAD_TOKEN_INVALID, the code for an invalid or expired link) and its
 * phone must still be on the application. The documents are the files staff published, each
 * with a short-lived download link.
 */
export async function getPublicStatus(ctx: AppContext, id: number, token: string | undefined): Promise<PublicApplicationStatus> {
  const payload = ctx.signer.verify<PublicAccessPayload>(token);
  if (!isAccessFor(payload, id)) throw new AppError('DOWNLOAD_TOKEN_INVALID');
  const row = await findApplicationSummary(ctx.db, id);
  if (!row || !isVisibleToVisitors(row.application.status)) throw notFound();
  const a = row.application;
  const phones = await repo.applicationPhones(ctx.db, id, a.applicantUserId);
  if (!phoneBelongs(payload.phone, phones)) throw new AppError('DOWNLOAD_TOKEN_INVALID');

  const seconds = ctx.config.downloadTokenSeconds;
  const documents = (await repo.publicFileRows(ctx.db, id)).filter(isVisitorDocument).map((f) => {
    const downloadToken = ctx.signer.sign({ kind: 'download', fileId: f.fileId }, seconds);
    return {
      file_id: f.fileId,
      name: f.name,
      mime_type: f.mimeType,
      size: f.size,
      created_at: f.createdAt.toISOString(),
      url: `/api/files/${f.fileId}?token=${encodeURIComponent(downloadToken)}`,
    };
  });
  return {
    id: a.id,
    identification_number: a.identificationNumber,
    status: a.status,
    status_label: APPLICATION_STATUS_LABELS[a.status],
    application_type_name: row.typeName,
    organisation_name: row.tenantName,
    application_date: a.applicationDate ? a.applicationDate.toISOString() : null,
    response_due_date: responseDueDate(a.applicationDate, a.responseDueInDays),
    documents,
    download_expires_in: seconds,
  };
}

/* ───────────────────────────── Signed-in calls ───────────────────────────── */

/** A submitted application the actor may read (applicant, or staff by the applications policy). */
async function readableSubmitted(ctx: AppContext, actor: Actor, id: number) {
  const application = await findReadableApplication(ctx.db, actor, id);
  if (application.status === 'DRAFT') throw new AppError('APPLICATION_NOT_SUBMITTED');
  return application;
}

/** `POST /qr/generate`: the public page's address and its QR code (PNG data URL). */
export async function generateQrCode(ctx: AppContext, actor: Actor, applicationId: number): Promise<QrCode> {
  await readableSubmitted(ctx, actor, applicationId);
  const url = publicStatusUrl(ctx, applicationId);
  return { url, image: await qrCodeDataUrl(url) };
}

const PUBLISH_MESSAGES = {
  notAttached: 'Fișierul nu este atașat cererii.',
  notPublishable: 'Previzualizările și actele de identitate nu pot fi publicate.',
} as const;

/**
 * `POST /qr/upload-files`: staff of the application's organisation publish files already
 * attached to it on the public page (or withdraw them with `is_public: false`). Every id must be
 * an attachment of the application; previews and identity documents are never published.
 */
export async function publishFiles(
  ctx: AppContext,
  actor: Actor,
  input: QrPublicFilesRequest,
  meta: RequestMeta,
): Promise<QrPublicFiles> {
  const id = input.application_id;
  return ctx.db.transaction(async (tx) => {
    const application = await findReadableApplication(tx, actor, id, { lock: true });
    if (!mayPublishFiles(actor, application)) throw new AppError('FORBIDDEN');

    const wanted = [...new Set(input.file_ids)];
    const rows = await repo.attachedFiles(tx, id, wanted);
    const attached = new Set(rows.map((r) => r.fileId));
    const missing = wanted.filter((fileId) => !attached.has(fileId));
    if (missing.length > 0) throw invalidField('body.file_ids', PUBLISH_MESSAGES.notAttached, { file_ids: missing });
    if (input.is_public) {
      const refused = rows.filter((r) => !mayBePublished(r)).map((r) => r.fileId);
      if (refused.length > 0) throw invalidField('body.file_ids', PUBLISH_MESSAGES.notPublishable, { file_ids: refused });
    }

    const before = await repo.publicFileIds(tx, id);
    await repo.setFilesPublic(
      tx,
      rows.filter((r) => r.isPublic !== input.is_public).map((r) => r.id),
      input.is_public,
    );
    const after = await repo.publicFileIds(tx, id);
    await audit(tx, actor, meta, {
      organisationId: application.organisationId,
      action: 'application.public_files',
      entityType: ENTITY,
      entityId: id,
      before: { public_file_ids: before },
      after: { public_file_ids: after },
    });
    return { application_id: id, public_file_ids: after };
  });
}

/* ───────────────────────────── Receipt ───────────────────────────── */

/** Labels of the form's attachment fields, by key (the receipt names each attachment's document type). */
function attachmentLabels(definition: FormDefinition | undefined): Map<string, string> {
  const labels = new Map<string, string>();
  for (const field of definition?.fields ?? []) if (field.type === 'attachments') labels.set(field.key, field.label);
  return labels;
}

function applicantName(identity: Awaited<ReturnType<typeof repo.applicantIdentity>>): string {
  if (!identity) return '';
  const person = [identity.firstName, identity.lastName].filter(Boolean).join(' ');
  if (identity.userType === 'legal_entity' && identity.companyName)
    return person ? `${identity.companyName} (${person})` : identity.companyName;
  return person;
}

/** ASCII file name of the receipt: 'dovada-inregistrare-CU-12-2026.pdf'. */
export function receiptFileName(identificationNumber: string): string {
  const safe = identificationNumber
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `dovada-inregistrare-${safe || 'cerere'}.pdf`;
}

/**
 * `GET /qr/{id}/receipt`: the registration receipt of a submitted application for its applicant
 * or the staff who may read it (applications policy), as a PDF.
 */
export async function renderReceipt(ctx: AppContext, actor: Actor, id: number): Promise<{ fileName: string; pdf: Buffer }> {
  await readableSubmitted(ctx, actor, id);
  const row = await findApplicationSummary(ctx.db, id);
  if (!row) throw notFound();
  const a = row.application;
  const [identity, beneficiaries, realEstates, fileRows, formVersion, councilName] = await Promise.all([
    repo.applicantIdentity(ctx.db, a.applicantUserId),
    listApplicationBeneficiaries(ctx.db, id),
    listApplicationRealEstates(ctx.db, id),
    listAttachedFiles(ctx.db, id),
    findApplicationFormVersion(ctx.db, a.formVersionId),
    repo.settingValue(ctx.db, 'COUNCIL_NAME'),
  ]);
  const labels = attachmentLabels(formVersion?.definition);
  const url = publicStatusUrl(ctx, id);
  const identificationNumber = a.identificationNumber ?? String(a.id);
  const data: ReceiptData = {
    councilName: councilName || DEFAULT_SETTINGS.councilName,
    organisationName: row.tenantName,
    identificationNumber,
    applicationDate: a.applicationDate ?? a.createdAt,
    typeName: row.typeName,
    applicantName: applicantName(identity),
    beneficiaries: beneficiaries.map((b) =>
      beneficiaryDisplayName({
        person_type: b.personType,
        company_name: b.companyName,
        first_name: b.firstName,
        last_name: b.lastName,
      }),
    ),
    realEstates: realEstates.map((r) => ({
      cadastralNumber: r.cadastralNumber,
      uatName: r.uatName,
      countyName: r.countyName,
      area: r.area,
    })),
    attachments: fileRows
      .filter((f) => f.fileType === 'input' && !f.isPreview)
      .map((f) => ({ label: (f.category && labels.get(f.category)) || 'Document', name: f.name })),
    responseDueInDays: a.responseDueInDays,
    responseDueDate: responseDueDate(a.applicationDate, a.responseDueInDays),
    publicUrl: url,
    qrImage: await qrCodeDataUrl(url),
    generatedAt: new Date(),
  };
  return { fileName: receiptFileName(identificationNumber), pdf: await renderPdf(receiptDocument(data)) };
}
