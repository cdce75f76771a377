import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import type { TestApp } from './test-app.js';

/**
 * Helpers shared by the accounts tests: requests from distinct client addresses (so the
 * per-route rate limits only trip where a test wants them to), the outbox, and throwaway users.
 */

export const STRONG_PASSWORD = 'Sigur!Parola2026';

let nextAddress = 1;
/** A fresh client address per request: the rate limits count per address. */
export function freshAddress(): string {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
}

export function accountsTestKit(t: () => TestApp) {
  const request = (options: InjectOptions) => t().app.inject({ remoteAddress: freshAddress(), ...options });

  /** Messages to an address or phone, newest first. */
  const outbox = async (to: string): Promise<OutboxMessage[]> => {
    const response = await t().app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  /** The confirmation key of the newest e-mailed link to `to` that leads to `page`. */
  const linkKey = async (to: string, page: string): Promise<string> => {
    const message = (await outbox(to)).find((m) => m.channel === 'email' && m.text.includes(page));
    expect(message, `no e-mail to ${to} with a ${page} link`).toBeDefined();
    const match = new RegExp(`${page.replace(/\//g, '\\/')}\\?confirmationKey=([\\w-]+)`).exec(message?.text ?? '');
    expect(match).not.toBeNull();
    return match?.[1] ?? '';
  };

  /** The code of the newest SMS to `phone`. */
  const smsCode = async (phone: string): Promise<string> => {
    const sms = (await outbox(phone)).find((m) => m.channel === 'sms');
    const match = /\b(\d{6})\b/.exec(sms?.text ?? '');
    expect(match, `no SMS code to ${phone}`).not.toBeNull();
    return match?.[1] ?? '';
  };

  /** A confirmed, active account with a known password (and overrides), for tests that must not touch demo users. */
  const createUser = async (email: string, overrides: Partial<typeof users.$inferInsert> = {}) => {
    const [row] = await t()
      .ctx.db.insert(users)
      .values({
        email,
        passwordHash: await hashPassword(STRONG_PASSWORD),
        firstName: 'Test',
        lastName: 'Utilizator',
        phone: '0722999999',
        emailConfirmedAt: new Date(),
        phoneConfirmedAt: new Date(),
        passwordChangedAt: new Date(),
        ...overrides,
      })
      .returning();
    return row;
  };

  const userByEmail = async (email: string) => {
    const [row] = await t().ctx.db.select().from(users).where(eq(users.email, email));
    return row;
  };

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return { request, outbox, linkKey, smsCode, createUser, userByEmail, bearer };
}

/** E-mail and SMS texts: comma-below ș ț only, never the cedilla forms; and never a password. */
export function expectCleanMessages(messages: OutboxMessage[], secrets: string[]): void {
  for (const message of messages) {
    const text = `${message.subject ?? ''}\n${message.text}\n${message.html ?? ''}`;
    expect(text).not.toMatch(/[şţŞŢ]/);
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}
