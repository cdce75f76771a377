import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { organisations, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import type { TestApp } from './test-app.js';

/** Helpers shared by the administration tests (not a test file itself). */

export const DEMO = {
  citizen: 'citizen@demo.ghiseu.ro',
  foreigner: 'foreigner@demo.ghiseu.ro',
  company: 'company@demo.ghiseu.ro',
  office: 'office@demo.ghiseu.ro',
  staff: 'staff@demo.ghiseu.ro',
  admin: 'admin@demo.ghiseu.ro',
  superadmin: 'superadmin@demo.ghiseu.ro',
  archiver: 'archiver@demo.ghiseu.ro',
  consultant: 'consultant@demo.ghiseu.ro',
} as const;

export const OTHER_PASSWORD = 'Altă!Parolă2026';

/** SIRUTA codes of the demo territory and of a UAT outside it. */
export const MURES_COUNTY = 261;
export const TARGU_MURES = 114319;
export const SIGHISOARA = 114514;
export const REGHIN = 114809;
export const CLUJ_NAPOCA = 54975;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call as `who` (a demo e-mail, a bearer token object, or nobody). */
export async function call(
  t: TestApp,
  method: Method,
  url: string,
  who?: string | Record<string, string>,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const headers = { ...(typeof who === 'string' ? await t.authHeaders(who) : (who ?? {})), ...extraHeaders };
  const options: InjectOptions = { method, url, headers };
  if (payload !== undefined) {
    options.payload = payload as InjectOptions['payload'];
    if (method === 'PATCH' && typeof payload === 'object') headers['content-type'] ??= 'application/merge-patch+json';
  }
  return t.app.inject(options);
}

export async function userId(t: TestApp, email: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row.id;
}

export async function organisationIdByName(t: TestApp, name: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, name));
  return row.id;
}

export const countyCouncilId = (t: TestApp) => organisationIdByName(t, 'Consiliul Județean Mureș');

/** The newest e-mail sent to an address, from the development outbox. */
export async function lastMail(t: TestApp, to: string): Promise<{ subject: string | null; text: string } | undefined> {
  const response = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json().data[0];
}

export function confirmationKeyOf(text: string): string {
  const match = /confirmationKey=([^\s&]+)/.exec(text);
  if (!match) throw new Error(`no confirmation key in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** What the set-password page will do: a password, confirmed contact data, active status. */
export async function activateWithPassword(t: TestApp, id: number, password = OTHER_PASSWORD): Promise<void> {
  await t.ctx.db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      status: 'active',
      emailConfirmedAt: new Date(),
      phoneConfirmedAt: new Date(),
      passwordChangedAt: new Date(),
      profileCompleted: true,
    })
    .where(eq(users.id, id));
}

/** Invites a staff member of the actor's organisation and returns its id. */
export async function inviteStaff(
  t: TestApp,
  as: string | Record<string, string>,
  body: Record<string, unknown> = {},
): Promise<number> {
  const response = await call(t, 'POST', '/api/staff-accounts', as, {
    email: `functionar.${Math.random().toString(36).slice(2, 10)}@example.ro`,
    first_name: 'Dan',
    last_name: 'Mureșan',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`invite: ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}
