import {
  acceptedPlaceholders,
  NOTIFICATION_EVENTS,
  NOTIFICATION_LANGUAGES,
  NOTIFICATION_LIMITS,
  SAMPLE_PLACEHOLDER_VALUES,
  smsLength,
  unknownPlaceholders,
} from '@ghiseu/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../../test/administration-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { auditLog, notificationTemplates, outboxMessages, users } from '../../../db/schema/index.js';
import { renderMessage } from '../../../platform/messaging.js';
import { notificationTemplateRows, seedNotificationTemplates } from '../../../seed/notification-templates.js';
import { htmlToText } from './content.js';
import { renderNotification, renderTemplate } from './render.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const EXPECTED_ROWS = NOTIFICATION_EVENTS.reduce((sum, event) => sum + event.channels.length * NOTIFICATION_LANGUAGES.length, 0);

async function templateId(eventType: string, channel: 'email' | 'sms' | 'in_app', language: 'ro' | 'en' | 'hu') {
  const [row] = await t.ctx.db
    .select({ id: notificationTemplates.id })
    .from(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.eventType, eventType),
        eq(notificationTemplates.channel, channel),
        eq(notificationTemplates.language, language),
      ),
    );
  return row.id;
}

const patch = (id: number, body: Record<string, unknown>, who: string = DEMO.superadmin) =>
  call(t, 'PATCH', `/api/notifications/templates/${id}`, who, body);

describe('the reference seed', () => {
  it('holds every event × channel × language, once', async () => {
    const rows = await t.ctx.db.select().from(notificationTemplates);
    expect(rows).toHaveLength(EXPECTED_ROWS);
    expect(EXPECTED_ROWS).toBeGreaterThan(130);
    for (const event of NOTIFICATION_EVENTS)
      for (const channel of event.channels)
        for (const language of NOTIFICATION_LANGUAGES)
          expect(
            rows.filter((r) => r.eventType === event.type && r.channel === channel && r.language === language),
            `${event.type} ${channel} ${language}`,
          ).toHaveLength(1);
  });

  it('writes clean texts: the event’s placeholders only, comma-below diacritics, SMS within 306 units and without subject', async () => {
    for (const row of notificationTemplateRows()) {
      expect(unknownPlaceholders(`${row.subject ?? ''} ${row.message}`, acceptedPlaceholders(row.eventType))).toEqual([]);
      expect(`${row.title} ${row.subject ?? ''} ${row.message}`).not.toMatch(/[şţŞŢ]/);
      if (row.channel === 'sms') {
        expect(row.subject).toBeNull();
        expect(row.characterLimit).toBe(306);
        expect(smsLength(row.message).units).toBeLessThanOrEqual(306);
      } else {
        expect(row.subject).toBeTruthy();
      }
    }
  });

  it('keeps every SMS (filled with sample data) to one or two parts', () => {
    for (const row of notificationTemplateRows().filter((r) => r.channel === 'sms' && r.eventType !== 'digest')) {
      const text = renderTemplate({ channel: 'sms', subject: null, message: row.message }, SAMPLE_PLACEHOLDER_VALUES).text;
      expect(smsLength(text).segments, `${row.eventType} ${row.language}: ${text}`).toBeLessThanOrEqual(2);
    }
  });

  it('is idempotent and never overwrites an edited template', async () => {
    const id = await templateId('application.approved', 'email', 'ro');
    expect((await patch(id, { subject: 'Aprobare {{application_number}}' })).statusCode).toBe(200);
    await t.ctx.db.delete(notificationTemplates).where(eq(notificationTemplates.id, await templateId('digest', 'sms', 'en')));
    expect(await t.ctx.db.transaction((tx) => seedNotificationTemplates(tx))).toEqual({ notificationTemplates: 1 });
    expect(await t.ctx.db.transaction((tx) => seedNotificationTemplates(tx))).toEqual({ notificationTemplates: 0 });
    expect(await t.ctx.db.$count(notificationTemplates)).toBe(EXPECTED_ROWS);
    const [edited] = await t.ctx.db.select().from(notificationTemplates).where(eq(notificationTemplates.id, id));
    expect(edited.subject).toBe('Aprobare {{application_number}}');
  });
});

