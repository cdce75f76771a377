import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFiles, auditLog, outboxMessages, publicPhoneBlocks, publicStatusCodes } from '../../db/schema/index.js';
import { renderMessage } from '../../platform/messaging.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { organisationIdByName } from '../../../test/administration-kit.js';
import {
  call,
  createDraft,
  createFilingFixture,
  DEMO,
  type FilingFixture,
  individual,
  TARGU_MURES,
  uploadFile,
} from '../../../test/applications-kit.js';

/**
 * The public status page's API (spec §2 `/qr/:id`, §5, §7, §8 'Public SMS check', §9): codes by
 * SMS to the applicant's or a beneficiary's phone, 5 wrong codes block the phone for 5 minutes,
 * the access token opens one application only, nothing about the application before the code;
 * the QR code, the files staff publish, the registration receipt.
 */

let t: TestApp;
let fixture: FilingFixture;
let cityHallFixture: FilingFixture;
const CITIZEN_PHONE = '0740123456';
const COMPANY_PHONE = '0740123458';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ghiseu-qr-'));

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createFilingFixture(t, { remainingPeriod: 30 });
  cityHallFixture = await createFilingFixture(t, {
    organisationId: await organisationIdByName(t, 'Primăria Municipiului Târgu Mureș'),
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/* ───────────────────────────── Helpers ───────────────────────────── */

let visitors = 0;
/** A fresh client address, so the per-address rate limits only matter where a test wants them. */
const nextIp = () => `10.20.${Math.floor(visitors / 250)}.${(visitors++ % 250) + 1}`;

async function visitor(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: options.headers,
    remoteAddress: options.ip ?? nextIp(),
  });
}

const requestCode = (id: number, phone: string, ip?: string) => visitor('POST', `/api/qr/${id}/request-code`, { phone }, { ip });
const verifyCode = (id: number, phone: string, code: string, ip?: string) =>
  visitor('POST', `/api/qr/${id}/verify-code`, { phone, code }, { ip });
const status = (id: number, token?: string) =>
  visitor('GET', `/api/qr/${id}/status`, undefined, { headers: token ? { 'x-public-status-token': token } : {} });

interface Submitted {
  id: number;
  number: string;
  typeName: string;
  planFileId: number;
}

/**
 * A submitted application of the citizen: the site plan attached, one beneficiary (with
 * `beneficiaryPhone` when given), one real estate in Târgu Mureș.
 */
async function submitted(
  n: number,
  options: { beneficiaryPhone?: string; fixture?: FilingFixture; who?: string } = {},
): Promise<Submitted> {
  const who = options.who ?? DEMO.citizen;
  const id = await createDraft(t, who, (options.fixture ?? fixture).typeId);
  const planFileId = await uploadFile(t, who, 'plan-situatie.pdf');
  const steps = [
    await call(t, 'PATCH', `/api/applications/${id}`, who, {
      form: { denumire_lucrare: 'Locuință P+1', tip_lucrare: 'construire', suprafata_construita: 120.5 },
    }),
    await call(t, 'POST', `/api/applications/${id}/files`, who, { file_id: planFileId, category: 'plan_situatie' }),
    await call(
      t,
      'POST',
      `/api/applications/${id}/beneficiaries`,
      who,
      individual(n, { first_name: 'Ștefan', ...(options.beneficiaryPhone ? { phone: options.beneficiaryPhone } : {}) }),
    ),
    await call(t, 'POST', `/api/applications/${id}/real-estates`, who, {
      cadastral_number: String(300000 + n),
      uat_id: TARGU_MURES,
      type: 'land',
      area: 512.5,
    }),
  ];
  for (const step of steps) if (step.statusCode >= 300) throw new Error(`complete: ${step.statusCode} ${step.body}`);
  const sent = await call(t, 'PUT', `/api/applications/${id}/send`, who);
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
  const data = sent.json().data;
  return { id, number: data.identification_number, typeName: data.type.name, planFileId };
}

