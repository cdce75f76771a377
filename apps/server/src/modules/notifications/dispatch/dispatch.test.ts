import { CONFIGURABLE_EVENTS, type NotificationChannel, type NotificationLanguage } from '@ghiseu/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainEvents,
  notificationDigestItems,
  notificationTemplates,
  outboxMessages,
  userMessages,
} from '../../../db/schema/index.js';
import { call } from '../../../../test/applications-kit.js';
import {
  buildApplicationType,
  buildCitizen,
  buildFunction,
  buildOrganisation,
  buildResponsibility,
  buildStaff,
  buildSubmittedApplication,
  type SignedIn,
} from '../../../../test/factories.js';
import { TARGU_MURES } from '../../../../test/administration-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { emitDomainEvent } from '../../../platform/events.js';
import { sendDigests } from './digests.js';
import { dispatchPendingEvents } from './dispatcher.js';

/**
 * The notification dispatcher and the digests through real flows (issue 14): a citizen files
 * through the API, staff act through the staff-applications routes, `ctx.jobs.drain()` runs the
 * dispatcher (and the deliveries) as the workers would, and the in-app messages, the outbox and
 * the digest items are read back.
 */

let t: TestApp;
let f: Fixture;

interface Fixture {
  fixture: Awaited<ReturnType<typeof buildApplicationType>>;
  /** Registers and assigns (applicationsRegister through a function, + the view and assign keys). */
  registrar: SignedIn;
  /** Sees and processes the organisation's applications (registers a submission from the inbox). */
  clerk: SignedIn;
  /** A clerk who sees only what is assigned to them. */
  plain: SignedIn;
  /** A registrar of another organisation. */
  stranger: SignedIn;
}

/**
 * Templates for every configurable event and the digest on their channels, in Romanian
 * (`ON CONFLICT DO NOTHING`: the seeded ones win where they exist), and a Hungarian set for the
 * clarification request with known words, so the test can tell the language used.
 */
