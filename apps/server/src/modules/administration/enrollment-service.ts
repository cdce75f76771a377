import { isValidCnp, parseIsoDate, todayInRomania } from '@ghiseu/domain';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import type { EnrollmentCreateRequest } from '@ghiseu/domain';
import { inScope, organisationScope, scopeCondition } from '../../platform/auth/scope.js';
import { enrollmentAbilities, mayEnroll, mayReadEnrollment } from './policy.js';
import { presentEnrollment, presentEnrollmentStatus } from './presenter.js';
import { findProfile, saveProfile, updateUser } from '../accounts/index.js';
import { findUserById } from '../auth/index.js';
import * as repo from './repository/enrollments.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { findOwnFile } from '../files/index.js';

/**
 * Staff identity enrollment for signing (spec §4 "staff need video enrollment before signing",
 * §7 video-enrollment calls), built in: the staff member submits their identity data and a
 * picture of their ID document, an administrator of their organisation (or a super admin)
 * compares them and approves or rejects. Approval sets `users.enrolled` and copies the
 * identity to the profile, which signing checks.
 */

/** Files accepted as the picture of an ID document. */
const ID_DOCUMENT_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/** Where the web app shows the outcome of a submission (spec §2 /staff-enrollment/redirect/:id). */
export const redirectUrl = (id: number) => `/staff-enrollment/redirect/${id}`;

export async function submitEnrollment(
  ctx: AppContext,
  actor: Actor,
  input: EnrollmentCreateRequest,
  meta: RequestMeta,
): Promise<{ id: number; redirect_url: string }> {
  if (!mayEnroll(actor)) throw new AppError('FORBIDDEN');
  if (input.id_card_expiry_date < todayInRomania()) {
    throw invalidField('body.id_card_expiry_date', 'Actul de identitate este expirat');
  }
  // Only a file the staff member uploaded: naming someone else's would hand it to the reviewer.
  const file = await findOwnFile(ctx.db, input.id_document_file_id, actor.userId);
  if (!file) throw new AppError('FILE_NOT_EXISTS');
  if (file.purpose !== 'default' || !ID_DOCUMENT_TYPES.has(file.mimeType)) {
    throw invalidField('body.id_document_file_id', 'Imaginea actului trebuie să fie JPEG, PNG sau PDF');
  }
  const identity = {
    personal_numeric_code: input.personal_numeric_code,
    id_card_series: input.id_card_series,
    id_card_number: input.id_card_number,
    id_card_issue_date: input.id_card_issue_date,
    id_card_expiry_date: input.id_card_expiry_date,
    id_card_issuer: input.id_card_issuer,
  };
  const id = await ctx.db.transaction(async (tx) => {
    const superseded = await repo.supersedePendingEnrollments(tx, actor.userId, 'Înlocuită de o cerere nouă');
    const created = await repo.insertEnrollment(tx, {
      userId: actor.userId,
      status: 'pending',
      identity,
      idDocumentFileId: file.id,
    });
    await audit(tx, actor, meta, {
      organisationId: actor.organisationId,
      action: 'enrollment.submit',
      entityType: 'enrollment',
      entityId: created,
      // The CNP stays out of the log: the enrollment row holds it for the reviewer.
      after: { status: 'pending', id_document_file_id: file.id, superseded },
    });
    return created;
  });
  return { id, redirect_url: redirectUrl(id) };
}

async function loadReadable(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findEnrollment(ctx.db, id);
  if (!row || !mayReadEnrollment(actor, row)) throw notFound();
  return row;
}

export async function getEnrollmentStatus(ctx: AppContext, actor: Actor, id: number) {
  return presentEnrollmentStatus(await loadReadable(ctx, actor, id));
}

/** The status with what the redirect page shows: a title, a message and where to go next. */
export async function getEnrollmentRedirect(ctx: AppContext, actor: Actor, id: number) {
  const row = await loadReadable(ctx, actor, id);
  const status = presentEnrollmentStatus(row);
  switch (row.status) {
    case 'approved':
      return {
        ...status,
        title: 'Înrolare finalizată',
        message: 'Identitatea dumneavoastră a fost confirmată. Puteți semna documente.',
        action: { label: 'Mergeți la pagina principală', route: '/home' },
      };
    case 'rejected':
      return {
        ...status,
        title: 'Înrolare respinsă',
        message: `Cererea de înrolare a fost respinsă${row.rejectionReason ? `: ${row.rejectionReason}` : '.'} Verificați datele din profil și trimiteți o cerere nouă.`,
        action: { label: 'Mergeți la profil', route: '/profile' },
      };
    default:
      return {
        ...status,
        title: 'Înrolare în curs de verificare',
        message: 'Datele de identitate au fost trimise. Un administrator al instituției le va verifica în curând.',
        action: { label: 'Mergeți la pagina principală', route: '/home' },
      };
  }
}

export async function listEnrollments(ctx: AppContext, actor: Actor, query: Record<string, unknown>, status?: string) {
  const parsed = parseListQuery(query, repo.ENROLLMENT_LIST);
  const scope = organisationScope(actor);
  const wanted = status as 'pending' | 'approved' | 'rejected' | undefined;
  // One organisation's inbox in one status (what administrators open): the prepared path, the
  // same rows as scopeCondition(scope, users.organisationId).
  const list =
    scope.kind === 'organisation' && wanted
      ? repo.listOrganisationEnrollments(ctx.db, parsed, scope.organisationId, wanted)
      : repo.listEnrollments(ctx.db, parsed, [scopeCondition(scope, users.organisationId)], wanted);
  return listPage(parsed, async () => (await list.rows()).map((r) => presentEnrollment(actor, r)), list.total);
}