/** The code of the newest SMS to `phone` (the development outbox). */
async function lastCode(phone: string): Promise<string> {
  const [sms] = await t.ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.to, phone)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const match = /\b(\d{6})\b/.exec(sms ? renderMessage(sms).text : '');
  if (!match) throw new Error(`no code sent to ${phone}`);
  return match[1];
}

const smsCount = async (phone: string) =>
  (await t.ctx.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.to, phone))).length;

/** Ages every code of the application, as if `seconds` had passed since it was sent. */
async function ageCodes(id: number, seconds = 60): Promise<void> {
  await t.ctx.db
    .update(publicStatusCodes)
    .set({ createdAt: sql`${publicStatusCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(publicStatusCodes.applicationId, id));
}

/** A code for the pair, resend cooldown already passed. */
async function freshCode(id: number, phone: string): Promise<string> {
  await ageCodes(id);
  const response = await requestCode(id, phone);
  if (response.statusCode !== 200) throw new Error(`request-code: ${response.statusCode} ${response.body}`);
  return lastCode(phone);
}

/** A right code, checked: the page's access token. */
async function accessToken(id: number, phone: string): Promise<string> {
  const code = await freshCode(id, phone);
  const response = await verifyCode(id, phone, code);
  if (response.statusCode !== 200) throw new Error(`verify-code: ${response.statusCode} ${response.body}`);
  return response.json().data.token;
}

/** A six-digit code that is not `code`. */
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function clearBlock(phone: string): Promise<void> {
  await t.ctx.db.delete(publicPhoneBlocks).where(eq(publicPhoneBlocks.phone, phone));
}

/** Every value a visitor must not learn before the code. */
function secretsOf(application: Submitted): string[] {
  return [
    application.number,
    application.typeName,
    'Ioana',
    'Popescu',
    'Ștefan',
    'Consiliul',
    'plan-situatie',
    'Nouă',
    'NEW',
    String(300000),
    'Târgu',
    'application_date',
    'identification_number',
    'status',
  ];
}

/** The shapes an answer before the code may have: a catalogue code and a few counters. */
function expectNoApplicationData(body: string, application: Submitted): void {
  for (const secret of secretsOf(application)) expect(body, `«${secret}» in ${body}`).not.toContain(secret);
  const parsed = JSON.parse(body) as { message?: string; data?: Record<string, unknown> };
  const allowedTop = new Set(['message', 'data']);
  for (const key of Object.keys(parsed)) expect(allowedTop.has(key), body).toBe(true);
  const allowedData = new Set([
    'minutes',
    'remaining_attempts',
    'retry_after_seconds',
    'fields',
    'expires_in',
    'resend_after',
    'token',
  ]);
  for (const key of Object.keys(parsed.data ?? {})) expect(allowedData.has(key), body).toBe(true);
}

function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

function pdfImages(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('/usr/bin/pdfimages', ['-list', file], { encoding: 'utf8' });
}

/* ───────────────────────────── Request a code ───────────────────────────── */

describe('POST /qr/{id}/request-code', () => {
  it('sends a 6-digit code to the applicant’s phone, stored salted, answering only its timings', async () => {
    const application = await submitted(1);
    const response = await requestCode(application.id, CITIZEN_PHONE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { expires_in: 600, resend_after: 30 } });

    const code = await lastCode(CITIZEN_PHONE);
    const [sms] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, CITIZEN_PHONE))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(renderMessage(sms).text).toContain(`este ${code}. Este valabil 10 minute`);
    // At rest the body names a slot; the code itself sits apart until it expires.
    expect(sms.text).not.toContain(code);
    expect(sms.secrets).toEqual([code]);

    const [stored] = await t.ctx.db.select().from(publicStatusCodes).where(eq(publicStatusCodes.applicationId, application.id));
    expect(stored.phone).toBe(CITIZEN_PHONE);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{24}\$[0-9a-f]{64}$/);
    expect(stored.codeHash).not.toContain(code);
    const lifetime = stored.expiresAt.getTime() - stored.createdAt.getTime();
    expect(lifetime).toBe(10 * 60_000);

    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'public_status.code_sent'), eq(auditLog.entityId, String(application.id))));
    expect(entry.after).toEqual({ phone: CITIZEN_PHONE });
    expect(JSON.stringify(entry)).not.toContain(code);
  });

  it('accepts a beneficiary’s phone, typed in any usual form', async () => {
    const application = await submitted(2, { beneficiaryPhone: '0722111222' });
    const response = await requestCode(application.id, '+40 722 111 222');
    expect(response.statusCode).toBe(200);
    expect(await lastCode('0722111222')).toMatch(/^\d{6}$/);
  });

  it('refuses a phone that is neither the applicant’s nor a beneficiary’s, saying nothing else', async () => {
    const application = await submitted(3, { beneficiaryPhone: '0722111333' });
    const before = await smsCount(COMPANY_PHONE);
    const response = await requestCode(application.id, COMPANY_PHONE);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'PUBLIC_PHONE_NOT_ALLOWED' });
    expect(await smsCount(COMPANY_PHONE)).toBe(before);
  });

  it('answers a draft exactly like a missing application', async () => {
    const draft = await createDraft(t, DEMO.citizen, fixture.typeId);
    const forDraft = await requestCode(draft, CITIZEN_PHONE);
    const missing = await requestCode(999_999, CITIZEN_PHONE);
    expect(forDraft.statusCode).toBe(404);
    expect(forDraft.json()).toEqual({ message: 'NOT_FOUND' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(forDraft.body);
  });

  it('requires a valid Romanian phone', async () => {
    const application = await submitted(4);
    for (const phone of ['', '12345', '0040 1234', '07401234567']) {
      const response = await requestCode(application.id, phone);
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().message).toBe('VALIDATION_ERROR');
      expect(response.json().data.fields[0].path).toBe('body.phone');
    }
    expect((await visitor('POST', `/api/qr/${application.id}/request-code`, {})).json().message).toBe('VALIDATION_ERROR');
  });

  it('sends a new code only after 30 seconds, and then only the newest code works', async () => {
    const application = await submitted(5);
    await requestCode(application.id, CITIZEN_PHONE);
    const first = await lastCode(CITIZEN_PHONE);
    const early = await requestCode(application.id, CITIZEN_PHONE);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('RATE_LIMITED');
    expect(early.json().data.retry_after_seconds).toBeGreaterThan(0);
    expect(early.json().data.retry_after_seconds).toBeLessThanOrEqual(30);

    const second = await freshCode(application.id, CITIZEN_PHONE);
    if (first !== second) {
      expect((await verifyCode(application.id, CITIZEN_PHONE, first)).json().message).toBe('PUBLIC_CODE_INVALID');
    }
    expect((await verifyCode(application.id, CITIZEN_PHONE, second)).statusCode).toBe(200);
    await clearBlock(CITIZEN_PHONE);
  });

  it('limits code requests per address (10 a minute)', async () => {
    const application = await submitted(6);
    const ip = '10.99.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await requestCode(application.id, COMPANY_PHONE, ip)).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers[10]).toBe(429);
    const limited = await requestCode(application.id, COMPANY_PHONE, ip);
    expect(limited.json()).toEqual({ message: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await requestCode(application.id, COMPANY_PHONE)).statusCode).toBe(400);
  });
});

/* ───────────────────────────── Verify the code ───────────────────────────── */

describe('POST /qr/{id}/verify-code', () => {
  it('gives a 30-minute access token for the right code, used up once checked', async () => {
    const application = await submitted(10);
    const code = await freshCode(application.id, CITIZEN_PHONE);
    const response = await verifyCode(application.id, CITIZEN_PHONE, code);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.expires_in).toBe(1800);
    const payload = t.ctx.signer.verify<{ kind: string; applicationId: number; phone: string; exp: number }>(
      response.json().data.token,
    );
    expect(payload).toMatchObject({ kind: 'public-status', applicationId: application.id, phone: CITIZEN_PHONE });
    expect(payload?.exp).toBeGreaterThan(Date.now() / 1000 + 1790);

    const again = await verifyCode(application.id, CITIZEN_PHONE, code);
    expect(again.json()).toEqual({ message: 'PUBLIC_CODE_INVALID', data: { remaining_attempts: 4 } });
    await clearBlock(CITIZEN_PHONE);
  });

  it('counts wrong codes per application and phone, blocks the fifth for 5 minutes, and the block lifts after them', async () => {
    const application = await submitted(11);
    const code = await freshCode(application.id, CITIZEN_PHONE);
    const wrong = wrongCodeFor(code);
    for (const remaining of [4, 3, 2, 1]) {
      const response = await verifyCode(application.id, CITIZEN_PHONE, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'PUBLIC_CODE_INVALID', data: { remaining_attempts: remaining } });
    }
    const fifth = await verifyCode(application.id, CITIZEN_PHONE, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: 'PUBLIC_PHONE_BLOCKED', data: { minutes: 5 } });

    // Blocked: even the right code, and no new code either.
    expect((await verifyCode(application.id, CITIZEN_PHONE, code)).json()).toEqual({
      message: 'PUBLIC_PHONE_BLOCKED',
      data: { minutes: 5 },
    });
    const sms = await smsCount(CITIZEN_PHONE);
    const refused = await requestCode(application.id, CITIZEN_PHONE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('PUBLIC_PHONE_BLOCKED');
    expect(await smsCount(CITIZEN_PHONE)).toBe(sms);

    // Two minutes later: three minutes left.
    await t.ctx.db
      .update(publicPhoneBlocks)
      .set({ blockedUntil: new Date(Date.now() + 3 * 60_000 - 5_000) })
      .where(eq(publicPhoneBlocks.phone, CITIZEN_PHONE));
    expect((await requestCode(application.id, CITIZEN_PHONE)).json()).toEqual({
      message: 'PUBLIC_PHONE_BLOCKED',
      data: { minutes: 3 },
    });

    // Five minutes later the block has lifted: the old code still works (10 minutes) and a new count starts.
    await t.ctx.db
      .update(publicPhoneBlocks)
      .set({ blockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(publicPhoneBlocks.phone, CITIZEN_PHONE));
    expect((await verifyCode(application.id, CITIZEN_PHONE, wrong)).json()).toEqual({
      message: 'PUBLIC_CODE_INVALID',
      data: { remaining_attempts: 4 },
    });
    expect((await verifyCode(application.id, CITIZEN_PHONE, code)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(publicPhoneBlocks).where(eq(publicPhoneBlocks.phone, CITIZEN_PHONE));
    expect(row).toMatchObject({ wrongCodes: 0, blockedUntil: null });

    const actions = (
      await t.ctx.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, String(application.id)))
    ).map((r) => r.action);
    expect(actions.filter((a) => a === 'public_status.code_failed')).toHaveLength(5);
    expect(actions).toContain('public_status.phone_blocked');
    expect(actions).toContain('public_status.code_verified');
  });

  it('blocks the phone only on the application guessed at, so nobody can lock a phone out everywhere', async () => {
    const first = await submitted(12);
    const second = await submitted(13);
    const code = await freshCode(first.id, CITIZEN_PHONE);
    for (let i = 0; i < 5; i++) await verifyCode(first.id, CITIZEN_PHONE, wrongCodeFor(code));
    expect((await requestCode(first.id, CITIZEN_PHONE)).json()).toEqual({
      message: 'PUBLIC_PHONE_BLOCKED',
      data: { minutes: 5 },
    });
    // The owner's other application still sends and accepts codes.
    const elsewhere = await freshCode(second.id, CITIZEN_PHONE);
    expect((await verifyCode(second.id, CITIZEN_PHONE, elsewhere)).statusCode).toBe(200);
    await clearBlock(CITIZEN_PHONE);
  });

  it('counts parallel guesses one by one', async () => {
    const application = await submitted(14);
    const code = await freshCode(application.id, CITIZEN_PHONE);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => verifyCode(application.id, CITIZEN_PHONE, wrongCodeFor(code))),
    );
    const messages = answers.map((a) => a.json().message);
    expect(messages.filter((m) => m === 'PUBLIC_CODE_INVALID')).toHaveLength(4);
    expect(messages.filter((m) => m === 'PUBLIC_PHONE_BLOCKED')).toHaveLength(3);
    const remaining = answers.map((a) => a.json().data?.remaining_attempts).filter((r) => r !== undefined);
    expect(remaining.sort()).toEqual([1, 2, 3, 4]);
    await clearBlock(CITIZEN_PHONE);
  });

  it('says an expired code expired, without counting it', async () => {
    const application = await submitted(15);
    const code = await freshCode(application.id, CITIZEN_PHONE);
    await t.ctx.db
      .update(publicStatusCodes)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(publicStatusCodes.applicationId, application.id));
    for (let i = 0; i < 6; i++) {
      const response = await verifyCode(application.id, CITIZEN_PHONE, i === 0 ? code : wrongCodeFor(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'PUBLIC_CODE_EXPIRED' });
    }
    const fresh = await freshCode(application.id, CITIZEN_PHONE);
    expect((await verifyCode(application.id, CITIZEN_PHONE, wrongCodeFor(fresh))).json().data).toEqual({ remaining_attempts: 4 });
    await clearBlock(CITIZEN_PHONE);
  });

  it('counts a guess for a phone that asked for no code', async () => {
    const application = await submitted(16, { beneficiaryPhone: '0722111666' });
    expect((await verifyCode(application.id, '0722111666', '123456')).json()).toEqual({
      message: 'PUBLIC_CODE_INVALID',
      data: { remaining_attempts: 4 },
    });
  });

  it('answers NOT_FOUND for a draft or a missing application, and checks the code format', async () => {
    const draft = await createDraft(t, DEMO.citizen, fixture.typeId);
    expect((await verifyCode(draft, CITIZEN_PHONE, '123456')).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await verifyCode(999_999, CITIZEN_PHONE, '123456')).json()).toEqual({ message: 'NOT_FOUND' });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await verifyCode(draft, CITIZEN_PHONE, code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().data.fields[0].path).toBe('body.code');
    }
  });
});

/* ───────────────────────────── The page ───────────────────────────── */

describe('GET /qr/{id}/status', () => {
  it('shows the status, the dates and the public documents, each with a download link', async () => {
    const application = await submitted(20);
    const publicFile = await uploadFile(t, DEMO.staff, 'autorizatie-semnata.pdf');
    await t.ctx.db
      .insert(applicationFiles)
      .values([{ applicationId: application.id, fileId: publicFile, fileType: 'output', status: 'signed', isPublic: true }]);
    const identityFile = await uploadFile(t, DEMO.staff, 'buletin.pdf');
    const previewFile = await uploadFile(t, DEMO.staff, 'previzualizare.pdf');
    await t.ctx.db.insert(applicationFiles).values([
      { applicationId: application.id, fileId: identityFile, isPublic: true, isIdentification: true },
      { applicationId: application.id, fileId: previewFile, fileType: 'output', isPublic: true, isPreview: true },
    ]);

    const token = await accessToken(application.id, CITIZEN_PHONE);
    const response = await status(application.id, token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: application.id,
      identification_number: application.number,
      status: 'NEW',
      status_label: 'Nouă',
      application_type_name: application.typeName,
      organisation_name: 'Consiliul Județean Mureș',
      download_expires_in: 300,
    });
    expect(Date.parse(data.application_date)).toBeGreaterThan(Date.now() - 600_000);
    expect(data.response_due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const due = Date.parse(`${data.response_due_date}T12:00:00Z`) - Date.now();
    expect(Math.round(due / 86_400_000)).toBeGreaterThanOrEqual(29);
    expect(Math.round(due / 86_400_000)).toBeLessThanOrEqual(31);

    // The signed act only: not the applicant's plan, not the identity card, not the preview.
    expect(data.documents).toHaveLength(1);
    expect(data.documents[0]).toMatchObject({
      file_id: publicFile,
      name: 'autorizatie-semnata.pdf',
      mime_type: 'application/pdf',
    });
    const download = await t.app.inject({ method: 'GET', url: data.documents[0].url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The token may also travel in the query.
    expect((await visitor('GET', `/api/qr/${application.id}/status?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
  });

  it('shows an empty list when nothing is public', async () => {
    const application = await submitted(21);
    const token = await accessToken(application.id, CITIZEN_PHONE);
    expect((await status(application.id, token)).json().data.documents).toEqual([]);
  });

  it('opens only the application the token was given for', async () => {
    const a = await submitted(22);
    const b = await submitted(23);
    const token = await accessToken(a.id, CITIZEN_PHONE);
    const other = await status(b.id, token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'DOWNLOAD_TOKEN_INVALID' });
    expect((await status(a.id, token)).statusCode).toBe(200);
  });

  it('refuses a missing, forged, expired or foreign token with 403 DOWNLOAD_TOKEN_INVALID', async () => {
    const application = await submitted(24);
    const expired = t.ctx.signer.sign(
      { kind: 'public-status', applicationId: application.id, phone: CITIZEN_PHONE },
      1800,
      Date.now() - 3_600_000,
    );
    const downloadToken = t.ctx.signer.sign({ kind: 'download', fileId: application.planFileId }, 300);
    const strangerPhone = t.ctx.signer.sign({ kind: 'public-status', applicationId: application.id, phone: COMPANY_PHONE }, 1800);
    for (const token of [undefined, 'garbage', `${expired}`, downloadToken, strangerPhone, `${expired.split('.')[0]}.forged`]) {
      const response = await status(application.id, token);
      expect(response.statusCode, String(token)).toBe(403);
      expect(response.json()).toEqual({ message: 'DOWNLOAD_TOKEN_INVALID' });
      expectNoApplicationData(response.body, application);
    }
  });
});