async function ensureTemplates(): Promise<void> {
  const rows: (typeof notificationTemplates.$inferInsert)[] = [];
  const add = (eventType: string, channel: NotificationChannel, language: NotificationLanguage, word: string) =>
    rows.push({
      eventType,
      channel,
      language,
      title: `${eventType} ${channel} ${language}`,
      subject: channel === 'sms' ? null : `${word}: {{application_number}}`,
      message:
        channel === 'sms'
          ? `${word} {{application_number}} {{clarification_message}}`
          : `<p>{{recipient_name}}: ${word} {{application_number}} {{status}} {{clarification_message}} {{amount}} {{document_number}} {{signer_name}}</p>`,
    });
  for (const event of CONFIGURABLE_EVENTS) for (const channel of event.channels) add(event.type, channel, 'ro', event.label);
  rows.push(
    {
      eventType: 'digest',
      channel: 'email',
      language: 'ro',
      title: 'Rezumat',
      subject: 'Rezumat {{period}}',
      message: '<p>{{count}} notificări</p><p>{{items}}</p>',
    },
    { eventType: 'digest', channel: 'sms', language: 'ro', title: 'Rezumat SMS', subject: null, message: '{{count}}: {{items}}' },
  );
  await t.ctx.db.insert(notificationTemplates).values(rows).onConflictDoNothing();
  for (const channel of ['email', 'sms', 'in_app'] as const) {
    const hu = {
      eventType: 'application.clarification_requested',
      channel,
      language: 'hu' as const,
      title: `Hiánypótlás ${channel}`,
      subject: channel === 'sms' ? null : 'Hiánypótlás: {{application_number}}',
      message:
        channel === 'sms'
          ? 'Hiánypótlás {{application_number}}: {{clarification_message}}'
          : '<p>Kedves {{recipient_name}}! Hiánypótlás: {{clarification_message}}</p>',
    };
    await t.ctx.db
      .insert(notificationTemplates)
      .values(hu)
      .onConflictDoUpdate({
        target: [notificationTemplates.eventType, notificationTemplates.channel, notificationTemplates.language],
        set: { subject: hu.subject, message: hu.message },
      });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureTemplates();
  const organisation = await buildOrganisation(t, { uat_id: TARGU_MURES });
  const fixture = await buildApplicationType(t, { organisationId: organisation.id });
  const registrarFunction = await buildFunction(t, organisation.id, [
    await buildResponsibility(t, organisation.id, [
      'applicationsRegister',
      'CAN_VIEW_ORGANISATIONS_APPLICATIONS',
      'CAN_ASSIGN_APPLICATION',
    ]),
  ]);
  const viewer = await buildFunction(t, organisation.id, [
    await buildResponsibility(t, organisation.id, ['CAN_VIEW_ORGANISATIONS_APPLICATIONS']),
  ]);
  const registrar = await buildStaff(t, organisation.id, {
    functions: [registrarFunction],
    firstName: 'Rebeca',
    lastName: 'Registru',
  });
  const clerk = await buildStaff(t, organisation.id, { functions: [viewer], firstName: 'Carmen', lastName: 'Lucrătoare' });
  const plain = await buildStaff(t, organisation.id, { firstName: 'Petru', lastName: 'Simplu' });
  const elsewhere = await buildOrganisation(t, { uat_id: TARGU_MURES });
  const strangerFunction = await buildFunction(t, elsewhere.id, [
    await buildResponsibility(t, elsewhere.id, ['applicationsRegister', 'CAN_VIEW_ORGANISATIONS_APPLICATIONS']),
  ]);
  const stranger = await buildStaff(t, elsewhere.id, {
    functions: [strangerFunction],
    firstName: 'Străin',
    lastName: 'Altundeva',
  });
  f = { fixture, registrar, clerk, plain, stranger };
  // Whatever the set-up emitted is dispatched now: each test then sees only its own events.
  await t.ctx.jobs.drain();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const staffCall = (method: 'PATCH' | 'PUT', url: string, who: SignedIn, payload: unknown = {}) =>
  call(t, method, `/api/staff-applications${url}`, who.headers, payload);

async function file(citizen: SignedIn, n = 1) {
  return buildSubmittedApplication(t, citizen, { fixture: f.fixture, n });
}

/** In-app messages of a user about an application. */
async function inbox(user: SignedIn, applicationId: number) {
  return t.ctx.db
    .select()
    .from(userMessages)
    .where(and(eq(userMessages.recipientUserId, user.id), eq(userMessages.sourceId, applicationId)));
}

/** E-mails and SMS of a user for one notification event. */
async function outbox(user: SignedIn, eventType?: string) {
  return t.ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, user.id), eventType ? eq(outboxMessages.eventType, eventType) : undefined));
}

async function setPreferences(user: SignedIn, body: Record<string, unknown>) {
  const response = await call(t, 'PUT', '/api/notifications/preferences', user.headers, { items: [], ...body });
  expect(response.statusCode, response.body).toBe(200);
}

async function register(id: number) {
  const registered = await staffCall('PATCH', `/${id}/register`, f.registrar);
  expect(registered.statusCode, registered.body).toBe(200);
}

async function assign(id: number, to: SignedIn, by: SignedIn = f.registrar) {
  const assigned = await staffCall('PATCH', `/${id}/assign`, by, { assignee_user_id: to.id });
  expect(assigned.statusCode, assigned.body).toBe(200);
}

