import { APPLICATION_HISTORY_LABELS, type ApplicationHistoryEntry } from '@ghiseu/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/request.js';
import { mayReadApplicationRow } from './policy.js';
import * as repo from './repository.js';

/**
 * The history tab of an application (spec §2 /application/:id/history): its audit trail, read
 * by whoever may read the application, told in words. Only the actions named in
 * `APPLICATION_HISTORY_LABELS` are shown, and of each only a short detail (never the stored
 * before/after values, which hold personal data). Consecutive draft saves by one person are one
 * entry with a count.
 */

/** The most audit entries one history reads (a draft saved every few seconds stays readable). */
const HISTORY_LIMIT = 2000;

type Values = Record<string, unknown> | null;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function personName(values: Values): string | null {
  if (!values) return null;
  return text(values.company_name) ?? text([values.first_name, values.last_name].filter((v) => typeof v === 'string').join(' '));
}

/** The short detail of an entry: what the action was about. */
export function historyDetail(action: string, before: Values, after: Values): string | null {
  const values = after ?? before;
  switch (action) {
    case 'application.submit':
      return text(after?.identification_number);
    case 'application.file_attach':
    case 'application.file_detach':
      return text(values?.name);
    case 'application.beneficiary_add':
    case 'application.beneficiary_update':
    case 'application.beneficiary_remove':
      return personName(values);
    case 'application.real_estate_add':
    case 'application.real_estate_update':
    case 'application.real_estate_remove':
      return text(values?.cadastral_number);
    default:
      return null;
  }
}

interface HistoryRow {
  id: number;
  at: Date;
  action: string;
  actorUserId: number | null;
  before: unknown;
  after: unknown;
  firstName: string | null;
  lastName: string | null;
}

/** Turns audit rows (oldest first) into history entries, folding consecutive saves of one person. */
export function toHistory(rows: readonly HistoryRow[], applicantUserId: number): ApplicationHistoryEntry[] {
  const entries: ApplicationHistoryEntry[] = [];
  let lastSaveBy: number | null | undefined;
  for (const row of rows) {
    const previous = entries.at(-1);
    if (row.action === 'application.update' && previous?.action === row.action && lastSaveBy === row.actorUserId) {
      previous.count += 1;
      previous.at = row.at.toISOString();
      continue;
    }
    lastSaveBy = row.action === 'application.update' ? row.actorUserId : undefined;
    entries.push({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      label: APPLICATION_HISTORY_LABELS[row.action] ?? row.action,
      detail: historyDetail(row.action, row.before as Values, row.after as Values),
      actor_name: text([row.firstName, row.lastName].filter(Boolean).join(' ')),
      by_applicant: row.actorUserId === applicantUserId,
      count: 1,
    });
  }
  return entries;
}

export async function applicationHistory(ctx: AppContext, actor: Actor, id: number): Promise<ApplicationHistoryEntry[]> {
  const application = await repo.findApplication(ctx.db, id);
  if (!application || !(await mayReadApplicationRow(ctx.db, actor, application))) throw notFound();
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      before: auditLog.before,
      after: auditLog.after,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.entityType, 'application'),
        eq(auditLog.entityId, String(id)),
        inArray(auditLog.action, Object.keys(APPLICATION_HISTORY_LABELS)),
      ),
    )
    .orderBy(asc(auditLog.id))
    .limit(HISTORY_LIMIT);
  return toHistory(rows, application.applicantUserId);
}