/* ───────────────────────────── Nothing before the code ───────────────────────────── */

describe('before the code', () => {
  it('no answer carries anything about the application', async () => {
    const application = await submitted(30, { beneficiaryPhone: '0722111777' });
    const draft = await createDraft(t, DEMO.citizen, fixture.typeId);
    const bodies: string[] = [];
    const keep = async (response: Promise<{ body: string }>) => bodies.push((await response).body);

    await keep(requestCode(application.id, CITIZEN_PHONE)); // success
    await keep(requestCode(application.id, CITIZEN_PHONE)); // too soon
    await keep(requestCode(application.id, COMPANY_PHONE)); // not allowed
    await keep(requestCode(application.id, '12')); // invalid
    await keep(requestCode(draft, CITIZEN_PHONE)); // draft
    await keep(requestCode(999_999, CITIZEN_PHONE)); // missing
    const code = await lastCode(CITIZEN_PHONE);
    for (let i = 0; i < 5; i++) await keep(verifyCode(application.id, CITIZEN_PHONE, wrongCodeFor(code))); // wrong, blocked
    await keep(requestCode(application.id, CITIZEN_PHONE)); // blocked
    await keep(verifyCode(application.id, CITIZEN_PHONE, code)); // blocked
    await clearBlock(CITIZEN_PHONE);
    await ageCodes(application.id);
    await keep(requestCode(application.id, '0722111777'));
    await t.ctx.db
      .update(publicStatusCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publicStatusCodes.applicationId, application.id));
    await keep(verifyCode(application.id, '0722111777', await lastCode('0722111777'))); // expired
    await keep(verifyCode(draft, CITIZEN_PHONE, '123456')); // draft
    await keep(verifyCode(application.id, CITIZEN_PHONE, 'x')); // invalid
    await keep(status(application.id)); // no token

    expect(bodies).toHaveLength(18);
    for (const body of bodies) expectNoApplicationData(body, application);
    const messages = bodies.map((b) => JSON.parse(b).message ?? 'ok');
    expect(new Set(messages)).toEqual(
      new Set([
        'ok',
        'RATE_LIMITED',
        'PUBLIC_PHONE_NOT_ALLOWED',
        'VALIDATION_ERROR',
        'NOT_FOUND',
        'PUBLIC_CODE_INVALID',
        'PUBLIC_PHONE_BLOCKED',
        'PUBLIC_CODE_EXPIRED',
        'DOWNLOAD_TOKEN_INVALID',
      ]),
    );
  });
});

