import {
  CIRCULAR_MESSAGES,
  type CircularResult,
  type CircularUploadToken,
  isValidEmail,
  splitExtraEmails,
  UPLOAD_RULES,
  type ZCircularRequest,
} from '@ghiseu/domain';
import type { z } from 'zod';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { emitDomainEvent } from '../../../platform/events.js';
import { listPage, parseListQuery } from '../../../platform/list-query.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../../platform/request.js';
import { findApplicationSummary } from '../../applications/index.js';
import { findOwnFile, issueUploadToken, readStoredFile } from '../../files/index.js';
import { insertUserMessages } from '../inbox/store.js';
import { portalUrl, sendTemplated } from '../templates/send.js';
import { attachmentsHtml, sanitizeCircularHtml, textOf } from './content.js';
import type { CircularRecipients, CircularRecord } from './contract.js';
import * as repo from './repository.js';

/**
 * Circulars (spec §3 "Circular", §7 POST notifications/circular; issue 14): a staff member
 * sends a subject, a message and files to departments, users and extra addresses of their
 * organisation. Everything is written in one transaction: the circular, one in-app message per
 * user, one e-mail per address (the delivery jobs), the audit entry and the domain event.
 *
 * Attachments. A short-lived download token is useless in an e-mail read next week, and the
 * extra addresses are not portal users. Each file gets a stable capability link instead:
 * `/api/notifications/circulars/{id}/files/{fileId}?key=…`, the key an HMAC signature (the
 * portal's token signer) of the circular and the file, valid one year. Whoever received the
 * circular can open its files, as with files attached to an e-mail, and nothing else; the link
 * does not expose other files or the portal account of anyone.
 */

export const CIRCULAR_EVENT = 'circular.sent';
/** How long an attachment link works (an e-mail is read long after it is sent). */
const FILE_LINK_SECONDS = 365 * 24 * 3600;

type CircularInput = z.output<typeof ZCircularRequest>;

interface CircularFileKey extends Record<string, unknown> {
  kind: 'circular-file';
  circularId: number;
  fileId: number;
}

