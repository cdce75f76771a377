import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeRomanianPhone } from '@ghiseu/domain';
import { z } from 'zod';
import { describeDeliveryError, type MessageTransport, PermanentDeliveryError } from './messaging.js';

/**
 * SMS over a provider's HTTP API (issue 14), the production transport of the `sms` channel.
 *
 * The request, as the usual Romanian and European SMS gateways take it:
 *
 *     POST <SMS_API_URL>
 *     Authorization: Bearer <SMS_API_KEY>
 *     Content-Type: application/json
 *     { "to": "+40722…", "from": "<SMS_SENDER>", "text": "…", "reference": "outbox-<id>" }
 *
 * answered `2xx { "id": "<provider's message id>" }`. `reference` is the idempotency key: the
 * same outbox row always sends the same reference, so a retry after a lost answer (the provider
 * accepted, the portal never heard) is recognised by the provider and not sent twice.
 *
 * Outcomes: 2xx → accepted (the id is kept for the delivery receipt); 4xx → the provider refused
 * this message (bad number, text refused): permanent, no retry, except 408/425/429 ("later")
 * and 401/403 (the portal's key refused: a configuration error, not the message's); 5xx, a timeout or a network error → retried with backoff. The key is never logged:
 * errors name the status code and the provider's error code only.
 */
export interface HttpSmsOptions {
  url: string;
  key: string;
  /** The sender name (up to 11 letters and digits) or number the handset shows. */
  sender: string;
  /** How long to wait for the provider's answer before the attempt counts as failed. */
  timeoutMs: number;
  /** Tests give their own; default the global fetch. */
  fetch?: typeof fetch;
}

/** The provider's answer to an accepted message. */
const ZAccepted = z.object({ id: z.union([z.string().min(1).max(200), z.number()]) });

/** The idempotency key of an outbox SMS (also what the provider's logs show). */
export const smsReference = (outboxId: number): string => `outbox-${outboxId}`;

/**
 * Statuses of 4xx that are not about the message: "try again later" (408, 425, 429) and the
 * portal's own credentials refused (401, 403), which an operator fixes; the messages wait.
 */
const RETRYABLE_CLIENT_STATUSES = new Set([401, 403, 408, 425, 429]);

/** A short code the provider's error body may give (`{ "error": "INVALID_NUMBER" }`), never its free text. */
async function providerErrorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: unknown; code?: unknown };
    const code = body.error ?? body.code;
    return typeof code === 'string' && /^[A-Za-z0-9_.-]{1,60}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The number as providers take it, in international form: the portal stores Romanian numbers in
 * national form (`0722123456` → `+40722123456`); anything else goes as it was written.
 */
export function internationalPhone(to: string): string {
  const national = normalizeRomanianPhone(to);
  return national ? `+40${national.slice(1)}` : to;
}

export function httpSmsTransport(options: HttpSmsOptions): MessageTransport {
  const send = options.fetch ?? fetch;
  return {
    async deliver(message, rendered) {
      if (message.channel !== 'sms') return;
      let response: Response;
      try {
        response = await send(options.url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.key}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            to: internationalPhone(message.to),
            from: options.sender,
            text: rendered.text,
            reference: smsReference(message.id),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        // Timeout, refused connection, DNS: the provider may or may not have it; the retry
        // sends the same reference.
        const name = (error as Error).name;
        throw new Error(
          name === 'TimeoutError' || name === 'AbortError'
            ? `SMS provider: no answer within ${options.timeoutMs} ms`
            : `SMS provider unreachable: ${describeDeliveryError((error as { cause?: unknown }).cause ?? error)}`,
        );
      }
      if (response.status >= 200 && response.status < 300) {
        const parsed = ZAccepted.safeParse(await response.json().catch(() => undefined));
        // Accepted without an id we can read: sent all the same (a retry would send it twice),
        // only its receipt cannot be matched.
        return { providerMessageId: parsed.success ? String(parsed.data.id) : undefined };
      }
      const code = await providerErrorCode(response);
      const reason = `SMS provider: HTTP ${response.status}${code ? ` ${code}` : ''}`;
      if (response.status >= 400 && response.status < 500 && !RETRYABLE_CLIENT_STATUSES.has(response.status))
        throw new PermanentDeliveryError(reason);
      throw new Error(reason);
    },
  };
}

/* ───────────────────────── Delivery receipts ───────────────────────── */

/**
 * The provider reports each message's fate to `POST /api/notifications/sms/receipts` with the
 * body `{ "id": "<provider's id>", "status": "delivered" | "failed", "at": "<ISO time>" }`,
 * signed with the shared API key: header `X-Signature: sha256=<hex HMAC-SHA256(SMS_API_KEY, raw body)>`.
 * An HMAC of the exact bytes (rather than the key as a bearer token) keeps the key off the wire
 * and binds the signature to the body.
 */
export const SMS_RECEIPT_SIGNATURE_HEADER = 'x-signature';

/** The signature header's value for a receipt body. */
export function signSmsReceipt(key: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', key).update(rawBody, 'utf8').digest('hex')}`;
}

/** Whether `given` is the signature of `rawBody` under `key` (constant-time). */
export function verifySmsReceipt(key: string, rawBody: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(signSmsReceipt(key, rawBody));
  const actual = Buffer.from(given.trim());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The body of a delivery receipt. */
export const ZSmsReceipt = z.object({
  id: z.string().min(1).max(200).describe("The provider's id of the message (the `id` it answered when accepting it)"),
  status: z.enum(['delivered', 'failed']).describe('delivered: the handset has it; failed: the operator refused it'),
  at: z.iso.datetime({ offset: true }).describe('When it happened (ISO 8601)'),
});
export type SmsReceipt = z.infer<typeof ZSmsReceipt>;