describe('GET /notifications/templates', () => {
  it('answers 10 per page with the total, sorted by event, language and channel', async () => {
    const first = await call(t, 'GET', '/api/notifications/templates', DEMO.superadmin);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(NOTIFICATION_LIMITS.templatesPerPage);
    expect(body.pagination).toEqual({ total: EXPECTED_ROWS, skip: 0, limit: 10 });
    const all = (await call(t, 'GET', '/api/notifications/templates?limit=200', DEMO.superadmin)).json().data as {
      id: number;
      event_type: string;
      language: string;
      channel: string;
    }[];
    expect(all).toHaveLength(EXPECTED_ROWS);
    const key = (r: (typeof all)[number]) => `${r.event_type}\u0001${r.language}\u0001${r.channel}`;
    expect(all.map(key)).toEqual([...all.map(key)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = (await call(t, 'GET', '/api/notifications/templates?skip=10', DEMO.superadmin)).json();
    expect(second.data.map((r: { id: number }) => r.id)).toEqual(all.slice(10, 20).map((r) => r.id));
  });

  it('filters by event, channel, language and title', async () => {
    const byEvent = (
      await call(t, 'GET', '/api/notifications/templates?event_type[eq]=application.approved', DEMO.superadmin)
    ).json();
    expect(byEvent.pagination.total).toBe(9);
    expect(byEvent.data[0]).toMatchObject({
      event_type: 'application.approved',
      event_label: 'Cerere aprobată',
      placeholders: expect.arrayContaining(['application_number', 'recipient_name', 'portal_url']),
    });
    const smsHu = (
      await call(t, 'GET', '/api/notifications/templates?channel[eq]=sms&language[eq]=hu&limit=100', DEMO.superadmin)
    ).json();
    expect(smsHu.data.length).toBeGreaterThan(10);
    expect(
      smsHu.data.every(
        (r: { channel: string; language: string; subject: unknown }) =>
          r.channel === 'sms' && r.language === 'hu' && r.subject === null,
      ),
    ).toBe(true);
    const byTitle = (
      await call(t, 'GET', `/api/notifications/templates?title[like]=${encodeURIComponent('%link de plată%')}`, DEMO.superadmin)
    ).json();
    expect(byTitle.pagination.total).toBe(3);
    const bad = await call(t, 'GET', '/api/notifications/templates?message[eq]=x', DEMO.superadmin);
    expect(bad.statusCode).toBe(400);
  });

  it('reads one template; an unknown id is 404', async () => {
    const id = await templateId('account.phone_code', 'sms', 'ro');
    const read = await call(t, 'GET', `/api/notifications/templates/${id}`, DEMO.superadmin);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      id,
      channel: 'sms',
      language: 'ro',
      subject: null,
      character_limit: 306,
      placeholders: expect.arrayContaining(['code', 'minutes']),
    });
    expect((await call(t, 'GET', '/api/notifications/templates/999999', DEMO.superadmin)).statusCode).toBe(404);
  });
});