/* ───────────────────────────── QR code ───────────────────────────── */

describe('POST /qr/generate', () => {
  it('gives the applicant and the organisation’s staff the page address and its QR code', async () => {
    const application = await submitted(40);
    for (const who of [DEMO.citizen, DEMO.staff]) {
      const response = await call(t, 'POST', '/api/qr/generate', who, { application_id: application.id });
      expect(response.statusCode, who).toBe(200);
      const { url, image } = response.json().data;
      expect(url).toBe(`${t.ctx.config.publicUrl}/qr/${application.id}`);
      expect(image).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(image.split(',')[1], 'base64');
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });

  it('refuses drafts, other people’s applications and anonymous callers', async () => {
    const application = await submitted(41);
    const draft = await createDraft(t, DEMO.citizen, fixture.typeId);
    expect((await call(t, 'POST', '/api/qr/generate', DEMO.citizen, { application_id: draft })).json()).toEqual({
      message: 'APPLICATION_NOT_SUBMITTED',
    });
    expect((await call(t, 'POST', '/api/qr/generate', DEMO.company, { application_id: application.id })).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/qr/generate', DEMO.staff, { application_id: draft })).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/qr/generate', undefined, { application_id: application.id })).json()).toEqual({
      message: 'AUTH_REQUIRED',
    });
  });
});

