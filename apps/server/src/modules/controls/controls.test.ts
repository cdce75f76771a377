import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  complaints,
  complaintTypes,
  controlActivities,
  documentSeries,
  documentSeriesTypes,
  domainEvents,
  localities,
} from '../../db/schema/index.js';
import { call, CLUJ_NAPOCA, countyCouncilId, DEMO, TARGU_MURES, userId } from '../../../test/administration-kit.js';
import { makeCnp, uploadFile } from '../../../test/applications-kit.js';
import { buildOrganisation, buildStaff, type SignedIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { closingReportRenderer } from './report.js';

/**
 * Controls (issue 15): control types (super administrator; DUPLICATE_CONTROL_TYPE_NAME), the
 * controls of an organisation (staff only, another organisation's answers 404), the version
 * check, persons (DUPLICATE_CONTROL_PERSON for the same CNP or passport whatever the role),
 * building bodies, documents, the transitions allowed and refused, the closing report (PDF text,
 * failure → error and retry) and the lock after generating and after closing.
 */

let t: TestApp;
let council: number;
let other: number;
let otherStaff: SignedIn;
let colleague: SignedIn;
let seriesTypeId: number;
let typeId: number;
let noSeriesTypeId: number;
let inactiveTypeId: number;
let otherTypeId: number;
let complaintId: number;
let otherComplaintId: number;
let localityId: number;
const key = Date.now().toString(36).slice(-5).toUpperCase();
const prefix = `CTL${key}`;

beforeAll(async () => {
  t = await createTestApp();
  council = await countyCouncilId(t);
  other = (await buildOrganisation(t, { uat_id: TARGU_MURES })).id;
  [otherStaff, colleague] = await Promise.all([
    buildStaff(t, other),
    buildStaff(t, council, { firstName: 'Ioana', lastName: 'Șerban' }),
  ]);
  const [seriesType] = await t.ctx.db
    .insert(documentSeriesTypes)
    .values({ name: `Controale ${key}` })
    .returning({ id: documentSeriesTypes.id });
  seriesTypeId = seriesType.id;
  await t.ctx.db.insert(documentSeries).values([
    { typeId: seriesTypeId, organisationId: council, name: `Controale ${key}`, prefix, separator: '/' },
    { typeId: seriesTypeId, organisationId: other, name: `Controale ${key}`, prefix: `${prefix}O`, separator: '/' },
  ]);
  const createType = async (body: Record<string, unknown>) => {
    const response = await call(t, 'POST', '/api/control-types', DEMO.superadmin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  typeId = await createType({ name: `Disciplina în construcții ${key}`, series_type_id: seriesTypeId, organisation_id: council });
  noSeriesTypeId = await createType({ name: `Fără serie ${key}`, organisation_id: council });
  inactiveTypeId = await createType({
    name: `Inactiv ${key}`,
    status: 'inactive',
    organisation_id: council,
    series_type_id: seriesTypeId,
  });
  otherTypeId = await createType({
    name: `Disciplina în construcții ${key}`,
    series_type_id: seriesTypeId,
    organisation_id: other,
  });

  const citizen = await userId(t, DEMO.citizen);
  const types = await t.ctx.db
    .insert(complaintTypes)
    .values([
      { organisationId: council, name: `Sesizare ${key}` },
      { organisationId: other, name: `Sesizare ${key}` },
    ])
    .returning({ id: complaintTypes.id });
  const [locality] = await t.ctx.db
    .select({ id: localities.id })
    .from(localities)
    .where(eq(localities.uatId, TARGU_MURES))
    .limit(1);
  localityId = locality.id;
  const rows = await t.ctx.db
    .insert(complaints)
    .values([
      {
        organisationId: council,
        complaintTypeId: types[0].id,
        reporterUserId: citizen,
        entryCode: `SES${key}/1/2026`,
        uatId: TARGU_MURES,
        localityId,
        address: 'Str. Gheorghe Doja nr. 5',
        description: 'Construcție fără autorizație',
        contactName: 'Ioana Popescu',
      },
      {
        organisationId: other,
        complaintTypeId: types[1].id,
        reporterUserId: citizen,
        entryCode: `SES${key}/2/2026`,
        uatId: TARGU_MURES,
        address: 'Str. Libertății nr. 1',
        description: 'Altă sesizare',
        contactName: 'Ioana Popescu',
      },
    ])
    .returning({ id: complaints.id });
  [complaintId, otherComplaintId] = rows.map((r) => r.id);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const staffMember = {
  name: 'Dan Mureșan',
  function: 'Inspector',
  control_body: 'Inspectoratul de control al disciplinei în construcții',
  id_number: 'LEG-0042',
  id_expiry: '2027-12-31',
  id_issuer: 'Consiliul Județean Mureș',
};

const prepared = (extra: Record<string, unknown> = {}) => ({
  control_type_id: typeId,
  control_date: '2026-11-20',
  uat_id: TARGU_MURES,
  locality_id: localityId,
  address: 'Str. Gheorghe Doja nr. 5',
  cadastral_number: '123456',
  complaint_id: complaintId,
  staff: [staffMember],
  ...extra,
});

async function createControl(who: string | Record<string, string> = DEMO.staff, extra: Record<string, unknown> = {}) {
  const response = await call(t, 'POST', '/api/controls', who, prepared(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; version: number; [k: string]: unknown };
}

const offender = (n: number, extra: Record<string, unknown> = {}) => ({
  role: 'offender',
  first_name: 'Vasile',
  last_name: `Contravenient${n}`,
  personal_numeric_code: makeCnp(n),
  id_card_series: 'MS',
  id_card_number: `12345${n}`,
  address: 'Str. Mare nr. 1',
  ...extra,
});

const body = {
  name: 'C1',
  height_cornice: 7.5,
  height_ridge: 10.25,
  levels_below: 1,
  levels_above: 3,
  height_regime: 'S+P+2E',
  construction_type: 'Cadre din beton armat',
  foundations: 'Continue din beton',
  roof: 'Șarpantă din lemn',
  heating: 'Centrală proprie',
  finishes: 'Tencuieli decorative',
  function: 'CL',
  importance_category: 'C',
  built_area: 120.5,
  developed_area: 361.5,
  useful_area: 290,
  living_area: 180,
  apartments_1_room: 0,
  apartments_2_rooms: 2,
  apartments_3_rooms: 1,
  apartments_4_rooms: 0,
  apartments_5_plus_rooms: 0,
};

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'control-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function download(who: string | Record<string, string>, fileId: number) {
  const token = await call(t, 'POST', `/api/files/${fileId}/download-tokens`, who);
  if (token.statusCode !== 200) return { statusCode: token.statusCode, body: Buffer.alloc(0) };
  const file = await t.app.inject({ method: 'GET', url: token.json().data.url });
  return { statusCode: file.statusCode, body: file.rawPayload };
}

describe('control types', () => {
  it('are configured by the super administrator, names unique per organisation (folded)', async () => {
    const again = await call(t, 'POST', '/api/control-types', DEMO.superadmin, {
      name: `  disciplina ÎN construcții ${key.toLowerCase()} `.replace(key.toLowerCase(), key),
      organisation_id: council,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe('DUPLICATE_CONTROL_TYPE_NAME');
    const renamed = await call(t, 'PATCH', `/api/control-types/${noSeriesTypeId}`, DEMO.superadmin, {
      name: `Disciplina în construcții ${key}`,
    });
    expect(renamed.json().message).toBe('DUPLICATE_CONTROL_TYPE_NAME');
    const read = await call(t, 'GET', `/api/control-types/${typeId}`, DEMO.superadmin);
    expect(read.json().data).toMatchObject({
      name: `Disciplina în construcții ${key}`,
      status: 'active',
      series_type_id: seriesTypeId,
      series_type_name: `Controale ${key}`,
      organisation_id: council,
      abilities: { can_edit: true },
    });
  });

  it('are read by staff of their organisation (the active ones for the pickers), written by no one else', async () => {
    const list = await call(t, 'GET', '/api/control-types?status=active&limit=500', DEMO.staff);
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((x: { id: number }) => x.id);
    expect(ids).toContain(typeId);
    expect(ids).not.toContain(inactiveTypeId);
    expect(ids).not.toContain(otherTypeId);
    expect((await call(t, 'GET', `/api/control-types/${otherTypeId}`, DEMO.staff)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/control-types/${typeId}`, DEMO.staff)).json().data.abilities.can_edit).toBe(false);
    expect((await call(t, 'POST', '/api/control-types', DEMO.staff, { name: 'X' })).statusCode).toBe(403);
    expect((await call(t, 'PATCH', `/api/control-types/${typeId}`, DEMO.staff, { name: 'X' })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/control-types', DEMO.citizen)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/control-types', DEMO.admin)).statusCode).toBe(403);
  });

  it('cannot be deleted while controls use them', async () => {
    const spare = await call(t, 'POST', '/api/control-types', DEMO.superadmin, {
      name: `De șters ${key}`,
      organisation_id: council,
    });
    expect((await call(t, 'DELETE', `/api/control-types/${spare.json().data.id}`, DEMO.superadmin)).statusCode).toBe(204);
    await createControl();
    const used = await call(t, 'DELETE', `/api/control-types/${typeId}`, DEMO.superadmin);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('CONFLICT');
  });
});

describe('preparing a control', () => {
  it('creates a draft with its staff, complaint reference and locality', async () => {
    const data = await createControl();
    expect(data).toMatchObject({
      status: 'draft',
      entry_code: null,
      version: 1,
      organisation_id: council,
      control_type: { id: typeId },
      uat: { id: TARGU_MURES, name: 'Târgu Mureș' },
      locality: { id: localityId },
      complaint: { id: complaintId, entry_code: `SES${key}/1/2026` },
      staff: [{ ...staffMember, user_id: null }],
      persons: [],
      building_bodies: [],
      files: [],
      closing_report: null,
      locked: false,
      abilities: {
        can_edit: true,
        can_register: true,
        can_resolve: false,
        can_generate: false,
        can_close: false,
        can_delete: true,
      },
    });
  });

  it('refuses references outside the organisation', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ uat_id: CLUJ_NAPOCA, locality_id: null }, 'body.uat_id'],
      [{ complaint_id: otherComplaintId }, 'body.complaint_id'],
      [{ control_type_id: otherTypeId }, 'body.control_type_id'],
      [{ control_type_id: inactiveTypeId }, 'body.control_type_id'],
      [{ uat_id: 114514 }, 'body.locality_id'],
    ];
    for (const [extra, field] of cases) {
      const response = await call(t, 'POST', '/api/controls', DEMO.staff, prepared(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().data.fields[0].path).toBe(field);
    }
  });

  it('offers the organisation complaints to reference', async () => {
    const options = await call(t, 'GET', `/api/controls/complaint-options?search=SES${key}`, DEMO.staff);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data).toEqual([
      {
        id: complaintId,
        entry_code: `SES${key}/1/2026`,
        status: 'NEW',
        uat: { id: TARGU_MURES, name: 'Târgu Mureș' },
        locality: { id: localityId, name: expect.any(String) },
        address: 'Str. Gheorghe Doja nr. 5',
      },
    ]);
  });

  it('saves with the version seen; a stale version answers CONFLICT', async () => {
    const control = await createControl();
    const saved = await call(t, 'PATCH', `/api/controls/${control.id}`, DEMO.staff, {
      version: 1,
      address: 'Str. Gheorghe Doja nr. 7',
      cadastral_number: null,
      staff: [staffMember, { ...staffMember, name: 'Ioana Șerban', id_number: 'LEG-0043' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 2, address: 'Str. Gheorghe Doja nr. 7', cadastral_number: null });
    expect(saved.json().data.staff.map((s: { name: string }) => s.name)).toEqual(['Dan Mureșan', 'Ioana Șerban']);
    const activities = (await call(t, 'GET', `/api/controls/${control.id}/activities`, DEMO.staff)).json().data;
    expect(activities[0]).toMatchObject({ action: 'updated', details: 'adresa, numărul cadastral, echipa de control' });
    const stale = await call(t, 'PATCH', `/api/controls/${control.id}`, DEMO.staff, { version: 1, address: 'Altă adresă' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('CONFLICT');
  });

  it('lists the organisation controls with the shared filters', async () => {
    const control = await createControl(DEMO.staff, { control_date: '2025-01-15', cadastral_number: `CAD${key}` });
    const list = await call(
      t,
      'GET',
      `/api/controls?orLikeQuery=CAD${key}&control_date[ge]=2025-01-01&control_date[lt]=2025-02-01&status[eq]=draft&pagination=true`,
      DEMO.staff,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().pagination.total).toBe(1);
    expect(list.json().data[0]).toMatchObject({
      id: control.id,
      cadastral_number: `CAD${key}`,
      created_by: { name: expect.any(String) },
    });
    const theirs = await call(t, 'GET', `/api/controls?orLikeQuery=CAD${key}`, otherStaff.headers);
    expect(theirs.json().data).toEqual([]);
  });
});

describe('roles and organisations', () => {
  it('staff only: citizens and administrators without controlRead are refused; another organisation sees 404', async () => {
    const control = await createControl();
    for (const who of [DEMO.citizen, DEMO.admin, DEMO.superadmin]) {
      expect((await call(t, 'GET', '/api/controls', who)).statusCode, who).toBe(403);
      expect((await call(t, 'GET', `/api/controls/${control.id}`, who)).statusCode, who).toBe(403);
      expect((await call(t, 'POST', '/api/controls', who, prepared())).statusCode, who).toBe(403);
      expect((await call(t, 'POST', `/api/controls/${control.id}/register`, who, { version: 1 })).statusCode, who).toBe(403);
    }
    const o = otherStaff.headers;
    const id = control.id;
    const answers = [
      await call(t, 'GET', `/api/controls/${id}`, o),
      await call(t, 'GET', `/api/controls/${id}/activities`, o),
      await call(t, 'PATCH', `/api/controls/${id}`, o, { version: 1, address: 'X' }),
      await call(t, 'POST', `/api/controls/${id}/persons`, o, offender(900)),
      await call(t, 'POST', `/api/controls/${id}/building-bodies`, o, body),
      await call(t, 'POST', `/api/controls/${id}/register`, o, { version: 1 }),
      await call(t, 'POST', `/api/controls/${id}/resolve`, o, { version: 1 }),
      await call(t, 'POST', `/api/controls/${id}/generate-report`, o, { version: 1 }),
      await call(t, 'POST', `/api/controls/${id}/close`, o, { version: 1 }),
      await call(t, 'DELETE', `/api/controls/${id}`, o),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 404));
    // A colleague of the same organisation works on it.
    expect((await call(t, 'GET', `/api/controls/${id}`, colleague.headers)).statusCode).toBe(200);
  });
});

describe('persons', () => {
  it('adds offenders and witnesses; the same CNP or passport is refused whatever the role', async () => {
    const control = await createControl();
    const url = `/api/controls/${control.id}/persons`;
    const first = await call(t, 'POST', url, DEMO.staff, offender(101));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(2);
    expect((await call(t, 'POST', url, DEMO.staff, offender(102))).statusCode).toBe(200);
    const witness = await call(t, 'POST', url, DEMO.staff, {
      role: 'witness',
      citizenship: 'foreign',
      first_name: 'John',
      last_name: 'Smith',
      passport_number: 'ab 123 456',
    });
    expect(witness.statusCode, witness.body).toBe(200);
    const persons = witness.json().data.persons;
    expect(persons).toHaveLength(3);
    expect(persons.find((p: { role: string }) => p.role === 'witness').passport_number).toBe('AB123456');

    const sameCnp = await call(t, 'POST', url, DEMO.staff, { ...offender(101), role: 'witness', last_name: 'Altul' });
    expect(sameCnp.statusCode).toBe(409);
    expect(sameCnp.json().message).toBe('DUPLICATE_CONTROL_PERSON');
    const samePassport = await call(t, 'POST', url, DEMO.staff, {
      role: 'offender',
      first_name: 'J',
      last_name: 'S',
      passport_number: 'AB123456',
    });
    expect(samePassport.json().message).toBe('DUPLICATE_CONTROL_PERSON');
    const second = persons.find((p: { last_name: string }) => p.last_name === 'Contravenient102');
    const renamedToTwin = await call(t, 'PATCH', `${url}/${second.id}`, DEMO.staff, offender(101));
    expect(renamedToTwin.json().message).toBe('DUPLICATE_CONTROL_PERSON');
    // Editing a person keeping its own CNP is not a duplicate.
    const edited = await call(t, 'PATCH', `${url}/${second.id}`, DEMO.staff, offender(102, { phone: '0740111222' }));
    expect(edited.statusCode, edited.body).toBe(200);
    const invalid = await call(t, 'POST', url, DEMO.staff, offender(103, { personal_numeric_code: '1850101261234' }));
    expect(invalid.statusCode).toBe(400);
    const removed = await call(t, 'DELETE', `${url}/${second.id}`, DEMO.staff);
    expect(removed.json().data.persons).toHaveLength(2);
    // The same CNP on another control is fine.
    const another = await createControl();
    expect((await call(t, 'POST', `/api/controls/${another.id}/persons`, DEMO.staff, offender(101))).statusCode).toBe(200);
  });

  it('keeps personal data out of the activities, the audit log and the events', async () => {
    const control = await createControl();
    const cnp = makeCnp(111);
    await call(t, 'POST', `/api/controls/${control.id}/persons`, DEMO.staff, offender(111));
    const activities = await call(t, 'GET', `/api/controls/${control.id}/activities`, DEMO.staff);
    expect(activities.statusCode, activities.body).toBe(200);
    expect(activities.json().data.map((a: { action: string }) => a.action)).toEqual(['person_added', 'created']);
    expect(activities.json().data[0].details).toBe('Contravenient');
    const audits = await t.ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'control'), eq(auditLog.entityId, String(control.id))));
    expect(JSON.stringify(audits)).not.toContain(cnp);
    expect(JSON.stringify(audits)).not.toContain('Contravenient111');
    const details = await t.ctx.db.select().from(controlActivities).where(eq(controlActivities.controlId, control.id));
    expect(JSON.stringify(details)).not.toContain(cnp);
  });
});

describe('building bodies and documents', () => {
  it('adds, edits and removes a building body with every field', async () => {
    const control = await createControl();
    const added = await call(t, 'POST', `/api/controls/${control.id}/building-bodies`, DEMO.staff, body);
    expect(added.statusCode, added.body).toBe(200);
    const [saved] = added.json().data.building_bodies;
    expect(saved).toMatchObject(body);
    const edited = await call(t, 'PATCH', `/api/controls/${control.id}/building-bodies/${saved.id}`, DEMO.staff, {
      ...body,
      name: 'C2',
      roof: null,
    });
    expect(edited.json().data.building_bodies[0]).toMatchObject({ name: 'C2', roof: null, built_area: 120.5 });
    const wrong = await call(t, 'POST', `/api/controls/${control.id}/building-bodies`, DEMO.staff, { ...body, height_ridge: 2 });
    expect(wrong.statusCode).toBe(400);
    const removed = await call(t, 'DELETE', `/api/controls/${control.id}/building-bodies/${saved.id}?version=3`, DEMO.staff);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.building_bodies).toEqual([]);
    const stale = await call(t, 'DELETE', `/api/controls/${control.id}/building-bodies/${saved.id}?version=1`, DEMO.staff);
    expect(stale.json().message).toBe('CONFLICT');
  });

  it('attaches the actor own uploads, downloadable by colleagues only', async () => {
    const control = await createControl();
    const mine = await uploadFile(t, DEMO.staff, 'proces-verbal.pdf');
    const theirs = await uploadFile(t, colleague.headers, 'altul.pdf');
    const refused = await call(t, 'POST', `/api/controls/${control.id}/files`, DEMO.staff, { file_id: theirs });
    expect(refused.statusCode).toBe(400);
    const attached = await call(t, 'POST', `/api/controls/${control.id}/files`, DEMO.staff, {
      file_id: mine,
      description: 'Fotografii de pe șantier',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.files).toMatchObject([
      { file_id: mine, name: 'proces-verbal.pdf', kind: 'upload', description: 'Fotografii de pe șantier' },
    ]);
    expect((await download(colleague.headers, mine)).statusCode).toBe(200);
    expect((await download(otherStaff.headers, mine)).statusCode).not.toBe(200);
    expect((await download(DEMO.citizen, mine)).statusCode).not.toBe(200);
    const row = attached.json().data.files[0].id;
    const removed = await call(t, 'DELETE', `/api/controls/${control.id}/files/${row}`, DEMO.staff);
    expect(removed.json().data.files).toEqual([]);
  });
});

describe('actions', () => {
  const act = (id: number, action: string, version: number, who: string | Record<string, string> = DEMO.staff) =>
    call(t, 'POST', `/api/controls/${id}/${action}`, who, { version });

  it('register takes the entry code from the type series; no series answers DOCUMENT_SERIES_NOT_DEFINED', async () => {
    const withoutSeries = await createControl(DEMO.staff, { control_type_id: noSeriesTypeId });
    const refused = await act(withoutSeries.id, 'register', 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('DOCUMENT_SERIES_NOT_DEFINED');

    const control = await createControl();
    expect((await act(control.id, 'register', 5)).json().message).toBe('CONFLICT');
    const registered = await act(control.id, 'register', 1);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data).toMatchObject({ status: 'registered', version: 2 });
    expect(registered.json().data.entry_code).toMatch(new RegExp(`^${prefix}/\\d+/\\d{4}$`));
    const again = await act(control.id, 'register', 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('CONTROL_ACTION_NOT_ALLOWED');
    const [event] = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'control.registered'), eq(domainEvents.entityId, control.id)));
    expect(event.payload).toMatchObject({ organisation_id: council, entry_code: registered.json().data.entry_code });
    // A registered control is not deleted.
    expect((await call(t, 'DELETE', `/api/controls/${control.id}`, DEMO.staff)).json().message).toBe(
      'CONTROL_ACTION_NOT_ALLOWED',
    );
  });

  it('refuses each action outside its statuses', async () => {
    const draft = await createControl();
    for (const action of ['resolve', 'generate-report', 'close']) {
      const response = await act(draft.id, action, 1);
      expect(response.statusCode, action).toBe(409);
      expect(response.json().message).toBe('CONTROL_ACTION_NOT_ALLOWED');
    }
    await act(draft.id, 'register', 1);
    const resolved = await act(draft.id, 'resolve', 2);
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      abilities: { can_generate: true, can_close: true, can_resolve: false },
    });
    expect((await act(draft.id, 'resolve', 3)).json().message).toBe('CONTROL_ACTION_NOT_ALLOWED');
    const closed = await act(draft.id, 'close', 3);
    expect(closed.json().data).toMatchObject({ status: 'closed', locked: true });
    expect(closed.json().data.closed_at).toEqual(expect.any(String));
  });

  it('closes a registered control and generates the report of a resolved one', async () => {
    const first = await createControl();
    await act(first.id, 'register', 1);
    expect((await act(first.id, 'close', 2)).json().data).toMatchObject({ status: 'closed', locked: true });
    const second = await createControl();
    await act(second.id, 'register', 1);
    await act(second.id, 'resolve', 2);
    const generated = await act(second.id, 'generate-report', 3);
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json().data).toMatchObject({ status: 'generated', locked: true, version: 4 });
  });

  it('deletes a draft', async () => {
    const draft = await createControl();
    expect((await call(t, 'DELETE', `/api/controls/${draft.id}`, DEMO.staff)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/controls/${draft.id}`, DEMO.staff)).statusCode).toBe(404);
  });

  it('generates the closing report (error and retry), then the control is locked against every write', async () => {
    const control = await createControl();
    const id = control.id;
    await call(t, 'POST', `/api/controls/${id}/persons`, DEMO.staff, offender(201));
    await call(t, 'POST', `/api/controls/${id}/persons`, DEMO.staff, offender(202));
    await call(t, 'POST', `/api/controls/${id}/persons`, DEMO.staff, {
      role: 'witness',
      first_name: 'Maria',
      last_name: 'Martorescu',
      personal_numeric_code: makeCnp(203, '900202', '2'),
    });
    await call(t, 'POST', `/api/controls/${id}/building-bodies`, DEMO.staff, body);
    const upload = await uploadFile(t, DEMO.staff, 'fotografie.pdf');
    let current = (await call(t, 'POST', `/api/controls/${id}/files`, DEMO.staff, { file_id: upload })).json().data;
    current = (await act(id, 'register', current.version)).json().data;
    const entryCode = current.entry_code as string;

    // A failing generation: status error, the code kept, a retry allowed.
    const original = closingReportRenderer.render;
    closingReportRenderer.render = async () => {
      throw new Error('disk full');
    };
    try {
      const failed = await act(id, 'generate-report', current.version);
      expect(failed.statusCode).toBe(500);
      expect(failed.json().message).toBe('CLOSING_REPORT_GENERATION_ERROR');
    } finally {
      closingReportRenderer.render = original;
    }
    current = (await call(t, 'GET', `/api/controls/${id}`, DEMO.staff)).json().data;
    expect(current).toMatchObject({
      status: 'error',
      report_error: 'CLOSING_REPORT_GENERATION_ERROR',
      locked: false,
      abilities: { can_generate: true, can_close: false },
    });
    expect((await act(id, 'generate-report', current.version - 1)).json().message).toBe('CONFLICT');
    const generated = await act(id, 'generate-report', current.version);
    expect(generated.statusCode, generated.body).toBe(200);
    current = generated.json().data;
    expect(current).toMatchObject({
      status: 'generated',
      locked: true,
      report_error: null,
      abilities: { can_edit: false, can_close: true },
    });
    expect(current.closing_report).toMatchObject({ file_id: expect.any(Number), name: expect.stringMatching(/\.pdf$/) });

    const pdf = await download(colleague.headers, current.closing_report.file_id);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.body).replace(/\s+/g, ' ');
    expect(text).toContain(entryCode);
    expect(text).toContain('Raport de închidere a controlului');
    expect(text).toContain('Contravenient201 Vasile');
    expect(text).toContain('Martorescu Maria');
    expect(text).toContain(makeCnp(201));
    expect(text).toContain('Clădire de locuit');
    expect(text).toContain('fotografie.pdf');
    expect(text).toContain(`SES${key}/1/2026`);
    expect((await download(otherStaff.headers, current.closing_report.file_id)).statusCode).not.toBe(200);

    const personId = current.persons[0].id;
    const bodyId = current.building_bodies[0].id;
    const fileRow = current.files.find((f: { kind: string }) => f.kind === 'upload').id;
    const writes = async () => [
      await call(t, 'PATCH', `/api/controls/${id}`, DEMO.staff, { version: current.version, address: 'X' }),
      await call(t, 'POST', `/api/controls/${id}/persons`, DEMO.staff, offender(204)),
      await call(t, 'PATCH', `/api/controls/${id}/persons/${personId}`, DEMO.staff, offender(201)),
      await call(t, 'DELETE', `/api/controls/${id}/persons/${personId}`, DEMO.staff),
      await call(t, 'POST', `/api/controls/${id}/building-bodies`, DEMO.staff, body),
      await call(t, 'PATCH', `/api/controls/${id}/building-bodies/${bodyId}`, DEMO.staff, body),
      await call(t, 'DELETE', `/api/controls/${id}/building-bodies/${bodyId}`, DEMO.staff),
      await call(t, 'POST', `/api/controls/${id}/files`, DEMO.staff, { file_id: await uploadFile(t, DEMO.staff) }),
      await call(t, 'DELETE', `/api/controls/${id}/files/${fileRow}`, DEMO.staff),
      await act(id, 'register', current.version),
      await act(id, 'resolve', current.version),
      await act(id, 'generate-report', current.version),
      await call(t, 'DELETE', `/api/controls/${id}`, DEMO.staff),
    ];
    const afterGenerate = await writes();
    expect(afterGenerate.map((r) => r.json().message)).toEqual(afterGenerate.map(() => 'CONTROL_LOCKED'));

    const closed = await act(id, 'close', current.version);
    expect(closed.statusCode, closed.body).toBe(200);
    current = closed.json().data;
    expect(current).toMatchObject({ status: 'closed', locked: true });
    const afterClose = [...(await writes()), await act(id, 'close', current.version)];
    expect(afterClose.map((r) => r.json().message)).toEqual(afterClose.map(() => 'CONTROL_LOCKED'));
    expect(afterClose.map((r) => r.statusCode)).toEqual(afterClose.map(() => 409));

    const events = await t.ctx.db
      .select({ type: domainEvents.type, payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.entityType, 'control'), eq(domainEvents.entityId, id)));
    expect(events.map((e) => e.type).sort()).toEqual(['control.closed', 'control.registered', 'control.report_generated']);
    expect(JSON.stringify(events)).not.toContain(makeCnp(201));
    const activities = (await call(t, 'GET', `/api/controls/${id}/activities`, DEMO.staff)).json().data;
    expect(activities.slice(0, 4).map((a: { action: string }) => a.action)).toEqual([
      'closed',
      'report_generated',
      'report_failed',
      'registered',
    ]);
    const [{ n }] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'control'), eq(auditLog.entityId, String(id))));
    expect(n).toBeGreaterThanOrEqual(9);
  });
});

describe('demo data', () => {
  it('has two control types and a draft control of the county council, seeded once', async () => {
    const { seedDemoControls } = await import('../../seed/demo-controls.js');
    expect(await t.ctx.db.transaction((tx) => seedDemoControls(tx))).toEqual({ controlTypes: 0, controls: 0 });
    const types = (await call(t, 'GET', '/api/control-types?status=active&limit=500', DEMO.staff)).json().data;
    expect(types.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['Disciplina în construcții', 'Control pe șantier']),
    );
    const list = (await call(t, 'GET', '/api/controls?orLikeQuery=128734', DEMO.staff)).json().data;
    expect(list).toHaveLength(1);
    const registered = await call(t, 'POST', `/api/controls/${list[0].id}/register`, DEMO.staff, { version: 1 });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data.entry_code).toMatch(/^CTRL\/\d+\/\d{4}$/);
  });
});
