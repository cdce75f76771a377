import { CONFIGURABLE_EVENTS, NOTIFICATION_EVENTS } from '@ghiseu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notificationPreferences, users } from '../../../db/schema/index.js';
import { call, DEMO } from '../../../../test/administration-kit.js';
import { buildCitizen, type SignedIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';

/** GET /notifications/types, GET/PUT /notifications/preferences (spec §7; issue 14). */

let t: TestApp;
let citizen: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  citizen = await buildCitizen(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (who: SignedIn | string) =>
  call(t, 'GET', '/api/notifications/preferences', typeof who === 'string' ? who : who.headers);
const put = (who: SignedIn | string, body: unknown) =>
  call(t, 'PUT', '/api/notifications/preferences', typeof who === 'string' ? who : who.headers, body);

describe('GET /notifications/types', () => {
  it('lists the whole catalogue to every role, and nobody signed out', async () => {
    for (const who of [DEMO.citizen, DEMO.staff, DEMO.archiver, DEMO.superadmin]) {
      const response = await call(t, 'GET', '/api/notifications/types', who);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
      expect(response.json().data).toHaveLength(NOTIFICATION_EVENTS.length);
    }
    const types = (await call(t, 'GET', '/api/notifications/types', DEMO.citizen)).json().data;
    expect(types.find((e: { type: string }) => e.type === 'application.clarification_requested')).toMatchObject({
      group: 'application',
      label: 'Clarificări solicitate',
      channels: ['email', 'sms', 'in_app'],
      configurable: true,
    });
    expect(types.find((e: { type: string }) => e.type === 'account.password_reset')).toMatchObject({ configurable: false });
    expect((await call(t, 'GET', '/api/notifications/types')).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('read as the catalogue defaults and Romanian before anything is saved', async () => {
    const response = await get(citizen);
    expect(response.statusCode, response.body).toBe(200);
    const { language, items } = response.json().data;
    expect(language).toBe('ro');
    expect(items.map((i: { event_type: string }) => i.event_type)).toEqual(CONFIGURABLE_EVENTS.map((e) => e.type));
    expect(items.find((i: { event_type: string }) => i.event_type === 'application.clarification_requested')).toEqual({
      event_type: 'application.clarification_requested',
      email: true,
      sms: true,
      in_app: true,
      frequency: 'immediately',
    });
  });

  it('save the language and the given events in one go; the others keep their values; the change is audited', async () => {
    const response = await put(citizen, {
      language: 'hu',
      items: [{ event_type: 'application.approved', email: false, sms: true, in_app: true, frequency: 'weekly' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().data;
    expect(saved.language).toBe('hu');
    expect(saved.items.find((i: { event_type: string }) => i.event_type === 'application.approved')).toEqual({
      event_type: 'application.approved',
      email: false,
      sms: true,
      in_app: true,
      frequency: 'weekly',
    });
    expect(saved.items).toHaveLength(CONFIGURABLE_EVENTS.length);
    expect((await get(citizen)).json().data).toEqual(saved);
    const [user] = await t.ctx.db.select({ language: users.notificationLanguage }).from(users).where(eq(users.id, citizen.id));
    expect(user.language).toBe('hu');

    // A second save of the same event updates its row.
    const again = await put(citizen, {
      language: 'en',
      items: [{ event_type: 'application.approved', email: true, sms: false, in_app: false, frequency: 'monthly' }],
    });
    expect(again.statusCode, again.body).toBe(200);
    const rows = await t.ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, citizen.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventType: 'application.approved',
      email: true,
      sms: false,
      inApp: false,
      frequency: 'monthly',
    });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification_preferences.update'), eq(auditLog.actorUserId, citizen.id)));
    expect(audits).toHaveLength(2);
  });

  it('are one user’s own: another user reads their own defaults', async () => {
    const other = await buildCitizen(t);
    expect((await get(other)).json().data.language).toBe('ro');
    expect((await call(t, 'GET', '/api/notifications/preferences')).statusCode).toBe(401);
  });

  it('refuse unknown, fixed and repeated events and unknown values, with a Romanian message', async () => {
    const item = { email: true, sms: false, in_app: true, frequency: 'immediately' };
    const cases = [
      { items: [{ event_type: 'application.teleported', ...item }], message: /nu există/ },
      { items: [{ event_type: 'account.password_reset', ...item }], message: /nu poate fi configurată/ },
      {
        items: [
          { event_type: 'application.approved', ...item },
          { event_type: 'application.approved', ...item },
        ],
        message: /de două ori/,
      },
    ];
    for (const c of cases) {
      const response = await put(citizen, { language: 'ro', items: c.items });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('VALIDATION_ERROR');
      expect(response.json().data.fields[0].message).toMatch(c.message);
    }
    expect((await put(citizen, { language: 'de', items: [] })).statusCode).toBe(400);
    expect(
      (await put(citizen, { language: 'ro', items: [{ event_type: 'application.approved', ...item, frequency: 'hourly' }] }))
        .statusCode,
    ).toBe(400);
    // Nothing of the refused saves was written.
    expect((await get(citizen)).json().data.language).toBe('en');
  });
});