describe('a submission', () => {
  it('tells the staff who register (in-app) and confirms to the applicant by e-mail; the event is processed', async () => {
    const citizen = await buildCitizen(t);
    const { id, identificationNumber } = await file(citizen);
    const [event] = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), eq(domainEvents.type, 'application.submitted')));
    expect(event.processedAt).toBeNull();

    await t.ctx.jobs.drain();

    const bell = await inbox(f.registrar, id);
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({
      eventType: 'application.submitted',
      eventId: event.id,
      messageSource: 'application',
      sourceNumber: identificationNumber,
      hasBeenRead: false,
    });
    expect(bell[0].title).toContain(identificationNumber);
    // The clerk who sees the organisation's inbox registers submissions too; an assigned-only
    // clerk and the staff of another organisation hear nothing of it.
    expect((await inbox(f.clerk, id)).map((m) => m.eventType)).toEqual(['application.submitted']);
    expect(await inbox(f.plain, id)).toHaveLength(0);
    expect(await inbox(f.stranger, id)).toHaveLength(0);

    const mails = await outbox(citizen, 'application.submitted');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', to: citizen.email.toLowerCase(), status: 'sent' });
    expect(mails[0].subject).toContain(identificationNumber);
    // The applicant's own submission is confirmed in the bell as well (the one exception to "not the actor").
    expect(await inbox(citizen, id)).toHaveLength(1);
    // Defaults: no SMS for a submission (the account's own phone-code SMS is another event).
    expect((await outbox(citizen, 'application.submitted')).filter((m) => m.channel === 'sms')).toHaveLength(0);

    const [after] = await t.ctx.db.select().from(domainEvents).where(eq(domainEvents.id, event.id));
    expect(after.processedAt).not.toBeNull();
  });
});

describe('a clarification request', () => {
  it('reaches the citizen in-app, by e-mail and by SMS, in Hungarian when they chose Hungarian', async () => {
    const citizen = await buildCitizen(t);
    await setPreferences(citizen, { language: 'hu' });
    const { id, identificationNumber } = await file(citizen, 2);
    await register(id);
    await assign(id, f.clerk);
    const asked = await staffCall('PATCH', `/${id}/request-clarification`, f.clerk, {
      message: 'Completați planul de situație.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.ctx.jobs.drain();

    const [message] = (await inbox(citizen, id)).filter((m) => m.eventType === 'application.clarification_requested');
    expect(message.title).toBe(`Hiánypótlás: ${identificationNumber}`);
    expect(message.message).toContain('Completați planul de situație.');
    expect(message.message).toContain('Kedves');

    const sent = await outbox(citizen, 'application.clarification_requested');
    const email = sent.find((m) => m.channel === 'email');
    const sms = sent.find((m) => m.channel === 'sms');
    expect(email?.subject).toBe(`Hiánypótlás: ${identificationNumber}`);
    expect(sms?.text).toBe(`Hiánypótlás ${identificationNumber}: Completați planul de situație.`);
    expect(sms?.to).toBeTruthy();
    // A Hungarian reader of an event without a Hungarian template gets the Romanian one.
    expect((await outbox(citizen, 'application.registered'))[0]?.subject).toContain(identificationNumber);

    // The assignee is told when the citizen answers; the citizen is not told of their own answer.
    const answered = await call(t, 'POST', `/api/applications/${id}/send-review`, citizen.headers, { citizen_review: 'Gata.' });
    expect(answered.statusCode, answered.body).toBe(200);
    await t.ctx.jobs.drain();
    expect((await inbox(f.clerk, id)).map((m) => m.eventType)).toContain('application.clarification_answered');
    expect((await inbox(citizen, id)).map((m) => m.eventType)).not.toContain('application.clarification_answered');
  });
});

describe('preferences', () => {
  it('a channel switched off gets nothing; the others still go', async () => {
    const citizen = await buildCitizen(t);
    await setPreferences(citizen, {
      language: 'ro',
      items: [
        { event_type: 'application.registered', email: false, sms: false, in_app: true, frequency: 'immediately' },
        { event_type: 'application.submitted', email: true, sms: false, in_app: false, frequency: 'immediately' },
      ],
    });
    const { id } = await file(citizen, 3);
    await register(id);
    await t.ctx.jobs.drain();
    expect(await outbox(citizen, 'application.registered')).toHaveLength(0);
    expect(await outbox(citizen, 'application.submitted')).toHaveLength(1);
    const types = (await inbox(citizen, id)).map((m) => m.eventType);
    expect(types).toContain('application.registered');
    expect(types).not.toContain('application.submitted');
  });

  it('nobody is told of their own action', async () => {
    const citizen = await buildCitizen(t);
    const { id } = await file(citizen, 4);
    await register(id);
    // The registrar takes the file themselves: no "assigned to you" for them.
    await assign(id, f.registrar);
    await t.ctx.jobs.drain();
    const registrarTypes = (await inbox(f.registrar, id)).map((m) => m.eventType);
    expect(registrarTypes).toEqual(['application.submitted']);
    // Handing it to the assigned-only clerk tells them.
    await assign(id, f.plain);
    await t.ctx.jobs.drain();
    expect((await inbox(f.plain, id)).map((m) => m.eventType)).toEqual(['application.assigned']);
  });
});

describe('weekly digests', () => {
  it('hold each event once instead of the immediate e-mails, and a second run sends nothing', async () => {
    const citizen = await buildCitizen(t);
    await setPreferences(citizen, {
      language: 'ro',
      items: ['application.submitted', 'application.registered'].map((event_type) => ({
        event_type,
        email: true,
        sms: false,
        in_app: true,
        frequency: 'weekly',
      })),
    });
    const { id, identificationNumber } = await file(citizen, 5);
    await register(id);
    await t.ctx.jobs.drain();
    expect(await outbox(citizen, 'application.submitted')).toHaveLength(0);
    expect(await outbox(citizen, 'application.registered')).toHaveLength(0);
    // In-app stays immediate.
    expect((await inbox(citizen, id)).map((m) => m.eventType).sort()).toEqual([
      'application.registered',
      'application.submitted',
    ]);

    const items = await t.ctx.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, citizen.id));
    expect(items).toHaveLength(2);
    expect(items.every((i) => i.frequency === 'weekly' && i.channel === 'email' && i.sentAt === null)).toBe(true);
    expect(items.every((i) => i.line.includes(identificationNumber))).toBe(true);

    // A daily run does not touch weekly items.
    expect((await call(t, 'POST', '/api/dev/digests/daily')).json().data.messages).toBe(0);
    const first = await call(t, 'POST', '/api/dev/digests/weekly');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ frequency: 'weekly' });
    expect(first.json().data.messages).toBeGreaterThanOrEqual(1);
    const second = await call(t, 'POST', '/api/dev/digests/weekly');
    expect(second.json().data.messages).toBe(0);

    const digests = await outbox(citizen, 'digest');
    expect(digests).toHaveLength(1);
    expect(digests[0].channel).toBe('email');
    for (const item of items) expect(digests[0].text.split(item.line)).toHaveLength(2);
    const sentItems = await t.ctx.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, citizen.id));
    expect(sentItems.every((i) => i.sentAt !== null && i.messageId === digests[0].id)).toBe(true);
    // A dispatcher run again changes nothing: the events are processed.
    await t.ctx.jobs.drain();
    expect(
      await t.ctx.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, citizen.id)),
    ).toHaveLength(2);
  });

  it('the route is a development helper for this machine only, and knows three frequencies', async () => {
    expect((await call(t, 'POST', '/api/dev/digests/yearly')).statusCode).toBe(400);
    const remote = await t.app.inject({ method: 'POST', url: '/api/dev/digests/daily', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });
});

