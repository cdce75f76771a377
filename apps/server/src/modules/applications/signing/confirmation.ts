import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { type ErrorCode, maskPhone, SIGNING_MAX_ATTEMPTS, SIGNING_REQUEST_MINUTES, type SignStartResponse } from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import { verifyPassword } from '../../../platform/auth/passwords.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { sendTemplated } from '../../notifications/index.js';
import * as repo from './repository.js';

/**
 * Signing requests and their confirmation (spec §4 "start, confirm with a PIN (or SMS code)"):
 * a request lives SIGNING_REQUEST_MINUTES; it is confirmed with the user's signing PIN when they
 * set one, otherwise with a 6-digit code sent by SMS (kept only as a hash). SIGNING_MAX_ATTEMPTS
 * wrong codes end it (SIGNING_SESSION_EXPIRED). The SMS names no person and no application.
 */

/** At most this many signing starts (each may send an SMS) per user in the window. */
export const SIGNING_STARTS_PER_WINDOW = 30;
export const SIGNING_WINDOW_MINUTES = 10;

const hashCode = (ctx: AppContext, requestId: string, code: string) =>
  createHash('sha256')
    .update(`${requestId}:${code}:${ctx.config.appSecret ?? ''}`)
    .digest('hex');

export interface NewRequest {
  kind: repo.SigningRequestRow['kind'];
  items: repo.SigningRequestRow['items'];
  organisationId: number | null;
  customImageFileId?: number | null;
  offline?: Record<string, unknown> | null;
}

/** Creates the request (replacing the user's pending ones of the same kind on the same application) and sends the code. */
export async function openRequest(
  tx: Db,
  ctx: AppContext,
  actor: Actor,
  signer: repo.SignerRow,
  input: NewRequest,
): Promise<SignStartResponse> {
  // Each start may send an SMS: a user starts at most SIGNING_STARTS_PER_WINDOW in the window.
  const since = new Date(Date.now() - SIGNING_WINDOW_MINUTES * 60_000);
  if ((await repo.requestsSince(tx, actor.userId, since)) >= SIGNING_STARTS_PER_WINDOW)
    throw new AppError('RATE_LIMITED', { reason: 'signing_requests', minutes: SIGNING_WINDOW_MINUTES });
  if (input.items.length === 1) await repo.cancelPendingRequests(tx, actor.userId, input.items[0].applicationId, [input.kind]);
  const requestId = randomUUID();
  const expiresAt = new Date(Date.now() + SIGNING_REQUEST_MINUTES * 60_000);
  const usePin = signer.signingPinHash !== null;
  if (!usePin && !signer.phone) throw new AppError('SIGNING_NO_PHONE');
  const code = usePin ? null : String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertRequest(tx, {
    requestId,
    userId: actor.userId,
    organisationId: input.organisationId,
    kind: input.kind,
    items: input.items,
    customImageFileId: input.customImageFileId ?? null,
    confirmation: usePin ? 'pin' : 'sms',
    codeHash: code ? hashCode(ctx, requestId, code) : null,
    offline: input.offline ?? null,
    expiresAt,
  });
  if (code && signer.phone)
    await sendTemplated(ctx, tx, {
      eventType: 'account.phone_code',
      channel: 'sms',
      to: signer.phone,
      language: signer.notificationLanguage,
      userId: signer.id,
      values: { code, minutes: String(SIGNING_REQUEST_MINUTES) },
      secrets: { values: [code], expiresAt },
    });
  return {
    success: true,
    request_id: requestId,
    confirmation: usePin ? 'pin' : 'sms',
    expires_at: expiresAt.toISOString(),
    masked_phone: usePin ? null : maskPhone(signer.phone),
  };
}

const STATUS_CODES: Partial<Record<repo.SigningRequestRow['status'], ErrorCode>> = {
  expired: 'SIGNING_CODE_EXPIRED',
  failed: 'SIGNING_SESSION_EXPIRED',
  cancelled: 'SIGNING_REQUEST_NOT_FOUND',
  done: 'REQUEST_ALREADY_CONFIRMED',
  processing: 'REQUEST_ALREADY_CONFIRMED',
};

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks the code of a request and takes it (status processing) when right. A wrong code counts
 * (and is committed even though the call fails); the last allowed wrong code ends the request.
 * `find` picks the request (by id, or the user's latest on an application).
 */
export async function confirmRequest(
  ctx: AppContext,
  actor: Actor,
  find: (db: Db) => Promise<repo.SigningRequestRow | undefined>,
  pin: string,
  expect: { kinds: repo.SigningRequestRow['kind'][]; applicationId?: number },
): Promise<repo.SigningRequestRow> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const found = await find(tx);
    const request = found ? await repo.findRequest(tx, found.requestId, { lock: true }) : undefined;
    if (
      !request ||
      request.userId !== actor.userId ||
      !expect.kinds.includes(request.kind) ||
      (expect.applicationId !== undefined && !request.items.some((i) => i.applicationId === expect.applicationId))
    )
      return { error: new AppError('SIGNING_REQUEST_NOT_FOUND') };
    if (request.status !== 'pending') return { error: new AppError(STATUS_CODES[request.status] ?? 'SIGNING_REQUEST_NOT_FOUND') };
    if (request.expiresAt.getTime() <= Date.now()) {
      await repo.updateRequest(tx, request.id, { status: 'expired' });
      return { error: new AppError('SIGNING_CODE_EXPIRED') };
    }
    let right: boolean;
    if (request.confirmation === 'pin') {
      const signer = await repo.findSigner(tx, actor.userId);
      right = await verifyPassword(signer?.signingPinHash, pin);
    } else {
      right = request.codeHash !== null && sameHex(request.codeHash, hashCode(ctx, request.requestId, pin));
    }
    if (!right) {
      const attempts = request.attempts + 1;
      if (attempts >= SIGNING_MAX_ATTEMPTS) {
        await repo.updateRequest(tx, request.id, { attempts, status: 'failed' });
        return { error: new AppError('SIGNING_SESSION_EXPIRED') };
      }
      await repo.updateRequest(tx, request.id, { attempts });
      return { error: new AppError('SIGNING_CODE_INVALID', { remaining_attempts: SIGNING_MAX_ATTEMPTS - attempts }) };
    }
    await repo.updateRequest(tx, request.id, { status: 'processing' });
    return { request: { ...request, status: 'processing' as const } };
  });
  if (outcome.error) throw outcome.error;
  return outcome.request as repo.SigningRequestRow;
}

/** Ends a taken request: done with its results, or failed with the code that stopped it. */
export async function finishRequest(
  db: Db,
  request: repo.SigningRequestRow,
  status: 'done' | 'failed',
  results: NonNullable<repo.SigningRequestRow['results']>,
): Promise<void> {
  await repo.updateRequest(db, request.id, { status, results });
}
