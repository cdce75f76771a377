import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { outboxMessages } from '../db/schema/index.js';
import type { Db } from './db.js';
import { defineJob, type JobQueue } from './jobs.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutgoingSms {
  to: string;
  text: string;
}

/** A transport delivers one stored message; it throws to have the job retried. */
export interface MessageTransport {
  deliver(message: typeof outboxMessages.$inferSelect): Promise<void>;
}

/**
 * The built-in transport: messages stay in the outbox table, readable at /api/dev/outbox.
 * Delivering means accepting them for good, as a provider would.
 */
export const outboxTransport: MessageTransport = {
  async deliver() {},
};

export function smtpTransport(smtpUrl: string, from: string): MessageTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(message) {
      if (message.channel !== 'email') return;
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        html: message.html ?? undefined,
      });
    },
  };
}

/**
 * E-mail and SMS go out through the outbox: the message row and its delivery job are written
 * in the caller's transaction, a job hands it to the transport.
 */
export class Messaging {
  readonly deliverJob;

  constructor(
    private readonly jobs: JobQueue,
    transports: { email: MessageTransport; sms: MessageTransport },
  ) {
    this.deliverJob = defineJob({
      name: 'messaging.deliver',
      payload: z.object({ messageId: z.number().int() }),
      retryLimit: 8,
      async handler({ messageId }, { db }) {
        const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
        // Already delivered by an earlier attempt: at-least-once delivery must not send twice.
        if (!message || message.status === 'sent') return;
        try {
          await (message.channel === 'email' ? transports.email : transports.sms).deliver(message);
        } catch (error) {
          await db
            .update(outboxMessages)
            .set({ attempts: sql`${outboxMessages.attempts} + 1`, lastError: (error as Error).message })
            .where(eq(outboxMessages.id, messageId));
          throw error;
        }
        await db
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxMessages.attempts} + 1`, lastError: null })
          .where(eq(outboxMessages.id, messageId));
      },
    });
    jobs.register(this.deliverJob);
  }

  async sendEmail(executor: Db, email: OutgoingEmail): Promise<number> {
    return this.store(executor, {
      channel: 'email',
      to: email.to.toLowerCase(),
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
    });
  }

  async sendSms(executor: Db, sms: OutgoingSms): Promise<number> {
    return this.store(executor, { channel: 'sms', to: sms.to, subject: null, text: sms.text, html: null });
  }

  private async store(executor: Db, row: typeof outboxMessages.$inferInsert): Promise<number> {
    const [inserted] = await executor.insert(outboxMessages).values(row).returning({ id: outboxMessages.id });
    await this.jobs.enqueue(executor, this.deliverJob, { messageId: inserted.id });
    return inserted.id;
  }
}