describe('PATCH /notifications/templates/{id}', () => {
  it('sanitises the HTML and audits the change', async () => {
    const id = await templateId('application.registered', 'email', 'en');
    const response = await patch(id, {
      title: 'Registered (edited)',
      subject: '<b>Registered</b> {{application_number}}',
      message:
        '<p onclick="steal()" style="color:red">Hello {{recipient_name}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="{{application_url}}" target="_blank">Open</a><img src="x" onerror="y">',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.title).toBe('Registered (edited)');
    expect(data.subject).toBe('Registered {{application_number}}');
    expect(data.message).toBe('<p>Hello {{recipient_name}}</p><a>x</a><a href="{{application_url}}">Open</a>');
    expect(data.message).not.toMatch(/script|onclick|style|onerror|javascript|img/);
    const empty = await patch(id, { message: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'VALIDATION_ERROR' });
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'notification_template.update'));
    expect(entry).toMatchObject({ entityType: 'notification_template' });
  });

  it('refuses an unknown placeholder, naming it', async () => {
    const id = await templateId('application.approved', 'in_app', 'ro');
    const response = await patch(id, { message: '<p>Cererea {{application_number}} pentru {{shoe_size}}</p>' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'UNKNOWN_PLACEHOLDER', data: { key: 'shoe_size' } });
    const inSubject = await patch(id, { subject: 'Aprobată {{code}}' });
    expect(inSubject.json()).toMatchObject({ message: 'UNKNOWN_PLACEHOLDER', data: { key: 'code' } });
  });

  it('counts an SMS as the provider does: diacritics and extension characters included', async () => {
    const id = await templateId('application.approved', 'sms', 'ro');
    const romanian = `Cererea {{application_number}} a fost aprobată. ${'ș'.repeat(300)}`;
    const refused = await patch(id, { message: romanian });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'NOTIFICATION_TEMPLATE_TOO_LONG',
      data: { length: romanian.length, limit: 306 },
    });
    // The same length in plain GSM-7 letters is under 306 septets… until characters count twice.
    const ascii = `Cererea {{application_number}} a fost aprobata. ${'s'.repeat(250)}`;
    expect(ascii.length).toBeLessThan(306);
    expect((await patch(id, { message: ascii })).statusCode).toBe(200);
    const euros = `Cererea {{application_number}} a fost aprobata. ${'€'.repeat(130)}`;
    expect(euros.length).toBeLessThan(306);
    expect((await patch(id, { message: euros })).json()).toMatchObject({
      message: 'NOTIFICATION_TEMPLATE_TOO_LONG',
      data: { length: smsLength(euros).units, limit: 306 },
    });
    // An SMS is plain text and has no subject; a larger limit lets the long text in.
    const saved = await patch(id, { message: `<b>${romanian}</b>`, subject: 'ignorat', character_limit: 400 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ message: romanian, subject: null, character_limit: 400 });
  });

  it('is the super administrator’s: a citizen, a staff member and an administrator get 403', async () => {
    const id = await templateId('application.rejected', 'email', 'ro');
    for (const who of [DEMO.citizen, DEMO.staff, DEMO.admin]) {
      expect((await call(t, 'GET', '/api/notifications/templates', who)).statusCode).toBe(403);
      expect((await call(t, 'GET', `/api/notifications/templates/${id}`, who)).statusCode).toBe(403);
      expect((await patch(id, { title: 'x' }, who)).statusCode).toBe(403);
      expect((await call(t, 'POST', `/api/notifications/templates/${id}/preview`, who, {})).statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/api/notifications/templates')).statusCode).toBe(401);
  });
});

describe('POST /notifications/templates/{id}/preview', () => {
  it('fills the stored template with sample data', async () => {
    const id = await templateId('application.clarification_requested', 'email', 'ro');
    const response = await call(t, 'POST', `/api/notifications/templates/${id}/preview`, DEMO.superadmin, {});
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.subject).toBe('Clarificări solicitate pentru cererea CU-1234/2026');
    expect(data.message).toContain('<p>Bună ziua, Ioana Popescu,</p>');
    expect(data.message).toContain('Vă rugăm să completați planul de situație.');
    expect(data.message).toContain('<a href="https://ghiseu.example.ro/application/1234">Deschideți cererea</a>');
    expect(data).toMatchObject({ sms: null, unknown_placeholders: [] });
  });

  it('previews unsaved SMS text with its encoding, parts and unknown placeholders', async () => {
    const id = await templateId('account.phone_code', 'sms', 'ro');
    const diacritics = await call(t, 'POST', `/api/notifications/templates/${id}/preview`, DEMO.superadmin, {
      message: 'Codul este {{code}}, valabil {{minutes}} minute. {{nope}}',
    });
    expect(diacritics.json().data).toMatchObject({
      subject: null,
      message: 'Codul este 123456, valabil 10 minute.',
      sms: { encoding: 'gsm7', segments: 1 },
      unknown_placeholders: ['nope'],
    });
    const ucs2 = await call(t, 'POST', `/api/notifications/templates/${id}/preview`, DEMO.superadmin, {
      message: 'Codul dumneavoastră este {{code}}.',
    });
    expect(ucs2.json().data).toMatchObject({
      message: 'Codul dumneavoastră este 123456.',
      length: 'Codul dumneavoastră este 123456.'.length,
      sms: { encoding: 'ucs2', segments: 1 },
    });
  });
});

