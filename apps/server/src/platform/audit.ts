import { toStorableText } from '@ghiseu/domain';
import type { Db } from './db.js';
import { auditLog } from '../db/schema/index.js';

export interface AuditEntry {
  actorUserId?: number | null;
  organisationId?: number | null;
  /** Verb of what happened: 'auth.login', 'auth.login_failed', 'organisation.update'… */
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  requestId?: string | null;
}

/** Keys never written to the audit log, whatever the entity. */
const SECRET_KEYS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'pin',
  'code',
  'smsCode',
]);

/**
 * Secrets out, and every text made storable: the audit entry is written in the business
 * transaction, so text from elsewhere (a provider's answer, a stored value) must not make the
 * insert, and with it the change, fail.
 */
function redact(value: unknown): unknown {
  if (typeof value === 'string') return toStorableText(value);
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [toStorableText(k), SECRET_KEYS.has(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/**
 * Appends one entry. Call it with the business transaction so the entry exists exactly when
 * the change does.
 */
export async function writeAudit(executor: Db, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorUserId: entry.actorUserId ?? null,
    organisationId: entry.organisationId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  });
}