describe('documents and payments', () => {
  it('tell the assignee of a document to sign and of signatures, the applicant of the issued act and of payments', async () => {
    const citizen = await buildCitizen(t);
    const { id, identificationNumber } = await file(citizen, 7);
    await register(id);
    await assign(id, f.plain);
    await t.ctx.jobs.drain();
    // The events as the documents, signing and payments modules write them (their flows have their own tests).
    await t.ctx.db.transaction(async (tx) => {
      const base = { entityType: 'application', entityId: id };
      await emitDomainEvent(tx, { ...base, type: 'application.document_generated', actorUserId: f.registrar.id, payload: {} });
      await emitDomainEvent(tx, {
        ...base,
        type: 'application.document_signed_by_applicant',
        actorUserId: citizen.id,
        payload: {},
      });
      await emitDomainEvent(tx, {
        ...base,
        type: 'application.document_issued',
        actorUserId: f.plain.id,
        payload: { output_number: 'CU-77/2026' },
      });
      await emitDomainEvent(tx, {
        type: 'payment.failed',
        entityType: 'payment',
        entityId: 999_001,
        actorUserId: null,
        payload: { application_id: id, type: 'card', amount: '1234.50' },
      });
      // Weeks old (written before notifications existed): nobody is told, it is marked processed.
      await tx.insert(domainEvents).values({
        ...base,
        type: 'application.approved',
        actorUserId: f.plain.id,
        occurredAt: new Date(Date.now() - 30 * 24 * 3_600_000),
      });
      // Not a notification: just marked processed.
      await emitDomainEvent(tx, { ...base, type: 'application.registry_form_updated', actorUserId: f.plain.id, payload: {} });
    });
    await t.ctx.jobs.drain();

    const plainTypes = (await inbox(f.plain, id)).map((m) => m.eventType).sort();
    expect(plainTypes).toEqual(['application.assigned', 'application.document_ready_to_sign', 'application.document_signed']);
    const signed = (await inbox(f.plain, id)).find((m) => m.eventType === 'application.document_signed');
    expect(signed?.message).toContain('Ioana Mureșan');

    const issued = (await inbox(citizen, id)).find((m) => m.eventType === 'application.document_issued');
    expect(issued?.message).toContain('CU-77/2026');
    const failed = (await inbox(citizen, id)).find((m) => m.eventType === 'payment.failed');
    expect(failed).toMatchObject({ sourceId: id, sourceNumber: identificationNumber });
    expect(failed?.message).toContain('1.234,50 lei');
    expect(await outbox(citizen, 'payment.failed')).toHaveLength(1);
    expect((await inbox(citizen, id)).map((m) => m.eventType)).not.toContain('application.approved');
    // The applicant who signed is not told of their own signature.
    expect((await inbox(citizen, id)).map((m) => m.eventType)).not.toContain('application.document_signed');

    const [left] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), eq(domainEvents.entityType, 'application'), isNull(domainEvents.processedAt)));
    expect(left.n).toBe(0);
  });
});