/* ───────────────────────────── Public files ───────────────────────────── */

describe('POST /qr/upload-files', () => {
  it('lets the organisation’s staff publish attached files on the page and withdraw them', async () => {
    const application = await submitted(50);
    const published = await call(t, 'POST', '/api/qr/upload-files', DEMO.staff, {
      application_id: application.id,
      file_ids: [application.planFileId],
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ data: { application_id: application.id, public_file_ids: [application.planFileId] } });

    const token = await accessToken(application.id, CITIZEN_PHONE);
    const page = (await status(application.id, token)).json().data;
    expect(page.documents.map((d: { file_id: number }) => d.file_id)).toEqual([application.planFileId]);

    const withdrawn = await call(t, 'POST', '/api/qr/upload-files', DEMO.staff, {
      application_id: application.id,
      file_ids: [application.planFileId],
      is_public: false,
    });
    expect(withdrawn.json().data.public_file_ids).toEqual([]);
    expect((await status(application.id, token)).json().data.documents).toEqual([]);

    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.public_files'), eq(auditLog.entityId, String(application.id))))
      // Without an order the database may return the two entries either way round.
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.after)).toEqual([{ public_file_ids: [application.planFileId] }, { public_file_ids: [] }]);
  });

  it('refuses files not attached to the application, and identity documents', async () => {
    const application = await submitted(51);
    const stray = await uploadFile(t, DEMO.staff, 'alt.pdf');
    const notAttached = await call(t, 'POST', '/api/qr/upload-files', DEMO.staff, {
      application_id: application.id,
      file_ids: [application.planFileId, stray],
    });
    expect(notAttached.statusCode).toBe(400);
    expect(notAttached.json()).toMatchObject({ message: 'VALIDATION_ERROR', data: { file_ids: [stray] } });

    const identity = await uploadFile(t, DEMO.staff, 'buletin.pdf');
    await t.ctx.db.insert(applicationFiles).values({ applicationId: application.id, fileId: identity, isIdentification: true });
    const refused = await call(t, 'POST', '/api/qr/upload-files', DEMO.staff, {
      application_id: application.id,
      file_ids: [identity],
    });
    expect(refused.json()).toMatchObject({ message: 'VALIDATION_ERROR', data: { file_ids: [identity] } });
  });

  it('is for the staff of the application’s organisation only', async () => {
    const application = await submitted(52);
    const elsewhere = await submitted(53, { fixture: cityHallFixture });
    const draft = await createDraft(t, DEMO.citizen, fixture.typeId);
    const body = (id: number, fileId = application.planFileId) => ({ application_id: id, file_ids: [fileId] });
    expect((await call(t, 'POST', '/api/qr/upload-files', DEMO.citizen, body(application.id))).json()).toEqual({
      message: 'FORBIDDEN',
    });
    expect((await call(t, 'POST', '/api/qr/upload-files', DEMO.archiver, body(application.id))).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/qr/upload-files', undefined, body(application.id))).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/qr/upload-files', DEMO.staff, body(elsewhere.id, elsewhere.planFileId))).json()).toEqual({
      message: 'NOT_FOUND',
    });
    expect((await call(t, 'POST', '/api/qr/upload-files', DEMO.staff, body(draft))).json()).toEqual({ message: 'NOT_FOUND' });
  });
});