/** GET /notifications/circular/token: an upload token of purpose 'circular' for POST /files. */
export function circularUploadToken(ctx: AppContext, actor: Actor): CircularUploadToken {
  const issued = issueUploadToken(ctx, actor, 'circular');
  return {
    token: issued.token,
    expires_at: new Date(Date.now() + issued.expires_in * 1000).toISOString(),
    max_bytes: UPLOAD_RULES.circular.maxBytes,
    accepted_types: [...UPLOAD_RULES.circular.types],
  };
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** The organisation the circular is sent in: the sender's own; one without any takes it from what it names. */
function organisationOf(
  actor: Actor,
  application: { organisationId: number } | undefined,
  chosen: { organisationId: number | null }[],
): number {
  if (actor.organisationId !== null) return actor.organisationId;
  const named = application?.organisationId ?? chosen.find((c) => c.organisationId !== null)?.organisationId ?? null;
  if (named === null) throw invalidField('department_ids', 'Alegeți un departament sau un utilizator al instituției.');
  return named;
}

/** POST /notifications/circular. */
export async function sendCircular(
  ctx: AppContext,
  actor: Actor,
  input: CircularInput,
  meta: RequestMeta,
): Promise<CircularResult> {
  const departmentIds = unique(input.department_ids);
  const userIds = unique(input.user_ids);
  const fileIds = unique(input.file_ids);

  // Extra addresses: each one checked by the portal's e-mail rule, the bad ones named.
  const extra = unique(splitExtraEmails(input.extra_emails).map((e) => e.toLowerCase()));
  const badEmails = extra.filter((e) => !isValidEmail(e));
  if (badEmails.length > 0)
    throw invalidField('extra_emails', CIRCULAR_MESSAGES.invalidEmails.replace('{emails}', badEmails.join(', ')), {
      invalid_emails: badEmails,
    });
  if (departmentIds.length === 0 && userIds.length === 0 && extra.length === 0) throw new AppError('CIRCULAR_NO_RECIPIENTS');

  const message = sanitizeCircularHtml(input.message);
  if (textOf(message) === '') throw invalidField('message', CIRCULAR_MESSAGES.messageRequired);

  return ctx.db.transaction(async (tx): Promise<CircularResult> => {
    const application =
      input.application_id != null ? (await findApplicationSummary(tx, input.application_id))?.application : undefined;
    const [foundDepartments, chosenUsers] = await Promise.all([
      repo.findDepartments(tx, departmentIds),
      repo.findUsers(tx, userIds),
    ]);
    const organisationId = organisationOf(actor, application, [...foundDepartments, ...chosenUsers]);

    if (
      input.application_id != null &&
      (!application || application.organisationId !== organisationId || application.status === 'DRAFT')
    )
      throw invalidField('application_id', 'Cererea nu există sau nu este gestionată de instituția dumneavoastră.');
    const foreignDepartments = departmentIds.filter(
      (d) => !foundDepartments.some((f) => f.id === d && f.organisationId === organisationId),
    );
    if (foreignDepartments.length > 0)
      throw invalidField(
        'department_ids',
        `Departamentele ${foreignDepartments.join(', ')} nu aparțin instituției dumneavoastră.`,
        {
          department_ids: foreignDepartments,
        },
      );
    const foreignUsers = userIds.filter(
      (u) => !chosenUsers.some((c) => c.id === u && c.organisationId === organisationId && c.status === 'active'),
    );
    if (foreignUsers.length > 0)
      throw invalidField(
        'user_ids',
        `Utilizatorii ${foreignUsers.join(', ')} nu sunt utilizatori activi ai instituției dumneavoastră.`,
        {
          user_ids: foreignUsers,
        },
      );

    // Files: the sender's own uploads made for a circular, nothing else.
    const files = await Promise.all(fileIds.map((f) => findOwnFile(tx, f, actor.userId)));
    const badFiles = fileIds.filter((_f, i) => files[i]?.purpose !== 'circular');
    if (badFiles.length > 0)
      throw invalidField(
        'file_ids',
        `Fișierele ${badFiles.join(', ')} nu au fost încărcate de dumneavoastră pentru o circulară.`,
        {
          file_ids: badFiles,
        },
      );

    // Recipients: the active members of the departments and the chosen users, once each; the
    // extra addresses that are not already one of them.
    const members = await repo.activeMembersOf(tx, departmentIds);
    const recipients = new Map<number, repo.RecipientUser>();
    for (const user of [...members, ...chosenUsers]) recipients.set(user.id, user);
    const userEmails = new Set([...recipients.values()].map((u) => u.email.toLowerCase()));
    const extraOnly = extra.filter((e) => !userEmails.has(e));
    if (recipients.size === 0 && extraOnly.length === 0) throw new AppError('CIRCULAR_NO_RECIPIENTS');

    const circularId = await repo.insertCircular(tx, {
      organisationId,
      applicationId: application ? input.application_id : null,
      createdBy: actor.userId,
      subject: input.subject,
      message,
      departmentIds,
      userIds,
      extraEmails: extraOnly,
      fileIds,
      recipientUsers: recipients.size,
      recipientEmails: recipients.size + extraOnly.length,
    });

    const links = files.map((file) => {
      const f = file as NonNullable<typeof file>;
      const key = ctx.signer.sign(
        { kind: 'circular-file', circularId, fileId: f.id } satisfies CircularFileKey,
        FILE_LINK_SECONDS,
      );
      const path = `/api/notifications/circulars/${circularId}/files/${f.id}?key=${encodeURIComponent(key)}`;
      return { name: f.name, path };
    });
    const inAppHtml = message + attachmentsHtml(links.map((l) => ({ name: l.name, url: l.path })));
    const emailHtml = message + attachmentsHtml(links.map((l) => ({ name: l.name, url: `${portalUrl(ctx.config)}${l.path}` })));

    await insertUserMessages(
      tx,
      [...recipients.values()].map((user) => ({
        recipientUserId: user.id,
        eventType: CIRCULAR_EVENT,
        title: input.subject,
        message: inAppHtml,
        messageSource: application ? ('application' as const) : null,
        sourceId: application ? application.id : null,
        sourceNumber: application ? application.identificationNumber : null,
      })),
    );

    const sender = await repo.senderFacts(tx, actor.userId, organisationId);
    const senderName = [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.email;
    const values = {
      subject: input.subject,
      message: emailHtml,
      sender_name: senderName,
      organisation_name: sender.organisationName,
    };
    const send = (to: string, language: repo.RecipientUser['language'], userId?: number) =>
      sendTemplated(ctx, tx, { eventType: CIRCULAR_EVENT, channel: 'email', to, language, values, userId });
    for (const user of recipients.values()) await send(user.email, user.language, user.id);
    for (const address of extraOnly) await send(address, 'ro');

    await audit(tx, actor, meta, {
      organisationId,
      action: 'circular.create',
      entityType: 'circular',
      entityId: circularId,
      after: {
        subject: input.subject,
        application_id: application?.id ?? null,
        department_ids: departmentIds,
        user_ids: userIds,
        extra_emails_count: extraOnly.length,
        file_ids: fileIds,
        recipient_users: recipients.size,
      },
    });
    // Recorded for the history of events; its messages are written above, so the dispatcher
    // has nothing to send for it.
    await emitDomainEvent(tx, {
      type: CIRCULAR_EVENT,
      entityType: 'circular',
      entityId: circularId,
      actorUserId: actor.userId,
      payload: {
        organisation_id: organisationId,
        application_id: application?.id ?? null,
        recipient_users: recipients.size,
        recipient_emails: recipients.size + extraOnly.length,
      },
    });
    return { id: circularId, users: recipients.size, emails: recipients.size + extraOnly.length };
  });
}

/** GET /notifications/circulars: the sender's organisation's circulars, newest first (none without an organisation). */
export async function listCirculars(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.CIRCULAR_LIST);
  const list = repo.listCirculars(ctx.db, parsed, actor.organisationId);
  return listPage(parsed, async () => (await list.rows()).map(presentCircular), list.total);
}

function presentCircular(row: repo.CircularListRow): CircularRecord {
  const c = row.circular;
  return {
    id: c.id,
    application_id: c.applicationId,
    subject: c.subject,
    message: c.message,
    department_ids: c.departmentIds,
    user_ids: c.userIds,
    extra_emails_count: c.extraEmails.length,
    file_ids: c.fileIds,
    recipient_users: c.recipientUsers,
    recipient_emails: c.recipientEmails,
    created_by: {
      id: c.createdBy,
      name: [row.creatorFirst, row.creatorLast].filter(Boolean).join(' ') || row.creatorEmail,
    },
    created_at: c.createdAt.toISOString(),
  };
}

/**
 * GET /notifications/circulars/{id}/files/{fileId}?key=…: a circular's attachment for whoever
 * holds the link the circular carried. A wrong, expired or foreign key answers like a missing file.
 */
export async function openCircularFile(ctx: AppContext, circularId: number, fileId: number, key: string | undefined) {
  const payload = ctx.signer.verify<CircularFileKey>(key);
  if (payload?.kind !== 'circular-file' || payload.circularId !== circularId || payload.fileId !== fileId) throw notFound();
  const circular = await repo.findCircular(ctx.db, circularId);
  if (!circular?.fileIds.includes(fileId)) throw notFound();
  return readStoredFile(ctx.db, ctx.storage, fileId);
}

/** Staff per answer: the select widget's page (spec §9). */
const RECIPIENT_PAGE = 30;

/**
 * GET /notifications/circular/recipients: the departments and staff a sender may choose. The
 * organisation is the sender's own; a sender without one (the super administrator) names the
 * application the circular is about.
 */
export async function circularRecipients(
  ctx: AppContext,
  actor: Actor,
  query: { application_id?: number; search?: string },
): Promise<CircularRecipients> {
  let organisationId = actor.organisationId;
  if (organisationId === null) {
    const application =
      query.application_id !== undefined ? (await findApplicationSummary(ctx.db, query.application_id))?.application : undefined;
    if (!application) throw invalidField('application_id', 'Alegeți cererea pentru care se trimite circulara.');
    organisationId = application.organisationId;
  }
  const departments = await repo.organisationDepartments(ctx.db, organisationId);
  const users = await repo.organisationStaff(ctx.db, organisationId, query.search || undefined, RECIPIENT_PAGE);
  return {
    departments: departments.map((d) => ({ id: d.id, name: d.name, user_count: d.userCount })),
    users,
  };
}