describe('exactly once', () => {
  it('two dispatcher runs at once, and a run again, write nothing twice', async () => {
    const citizen = await buildCitizen(t);
    const { id } = await file(citizen, 6);
    const pending = await t.ctx.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), isNull(domainEvents.processedAt)));
    expect(pending.length).toBeGreaterThan(0);
    const services = { db: t.ctx.db, config: t.ctx.config, messaging: t.ctx.messaging, log: console };
    const [a, b] = await Promise.all([dispatchPendingEvents(services), dispatchPendingEvents(services)]);
    const again = await dispatchPendingEvents(services);
    expect(again.events).toBe(0);
    // Each event was taken by exactly one of the two runs.
    expect(a.events + b.events).toBeGreaterThanOrEqual(pending.length);

    const eventIds = pending.map((p) => p.id);
    const messages = await t.ctx.db.select().from(userMessages).where(inArray(userMessages.eventId, eventIds));
    const pairs = messages.map((m) => `${m.eventId}:${m.recipientUserId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(messages.filter((m) => m.recipientUserId === f.registrar.id)).toHaveLength(1);
    expect(await outbox(citizen, 'application.submitted')).toHaveLength(1);
    const [left] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(domainEvents)
      .where(and(inArray(domainEvents.id, eventIds), isNull(domainEvents.processedAt)));
    expect(left.n).toBe(0);
  });

  it('two digest runs at once send one digest', async () => {
    const citizen = await buildCitizen(t);
    await setPreferences(citizen, {
      language: 'ro',
      items: [{ event_type: 'application.submitted', email: true, sms: true, in_app: false, frequency: 'daily' }],
    });
    await file(citizen, 8);
    await t.ctx.jobs.drain();
    const services = { db: t.ctx.db, config: t.ctx.config, messaging: t.ctx.messaging, log: console };
    const [a, b] = await Promise.all([sendDigests(services, 'daily'), sendDigests(services, 'daily')]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    const digests = await outbox(citizen, 'digest');
    // One e-mail and one SMS (the phone is confirmed), each listing the submission once.
    expect(digests.map((d) => d.channel).sort()).toEqual(['email', 'sms']);
    expect(await sendDigests(services, 'daily')).toBe(0);
  });
});