/* ───────────────────────────── Receipt ───────────────────────────── */

describe('GET /qr/{id}/receipt', () => {
  it('is a PDF with the registration data, the attachments, the term and the QR code', async () => {
    const application = await submitted(60, { beneficiaryPhone: '0722111888' });
    const response = await call(t, 'GET', `/api/qr/${application.id}/receipt`, DEMO.citizen);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="dovada-inregistrare-[\w-]+\.pdf"$/);
    const pdf = response.rawPayload;
    const text = pdfText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    const today = new Intl.DateTimeFormat('ro-RO', {
      timeZone: 'Europe/Bucharest',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    for (const expected of [
      'Dovadă de înregistrare',
      'Consiliul Județean Mureș',
      application.number,
      today,
      application.typeName,
      'Ioana Popescu',
      'Ștefan Popescu60',
      String(300060),
      'Târgu Mureș',
      'Plan de situație: plan-situatie.pdf',
      '30 de zile calendaristice',
      'Scanați codul pentru a vedea stadiul cererii',
      `/qr/${application.id}`,
    ]) {
      expect(flat, expected).toContain(expected);
    }
    expect(flat).not.toMatch(/[şţŞŢ]/);
    expect(pdfImages(pdf)).toMatch(/^\s*1\s+0\s+image\s+\d+\s+\d+/m);
  });

  it('is for the applicant and the organisation’s staff, once submitted', async () => {
    const application = await submitted(61);
    const draft = await createDraft(t, DEMO.citizen, fixture.typeId);
    expect((await call(t, 'GET', `/api/qr/${application.id}/receipt`, DEMO.staff)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/qr/${application.id}/receipt`, DEMO.company)).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await call(t, 'GET', `/api/qr/${draft}/receipt`, DEMO.citizen)).json()).toEqual({
      message: 'APPLICATION_NOT_SUBMITTED',
    });
    expect((await call(t, 'GET', `/api/qr/${application.id}/receipt`)).json()).toEqual({ message: 'AUTH_REQUIRED' });
  });
});

describe('OpenAPI', () => {
  it('documents every route of the module', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    for (const route of [
      '/api/qr/{id}/request-code',
      '/api/qr/{id}/verify-code',
      '/api/qr/{id}/status',
      '/api/qr/{id}/receipt',
      '/api/qr/generate',
      '/api/qr/upload-files',
    ]) {
      expect(paths[route], route).toBeDefined();
    }
    expect(paths['/api/qr/{id}/status'].get.parameters.map((p: { name: string }) => p.name)).toContain('x-public-status-token');
  });
});
