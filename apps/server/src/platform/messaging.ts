import nodemailer from 'nodemailer';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { escapeHtml } from '@ghiseu/domain';
import { outboxMessages } from '../db/schema/index.js';
import type { Db } from './db.js';
import { defineJob, type JobQueue } from './jobs.js';

/** What the delivery log records of a message besides its address: the event and the user. */
export interface MessageOrigin {
  /** The notification event (catalogue type) the message carries. */
  eventType?: string;
  /** The portal user it is addressed to, when it is one. */
  userId?: number;
}

export interface OutgoingEmail extends MessageOrigin {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutgoingSms extends MessageOrigin {
  to: string;
  text: string;
}

/**
 * The secret parts of a message, named by the code that writes it: the single-use key of a
 * link, an SMS code. `expiresAt` is when the secret stops working; the readable copy is never
 * kept longer than that.
 */
export interface MessageSecrets {
  values: string[];
  expiresAt: Date;
}

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** A stored message as it reads for its recipient: the secrets in place, or the placeholder once redacted. */
export interface RenderedMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

/** What a transport learnt from the provider when it accepted a message. */
export interface DeliveryReceipt {
  /** The provider's id of the message (SMS), matched later by its delivery receipt. */
  providerMessageId?: string;
}

/**
 * A transport delivers one rendered message. It throws to have the job retried (provider down,
 * timeout, a temporary refusal) and throws {@link PermanentDeliveryError} when retrying cannot
 * help (the provider refused the message itself): the message then fails at once.
 */
export interface MessageTransport {
  /**
   * True for the built-in transport, where the outbox table IS the recipient's mailbox
   * (`/api/dev/outbox`): the secrets stay readable until they expire instead of until delivery.
   */
  readonly isMailbox?: boolean;
  deliver(message: OutboxRow, rendered: RenderedMessage): Promise<DeliveryReceipt | undefined>;
}

/**
 * The provider refused the message for good (an SMS provider's 4xx, an SMTP server's "no such
 * mailbox"): no retry, the message is marked failed. The message names the refusal (status
 * code, provider's code), never the recipient.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

/** Anything that looks like an e-mail address or a phone number, out of a provider's error text. */
const ADDRESSES = /[^\s<>@"'()[\]]+@[^\s<>@"'()[\]]+|(?<!\d)\+?\d{9,15}(?!\d)/g;

/**
 * What the delivery log and the job's log keep of a failure: the provider's answer without the
 * recipient's address (SMTP servers echo it: "550 <ion@…>: no such user"), at most 300 characters.
 */
export function describeDeliveryError(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return raw.replace(ADDRESSES, '[adresă]').slice(0, 300);
}

/** What a redacted secret reads as. */
export const REDACTED = '[șters]';

/**
 * The built-in transport: messages stay in the outbox table, readable at /api/dev/outbox.
 * Delivering means accepting them for good, as a provider would.
 */
export const outboxTransport: MessageTransport = {
  isMailbox: true,
  async deliver() {},
};

/** SMTP replies meaning the mailbox itself is refused: retrying the same address cannot help. */
const PERMANENT_SMTP_CODES = new Set([550, 551, 553]);

/**
 * E-mail over SMTP (nodemailer). Every message carries a Message-ID derived from its outbox row,
 * `<outbox-<id>@<host>>`, the same on every attempt: when a process dies after the server
 * accepted a message but before the row says 'sent', the retry sends the same Message-ID and
 * the receiving side can drop the duplicate. `host` is the host name of PUBLIC_URL.
 */
export function smtpTransport(smtpUrl: string, from: string, host: string): MessageTransport {
  const transporter = nodemailer.createTransport(pooled(smtpUrl));
  return {
    async deliver(message, rendered) {
      if (message.channel !== 'email') return;
      try {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: rendered.subject ?? '',
          text: rendered.text,
          html: rendered.html ?? undefined,
          messageId: outboxMessageId(message.id, host),
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && PERMANENT_SMTP_CODES.has(code)) throw new PermanentDeliveryError(describeDeliveryError(error));
        throw error;
      }
    },
  };
}

/**
 * The SMTP URL with nodemailer's connection pool on unless the URL says `pool=false` (and the
 * timeouts of SMTP_DEFAULTS unless it names its own): the
 * delivery jobs send one message after another, and a new connection for each costs the
 * server's greeting delay every time (and providers throttle many short connections). A
 * connection the server dropped is replaced by the pool; the message that was on it fails and
 * its job retries it.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_DEFAULTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * nodemailer's options the URL may override: the pool, and timeouts short enough that a server
 * that stops answering fails the attempt (and its job retries) long before pg-boss would expire
 * the job (15 minutes); nodemailer's own socket timeout is 10 minutes.
 */
const SMTP_DEFAULTS = { pool: 'true', connectionTimeout: '15000', greetingTimeout: '15000', socketTimeout: '60000' };

/** The Message-ID of an outbox e-mail: deterministic, so that a resent copy can be recognised. */
export const outboxMessageId = (id: number, host: string): string => `<outbox-${id}@${host}>`;

/* ───────────────────────── Secrets out of the stored body ───────────────────────── */

const OPEN = '⟦secret:';
const CLOSE = '⟧';
const SLOT = /⟦secret:(\d+)⟧/g;

/** The forms a secret takes in a message: as written, inside a URL, inside HTML. */
function secretForms(value: string): string[] {
  return [...new Set([value, encodeURIComponent(value), escapeHtml(value), escapeHtml(encodeURIComponent(value))])].sort(
    (a, b) => b.length - a.length,
  );
}

/**
 * Replaces every occurrence of each named secret by a numbered slot. The slots are exact
 * (the caller names the values; nothing is guessed from the text's shape); a secret that does
 * not occur is a programming error, as is a text that already looks like a slot (neutralised).
 */
export function extractSecrets(
  parts: { subject: string | null; text: string; html: string | null },
  secrets: string[],
): { subject: string | null; text: string; html: string | null } {
  const neutral = (s: string) => s.replaceAll(OPEN, '[secret:');
  let subject = parts.subject === null ? null : neutral(parts.subject);
  let text = neutral(parts.text);
  let html = parts.html === null ? null : neutral(parts.html);
  secrets.forEach((secret, index) => {
    if (secret.length < 4) throw new Error('a message secret must be at least 4 characters long');
    const slot = `${OPEN}${index}${CLOSE}`;
    let found = false;
    const replace = (value: string) => {
      let out = value;
      for (const form of secretForms(secret)) {
        if (out.includes(form)) found = true;
        out = out.replaceAll(form, slot);
      }
      return out;
    };
    subject = subject === null ? null : replace(subject);
    text = replace(text);
    html = html === null ? null : replace(html);
    if (!found) throw new Error(`message secret #${index} does not occur in the message`);
  });
  return { subject, text, html };
}

/** The message with its secrets back in place (URL- and HTML-safe: they are base64url or digits), or redacted. */
export function renderMessage(row: Pick<OutboxRow, 'subject' | 'text' | 'html' | 'secrets'>): RenderedMessage {
  const fill = (value: string) =>
    value.replace(SLOT, (_slot, index: string) => {
      const secret = row.secrets?.[Number(index)];
      return secret === undefined ? REDACTED : secret;
    });
  return {
    subject: row.subject === null ? null : fill(row.subject),
    text: fill(row.text),
    html: row.html === null ? null : fill(row.html),
  };
}

/* ───────────────────────── The outbox ───────────────────────── */

/** Forgets the secrets of one message, or of every message whose secrets have expired. */
export async function redactSecrets(db: Db, options: { messageId?: number; now?: Date } = {}): Promise<number> {
  const condition =
    options.messageId !== undefined
      ? and(eq(outboxMessages.id, options.messageId), isNotNull(outboxMessages.secrets))
      : and(isNotNull(outboxMessages.secrets), lte(outboxMessages.secretsExpireAt, options.now ?? new Date()));
  const rows = await db
    .update(outboxMessages)
    .set({ secrets: null, secretsExpireAt: null })
    .where(condition)
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/* ───────────────────────── The jobs ───────────────────────── */

const ZMessageJobPayload = z.object({ messageId: z.number().int() });

/**
 * How many times a failed delivery is retried (pg-boss `retryLimit`, with exponential backoff):
 * a message has at most `DELIVERY_RETRY_LIMIT + 1` attempts, the last failed one marks it failed.
 */
export const DELIVERY_RETRY_LIMIT = 8;

/**
 * Hands one stored message to its channel's transport and records the outcome (idempotent).
 *
 * Every attempt is counted before the transport is called, in the statement that also checks
 * that the message still waits ('queued'): an attempt cut short by a crash is counted as pg-boss
 * counts it, so `attempts` and the job's retry count agree and the last attempt knows it is the
 * last. Outcomes: accepted → 'sent' (with the provider's id); a permanent refusal → 'failed' at
 * once, no retry; any other failure → retried, and on the last attempt → 'failed'. A message
 * that is no longer 'queued' is never handed to a transport again.
 */
export const deliverMessageJob = defineJob({
  name: 'messaging.deliver',
  version: 1,
  payload: ZMessageJobPayload,
  retryLimit: DELIVERY_RETRY_LIMIT,
  async handler({ messageId }, { db, messaging, log }) {
    const [message] = await db
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1` })
      .where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.status, 'queued')))
      .returning();
    // Already sent or failed by an earlier attempt: at-least-once jobs must not send twice.
    if (!message) return;
    const transport = messaging.transports[message.channel];
    let receipt: DeliveryReceipt | undefined;
    try {
      receipt = await transport.deliver(message, renderMessage(message));
    } catch (error) {
      const permanent = error instanceof PermanentDeliveryError;
      const last = permanent || message.attempts > DELIVERY_RETRY_LIMIT;
      const reason = describeDeliveryError(error);
      await db
        .update(outboxMessages)
        .set({
          lastError: reason,
          // Given up: nobody will deliver it any more, so its secrets go too.
          ...(last ? { status: 'failed' as const, failedAt: new Date(), secrets: null, secretsExpireAt: null } : {}),
        })
        .where(eq(outboxMessages.id, messageId));
      const where = { messageId, channel: message.channel, attempt: message.attempts, reason };
      if (permanent) {
        // Failed for good and recorded: the job itself is done (no retry).
        log.warn(where, 'message refused by the provider: marked failed');
        return;
      }
      if (last) log.warn(where, 'message not delivered after its last attempt: marked failed');
      // The job fails (and pg-boss retries it unless this was the last attempt); the error
      // names the attempt, never the address.
      throw new Error(`message ${messageId} not delivered (attempt ${message.attempts}): ${reason}`);
    }
    // Handed to a real provider: the portal's copy keeps no secret from now on.
    const forget = transport.isMailbox ? {} : { secrets: null, secretsExpireAt: null };
    await db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: new Date(),
        lastError: null,
        providerMessageId: receipt?.providerMessageId ?? null,
        ...forget,
      })
      .where(eq(outboxMessages.id, messageId));
  },
});

/** Runs when the secrets of a message expire: undelivered or kept in the mailbox, they go. */
export const redactMessageJob = defineJob({
  name: 'messaging.redact',
  version: 1,
  payload: ZMessageJobPayload,
  retryLimit: 8,
  async handler({ messageId }, { db }) {
    await redactSecrets(db, { messageId });
  },
});

/** The messaging jobs, for the registry (src/jobs.ts). */
export const messagingJobs = [deliverMessageJob, redactMessageJob] as const;

/**
 * E-mail and SMS go out through the outbox: the message row and its delivery job are written
 * in the caller's transaction, a job hands it to the transport. The body is stored without
 * its secrets; they sit apart in `secrets` only until the message is delivered (or, with the
 * built-in mailbox transport, until they expire), then a placeholder reads in their place.
 */
export class Messaging {
  constructor(
    private readonly jobs: JobQueue,
    /** One transport per channel, used by the delivery job. */
    readonly transports: { email: MessageTransport; sms: MessageTransport },
  ) {}

  async sendEmail(executor: Db, email: OutgoingEmail, secrets?: MessageSecrets): Promise<number> {
    return this.store(
      executor,
      { channel: 'email', to: email.to.toLowerCase(), subject: email.subject, text: email.text, html: email.html ?? null },
      secrets,
      email,
    );
  }

  async sendSms(executor: Db, sms: OutgoingSms, secrets?: MessageSecrets): Promise<number> {
    return this.store(executor, { channel: 'sms', to: sms.to, subject: null, text: sms.text, html: null }, secrets, sms);
  }

  private async store(
    executor: Db,
    message: { channel: 'email' | 'sms'; to: string; subject: string | null; text: string; html: string | null },
    secrets: MessageSecrets | undefined,
    origin: MessageOrigin,
  ): Promise<number> {
    const values = secrets?.values ?? [];
    const body = extractSecrets(message, values);
    const [inserted] = await executor
      .insert(outboxMessages)
      .values({
        ...message,
        ...body,
        eventType: origin.eventType ?? null,
        userId: origin.userId ?? null,
        secrets: values.length > 0 ? values : null,
        secretsExpireAt: values.length > 0 ? (secrets?.expiresAt ?? null) : null,
      })
      .returning({ id: outboxMessages.id });
    await this.jobs.enqueue(executor, deliverMessageJob, { messageId: inserted.id });
    if (values.length > 0 && secrets)
      await this.jobs.enqueue(executor, redactMessageJob, { messageId: inserted.id }, { startAfter: secrets.expiresAt });
    return inserted.id;
  }
}
