import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';

/**
 * A local HTTP server standing in for the SMS provider (platform/sms.ts describes its API), for
 * the server's tests and the end-to-end journeys: no test sends a real SMS.
 *
 * - `POST /sms` with `Authorization: Bearer <key>` and `{ to, from, text, reference }`: 401
 *   without the key, 400 `{ error }` for a malformed request or number, else 200 `{ id }`.
 *   A reference already accepted is answered with the same id and not sent again (the
 *   provider's idempotency: `duplicates` counts such requests).
 * - Faults on demand: `failNext(n, status)` answers the next n requests with that status (503
 *   by default: retried; 400: refused for good), `failFraction(p)` refuses a fraction at random
 *   (seeded, so a run is repeatable), `hangNext(n)` never answers (the caller's timeout fires).
 * - Delivery receipts: `sendReceipt(id, status)` posts the signed receipt to `receiptUrl`, as
 *   the provider does once the handset has (or has not) got the message.
 */
export interface SmsStandInOptions {
  /** The API key the portal must present (SMS_API_KEY); it also signs the receipts. */
  key: string;
  /** Where receipts go: the portal's `/api/notifications/sms/receipts`; can be set later. */
  receiptUrl?: string;
  /** A fixed port (the e2e portal is configured before the stand-in starts); 0 picks a free one. */
  port?: number;
  /** Seed of `failFraction`'s random choice. */
  seed?: number;
}

export interface SmsSent {
  id: string;
  to: string;
  from: string;
  text: string;
  reference: string;
  at: Date;
}

export const SMS_PATH = '/sms';

/**
 * The receipt's signature as the provider computes it, written here independently of the
 * portal's check (platform/sms.ts), so the tests compare two implementations of the contract and
 * the stand-in imports nothing of the server (the e2e suite loads it too).
 */
function signReceipt(key: string, body: string): string {
  return `sha256=${createHmac('sha256', key).update(body, 'utf8').digest('hex')}`;
}

/** A small seeded generator (mulberry32): the same faults on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startSmsStandIn(options: SmsStandInOptions) {
  /** Accepted messages, in order; `byReference` finds them by the portal's idempotency key. */
  const messages: SmsSent[] = [];
  const byReference = new Map<string, SmsSent>();
  const stats = { requests: 0, accepted: 0, duplicates: 0, refused: 0 };
  const random = seededRandom(options.seed ?? 1);
  let failing: { count: number; status: number } = { count: 0, status: 503 };
  let fraction = 0;
  let hanging = 0;
  let receiptUrl = options.receiptUrl;
  let nextId = 1;
  let server: http.Server | undefined;

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };

  const handler: http.RequestListener = (req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== SMS_PATH) return answer(res, 404, { error: 'NOT_FOUND' });
      stats.requests++;
      if (req.headers.authorization !== `Bearer ${options.key}`) return answer(res, 401, { error: 'UNAUTHORIZED' });
      if (hanging > 0) {
        hanging--;
        return; // never answered; closed with the server
      }
      if (failing.count > 0) {
        failing.count--;
        stats.refused++;
        return answer(res, failing.status, { error: failing.status >= 500 ? 'UNAVAILABLE' : 'REFUSED' });
      }
      let body: Partial<Record<'to' | 'from' | 'text' | 'reference', unknown>>;
      try {
        body = JSON.parse(raw);
      } catch {
        return answer(res, 400, { error: 'INVALID_JSON' });
      }
      const { to, from, text, reference } = body;
      if (typeof to !== 'string' || typeof from !== 'string' || typeof text !== 'string' || typeof reference !== 'string')
        return answer(res, 400, { error: 'INVALID_REQUEST' });
      if (!/^\+?\d{9,15}$/.test(to)) return answer(res, 400, { error: 'INVALID_NUMBER' });
      const known = byReference.get(reference);
      if (known) {
        // Sent already: the same answer, no second SMS.
        stats.duplicates++;
        return answer(res, 200, { id: known.id });
      }
      if (fraction > 0 && random() < fraction) {
        stats.refused++;
        return answer(res, 503, { error: 'UNAVAILABLE' });
      }
      const sent: SmsSent = { id: `sms-${nextId++}`, to, from, text, reference, at: new Date() };
      messages.push(sent);
      byReference.set(reference, sent);
      stats.accepted++;
      return answer(res, 200, { id: sent.id });
    });
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const created = http.createServer(handler);
      server = created;
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => resolve((created.address() as AddressInfo).port));
    });
  const port = await listen(options.port ?? 0);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  return {
    /** SMS_API_URL for the portal. */
    url: `http://127.0.0.1:${port}${SMS_PATH}`,
    key: options.key,
    messages,
    byReference,
    stats,
    /** The next `count` requests get `status` (503: the provider is down; 400: refused for good). */
    failNext(count: number, status = 503) {
      failing = { count, status };
    },
    /** From now on each new message is refused (503) with probability `p`. */
    failFraction(p: number) {
      fraction = p;
    },
    /** The next `count` requests are never answered. */
    hangNext(count: number) {
      hanging = count;
    },
    setReceiptUrl(url: string) {
      receiptUrl = url;
    },
    /** The receipt of message `id` as the provider would post it: the raw body and its headers (for `app.inject`). */
    receipt(id: string, status: 'delivered' | 'failed', at = new Date()) {
      const payload = JSON.stringify({ id, status, at: at.toISOString() });
      return { payload, headers: { 'content-type': 'application/json', 'x-signature': signReceipt(options.key, payload) } };
    },
    /**
     * Posts the signed delivery receipt of message `id` to the receipt URL; answers the portal's
     * HTTP status. `signature` overrides the header (to test a forged receipt).
     */
    async sendReceipt(id: string, status: 'delivered' | 'failed', at = new Date(), signature?: string): Promise<number> {
      if (!receiptUrl) throw new Error('the SMS stand-in has no receipt URL');
      const body = JSON.stringify({ id, status, at: at.toISOString() });
      const response = await fetch(receiptUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature ?? signReceipt(options.key, body) },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    /** The provider goes away: connections are refused. */
    stop,
    /** It comes back on the same port. */
    async start() {
      await listen(port);
    },
    close: stop,
  };
}

export type SmsStandIn = Awaited<ReturnType<typeof startSmsStandIn>>;
