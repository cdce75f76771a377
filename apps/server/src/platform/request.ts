/**
 * Small helpers every module's routes and services share: request metadata, audit, field errors,
 * the `fields=` parameter of configuration lists.
 */
import type { FastifyRequest } from 'fastify';
import type { Actor } from './auth/actor.js';
import { type AuditEntry, writeAudit } from './audit.js';
import type { Db } from './db.js';
import { AppError } from './errors.js';

/** What the services keep of a request: for the audit log and new sessions. */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  requestId?: string;
}

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  requestId: request.id,
});

/** Writes the audit entry of a change by `actor`, inside the change's transaction. */
export function audit(
  tx: Db,
  actor: Actor,
  meta: RequestMeta,
  entry: Omit<AuditEntry, 'actorUserId' | 'ip' | 'requestId'>,
): Promise<void> {
  return writeAudit(tx, { ...entry, actorUserId: actor.userId, ip: meta.ip ?? null, requestId: meta.requestId ?? null });
}

/** A 400 VALIDATION_ERROR naming one field, in the shape the schema validation uses. */
export function invalidField(path: string, message: string, data: Record<string, unknown> = {}): AppError {
  return new AppError('VALIDATION_ERROR', { fields: [{ path, message }], ...data });
}

/** Record out of the actor's reach: answered like a record that does not exist, so nothing leaks. */
export const notFound = (): AppError => new AppError('NOT_FOUND');

/** True when two key lists hold the same keys, whatever the order or repetitions. */
export function sameSet(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((v) => right.has(v));
}

/** Hours from now, as a Date. */
export const hoursFromNow = (hours: number): Date => new Date(Date.now() + hours * 3_600_000);

/**
 * The `fields=id,name` parameter of the configuration lists (spec §7: `GET /forms?limit=500&
 * fields=id,name` feeds the autocompletes): the asked properties (always with `id`), or null for
 * whole records. Unknown names are a 400 INVALID_QUERY. With `trimRecord` it keeps a 500-row
 * autocomplete free of definitions and abilities; used by the forms, application-types and
 * document-series lists.
 */
export function parseFieldsParam(value: unknown, allowed: readonly string[]): string[] | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new AppError('INVALID_QUERY', { reason: 'bad_value', param: 'fields' });
  const names = [
    ...new Set(
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.find((name) => !allowed.includes(name));
  if (unknown !== undefined) throw new AppError('INVALID_QUERY', { reason: 'unknown_field', param: 'fields', field: unknown });
  return names.includes('id') ? names : ['id', ...names];
}

/** The record with only `fields` (all of it when `fields` is null), as `parseFieldsParam` read them. */
export function trimRecord<T extends { id: number }>(record: T, fields: string[] | null): Partial<T> & { id: number } {
  if (fields === null) return record;
  return Object.fromEntries(fields.map((name) => [name, record[name as keyof T]])) as Partial<T> & { id: number };
}

/** Content-Disposition with the UTF-8 name (RFC 6266) and an ASCII fallback. */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii || 'fisier'}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