describe('rendering', () => {
  it('falls back to Romanian when the recipient’s language has no template', async () => {
    await t.ctx.db
      .delete(notificationTemplates)
      .where(eq(notificationTemplates.id, await templateId('payment.failed', 'in_app', 'hu')));
    const rendered = await renderNotification(t.ctx.db, {
      eventType: 'payment.failed',
      channel: 'in_app',
      language: 'hu',
      values: { application_number: 'CU-9/2026', amount: '10,00 lei' },
    });
    expect(rendered).toMatchObject({ language: 'ro', subject: 'Plata pentru cererea CU-9/2026 nu a reușit' });
    const english = await renderNotification(t.ctx.db, {
      eventType: 'payment.failed',
      channel: 'in_app',
      language: 'en',
      values: { application_number: 'CU-9/2026' },
    });
    expect(english?.language).toBe('en');
    expect(await renderNotification(t.ctx.db, { eventType: 'no.such', channel: 'email', language: 'ro', values: {} })).toBeNull();
  });

  it('escapes values into HTML, keeps the digest list, drops an empty name, and writes a readable text', async () => {
    const rendered = await renderNotification(t.ctx.db, {
      eventType: 'digest',
      channel: 'email',
      language: 'ro',
      values: {
        period: '17–23 noiembrie 2026',
        count: 2,
        items: '<ul><li>Cererea <b>CU-1</b> a fost aprobată.</li><li onclick="x">Plată primită.</li></ul>',
        portal_url: 'https://ghiseu.example.ro',
        portal_name: 'Ghișeul Unic',
      },
    });
    expect(rendered?.html).toContain('<p>Bună ziua,</p>');
    expect(rendered?.html).toContain('<ul><li>Cererea <b>CU-1</b> a fost aprobată.</li><li>Plată primită.</li></ul>');
    expect(rendered?.text).toContain('Bună ziua,\n\nÎn perioada 17–23 noiembrie 2026 ați primit 2 notificări:');
    expect(rendered?.text).toContain('• Cererea CU-1 a fost aprobată.\n• Plată primită.');
    expect(rendered?.text).toContain('Deschideți portalul: https://ghiseu.example.ro');
    expect(rendered?.text.endsWith('Echipa Ghișeul Unic')).toBe(true);

    const hostile = await renderNotification(t.ctx.db, {
      eventType: 'application.clarification_requested',
      channel: 'email',
      language: 'ro',
      values: { recipient_name: 'Ana <Pop>', clarification_message: '<script>x</script>Rândul 1\nRândul 2' },
    });
    expect(hostile?.html).toContain('Ana &lt;Pop&gt;');
    expect(hostile?.html).toContain('&lt;script&gt;x&lt;/script&gt;Rândul 1<br />Rândul 2');
    expect(hostile?.text).toContain('Bună ziua, Ana <Pop>,');
  });

  it('turns links into "label: url" text', () => {
    expect(
      htmlToText(
        '<p>A &amp; B</p>\n<p><a href="https://x.ro/?a=1&amp;b=2">Deschideți</a></p><p><a href="https://y.ro">https://y.ro</a></p>',
      ),
    ).toBe('A & B\n\nDeschideți: https://x.ro/?a=1&b=2\n\nhttps://y.ro');
  });

  it('sends in Hungarian to a user who chose Hungarian', async () => {
    const email = DEMO.citizen;
    await t.ctx.db.update(users).set({ notificationLanguage: 'hu' }).where(eq(users.email, email));
    const response = await t.app.inject({ method: 'POST', url: '/api/recover-password', payload: { email } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const [sent] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, email))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(sent).toMatchObject({ subject: 'Jelszó visszaállítása – Ghișeul Unic', eventType: 'account.password_reset' });
    expect(renderMessage(sent).text).toContain('/auth/reset-password?confirmationKey=');
    expect(renderMessage(sent).text).toContain('Jó napot kívánunk,');
    await t.ctx.db.update(users).set({ notificationLanguage: 'ro' }).where(eq(users.email, email));
  });
});