/** Loads an enrollment for review: 404 outside the reviewer's organisation, 409 when not pending. */
async function loadForReview(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findEnrollment(ctx.db, id);
  if (!row || !inScope(actor, row.organisationId)) throw notFound();
  if (row.status !== 'pending') throw new AppError('CONFLICT', { reason: 'not_pending', status: row.status });
  if (!enrollmentAbilities(actor, row).canApprove) throw new AppError('FORBIDDEN');
  return row;
}

export async function approveEnrollment(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const row = await loadForReview(ctx, actor, id);
  const identity = row.identity;
  await ctx.db.transaction(async (tx) => {
    await repo.updateEnrollment(tx, id, { status: 'approved', reviewedBy: actor.userId, reviewedAt: new Date() });
    await updateUser(tx, row.userId, { enrolled: true });
    await saveProfile(tx, row.userId, {
      personalNumericCode: identity.personal_numeric_code,
      idCardSeries: identity.id_card_series,
      idCardNumber: identity.id_card_number,
      idCardIssueDate: identity.id_card_issue_date,
      idCardExpiryDate: identity.id_card_expiry_date,
      idCardIssuer: identity.id_card_issuer,
    });
    await ctx.messaging.sendEmail(tx, {
      to: row.userEmail,
      subject: 'Înrolarea a fost aprobată',
      text: [
        'Bună ziua,',
        '',
        'Identitatea dumneavoastră a fost confirmată de administratorul instituției. Puteți semna documente în Ghișeul Unic.',
      ].join('\n'),
    });
    await audit(tx, actor, meta, {
      organisationId: row.organisationId,
      action: 'enrollment.approve',
      entityType: 'enrollment',
      entityId: id,
      before: { status: row.status, enrolled: row.userEnrolled },
      after: { status: 'approved', enrolled: true, user_id: row.userId },
    });
  });
  return presentEnrollment(actor, (await repo.findEnrollment(ctx.db, id))!);
}

export async function rejectEnrollment(ctx: AppContext, actor: Actor, id: number, reason: string, meta: RequestMeta) {
  const row = await loadForReview(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateEnrollment(tx, id, {
      status: 'rejected',
      reviewedBy: actor.userId,
      reviewedAt: new Date(),
      rejectionReason: reason,
    });
    await ctx.messaging.sendEmail(tx, {
      to: row.userEmail,
      subject: 'Înrolarea a fost respinsă',
      text: [
        'Bună ziua,',
        '',
        `Cererea de înrolare a fost respinsă: ${reason}`,
        'Verificați datele din profil și trimiteți o cerere nouă din Ghișeul Unic.',
      ].join('\n'),
    });
    await audit(tx, actor, meta, {
      organisationId: row.organisationId,
      action: 'enrollment.reject',
      entityType: 'enrollment',
      entityId: id,
      before: { status: row.status },
      after: { status: 'rejected', reason, user_id: row.userId },
    });
  });
  return presentEnrollment(actor, (await repo.findEnrollment(ctx.db, id))!);
}

/**
 * Profile fields signing needs (spec §6: "a valid profile (personal numeric code, ID data)");
 * an empty list means the profile is valid.
 */
export function identityProblems(
  profile:
    | {
        personalNumericCode: string | null;
        idCardSeries: string | null;
        idCardNumber: string | null;
        idCardIssueDate: string | null;
        idCardExpiryDate: string | null;
        idCardIssuer: string | null;
      }
    | undefined,
  today: string = todayInRomania(),
): string[] {
  if (!profile)
    return [
      'personal_numeric_code',
      'id_card_series',
      'id_card_number',
      'id_card_issue_date',
      'id_card_expiry_date',
      'id_card_issuer',
    ];
  const problems: string[] = [];
  if (!profile.personalNumericCode || !isValidCnp(profile.personalNumericCode, today)) problems.push('personal_numeric_code');
  if (!profile.idCardSeries?.trim()) problems.push('id_card_series');
  if (!profile.idCardNumber?.trim()) problems.push('id_card_number');
  if (!profile.idCardIssueDate || !parseIsoDate(profile.idCardIssueDate)) problems.push('id_card_issue_date');
  if (!profile.idCardExpiryDate || !parseIsoDate(profile.idCardExpiryDate)) problems.push('id_card_expiry_date');
  else if (profile.idCardExpiryDate < today) problems.push('id_card_expired');
  if (!profile.idCardIssuer?.trim()) problems.push('id_card_issuer');
  return problems;
}

/**
 * `POST /enrollment/person`: submits (refreshes) the signer's person data from the profile.
 * `success: false` when the profile lacks a valid CNP or the ID data: the web app then shows
 * the invalid-profile alert with a button to the profile (spec §8).
 */
export async function submitPersonData(ctx: AppContext, actor: Actor, meta: RequestMeta) {
  const user = await findUserById(ctx.db, actor.userId);
  const problems = identityProblems(await findProfile(ctx.db, actor.userId));
  const success = problems.length === 0;
  await ctx.db.transaction(async (tx) => {
    await audit(tx, actor, meta, {
      organisationId: actor.organisationId,
      action: 'enrollment.person_data',
      entityType: 'user',
      entityId: actor.userId,
      after: { success, problems },
    });
  });
  return { success, data: { enrolled: user?.enrolled ?? false, problems } };
}
