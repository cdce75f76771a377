import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentSeries, documentSeriesTypes, domainEvents, userMessages } from '../../db/schema/index.js';
import { CLUJ_NAPOCA, call, countyCouncilId, DEMO, SIGHISOARA, TARGU_MURES } from '../../../test/administration-kit.js';
import { uploadFile } from '../../../test/applications-kit.js';
import { buildCitizen, buildStaff, buildTenant, type SignedIn } from '../../../test/factories.js';
import { PNG_1x1, SMALL_PDF } from '../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Complaints (issue 15; spec §2 /complain*, /complain-type, /response-templates, §4, §6, §8):
 * complaint types and response templates (duplicates, who writes and reads them), filing with an
 * entry code and the reporter's own files, every status change × role (citizen, other citizen,
 * staff and admin of the organisation, staff of another organisation, super admin, archiver and
 * consultant who only view), internal comments hidden from the citizen, cross-organisation
 * isolation (404), the closed complaint refusing everything, file downloads, audit and domain
 * events without personal data, the Open311 export without contact data, Romanian validation.
 */

let t: TestApp;
let council: number;
let staffA: SignedIn;
let adminA: SignedIn;
let staffB: SignedIn;
let tenantB: Awaited<ReturnType<typeof buildTenant>>;
let citizen: SignedIn;
let otherCitizen: SignedIn;
let typeId: number;
let typeBId: number;
let templateId: number;
const key = Date.now().toString(36).slice(-5).toUpperCase();
const prefix = `SES${key}`;

const ok = (response: { statusCode: number; body: string }, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body);
};

beforeAll(async () => {
  t = await createTestApp();
  council = await countyCouncilId(t);
  tenantB = await buildTenant(t, { uatId: SIGHISOARA });
  [staffA, adminA, staffB, citizen, otherCitizen] = await Promise.all([
    buildStaff(t, council, { firstName: 'Radu', lastName: 'Solvescu' }),
    buildStaff(t, council, { userType: 'admin', firstName: 'Ana', lastName: 'Admin' }),
    buildStaff(t, tenantB.organisationId),
    buildCitizen(t, { first_name: 'Ioana', last_name: 'Reclamă' }),
    buildCitizen(t),
  ]);
  const [seriesType] = await t.ctx.db
    .insert(documentSeriesTypes)
    .values({ name: `Sesizări ${key}` })
    .returning({ id: documentSeriesTypes.id });
  await t.ctx.db
    .insert(documentSeries)
    .values({ typeId: seriesType.id, organisationId: council, name: `Sesizări ${key}`, prefix, separator: '/' });
  typeId = ok(
    await call(t, 'POST', '/api/complaint-types', DEMO.superadmin, {
      name: `Drumuri ${key}`,
      organisation_id: council,
      series_type_id: seriesType.id,
    }),
    201,
  ).data.id;
  // Another organisation's type, without a series (the fallback entry code).
  typeBId = ok(
    await call(t, 'POST', '/api/complaint-types', DEMO.superadmin, {
      name: `Drumuri ${key}`,
      organisation_id: tenantB.organisationId,
    }),
    201,
  ).data.id;
  templateId = ok(
    await call(t, 'POST', '/api/response-templates', DEMO.superadmin, {
      title: `Răspuns standard ${key}`,
      category: 'complaints',
      message: '<p>Sesizarea {{entry_code}} depusă de {{reporter_name}} a fost soluționată.</p><script>alert(1)</script>',
    }),
    201,
  ).data.id;
}, 300_000);

afterAll(async () => {
  await t?.close();
});

/** A complaint of `who` (the citizen by default) in the council's type, with a photo and a PDF. */
async function file(who: SignedIn = citizen, extra: Record<string, unknown> = {}) {
  const photo = await uploadFile(t, who.headers, 'groapa.png', PNG_1x1);
  const document = await uploadFile(t, who.headers, 'adresa.pdf', SMALL_PDF);
  return ok(
    await call(t, 'POST', '/api/complaints', who.headers, {
      complaint_type_id: typeId,
      uat_id: TARGU_MURES,
      address: 'Str. Gheorghe Doja 5',
      address_details: 'lângă stația de autobuz',
      location: { lat: 46.54, lng: 24.56 },
      description: 'Groapă adâncă în carosabil, periculoasă pentru bicicliști.',
      contact_name: 'Ioana Reclamă',
      contact_phone: '0744 123 456',
      contact_email: 'ioana.reclama@example.ro',
      photo_file_ids: [photo],
      document_file_ids: [document],
      ...extra,
    }),
    201,
  ).data;
}

describe('complaint types', () => {
  it('refuses a duplicate name in the same organisation, folded, and allows it elsewhere', async () => {
    const again = await call(t, 'POST', '/api/complaint-types', DEMO.superadmin, {
      name: `DRUMURI ${key}`,
      organisation_id: council,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'DUPLICATE_COMPLAIN_TYPE_NAME' });
    const other = ok(await call(t, 'GET', `/api/complaint-types/${typeBId}`, DEMO.superadmin)).data;
    expect(other).toMatchObject({ organisation_id: tenantB.organisationId, series_type_id: null });
    const renamed = await call(t, 'PATCH', `/api/complaint-types/${typeBId}`, DEMO.superadmin, { organisation_id: council });
    expect(renamed.json()).toEqual({ message: 'DUPLICATE_COMPLAIN_TYPE_NAME' });
  });

  it('is written by the super administrator only and read by staff of its organisation', async () => {
    expect(
      (await call(t, 'POST', '/api/complaint-types', staffA.headers, { name: 'X', organisation_id: council })).statusCode,
    ).toBe(403);
    expect((await call(t, 'GET', '/api/complaint-types', citizen.headers)).statusCode).toBe(403);
    const own = ok(await call(t, 'GET', '/api/complaint-types?limit=500', staffA.headers)).data as { organisation_id: number }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => row.organisation_id === council)).toBe(true);
    expect((await call(t, 'GET', `/api/complaint-types/${typeBId}`, staffA.headers)).statusCode).toBe(404);
    const one = ok(await call(t, 'GET', `/api/complaint-types/${typeId}`, staffA.headers)).data;
    expect(one.abilities).toEqual({ can_edit: false, can_delete: false });
  });

  it('offers a citizen the types of the organisations serving the UAT', async () => {
    const inTarguMures = ok(await call(t, 'GET', `/api/complaint-types/available?uat_id=${TARGU_MURES}`, citizen.headers)).data;
    expect(inTarguMures.map((x: { id: number }) => x.id)).toContain(typeId);
    expect(inTarguMures.map((x: { id: number }) => x.id)).not.toContain(typeBId);
    const inSighisoara = ok(await call(t, 'GET', `/api/complaint-types/available?uat_id=${SIGHISOARA}`, citizen.headers)).data;
    expect(inSighisoara.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([typeId, typeBId]));
    expect((await call(t, 'GET', `/api/complaint-types/available?uat_id=${TARGU_MURES}`, staffA.headers)).statusCode).toBe(403);
  });

  it('deletes an unused type and refuses one with complaints', async () => {
    const spare = ok(
      await call(t, 'POST', '/api/complaint-types', DEMO.superadmin, { name: `Iluminat ${key}`, organisation_id: council }),
      201,
    ).data;
    expect((await call(t, 'DELETE', `/api/complaint-types/${spare.id}`, DEMO.superadmin)).statusCode).toBe(204);
    await file();
    const refused = await call(t, 'DELETE', `/api/complaint-types/${typeId}`, DEMO.superadmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('CONFLICT');
  });
});

describe('response templates', () => {
  it('sanitises the message and refuses a duplicate title', async () => {
    const template = ok(await call(t, 'GET', `/api/response-templates/${templateId}`, DEMO.superadmin)).data;
    expect(template.message).not.toContain('<script');
    expect(template.category_label).toBe('Sesizări');
    const again = await call(t, 'POST', '/api/response-templates', DEMO.superadmin, {
      title: `răspuns STANDARD ${key}`,
      category: 'applications',
      message: 'Text',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'DUPLICATE_RESPONSE_TEMPLATE_NAME' });
  });

  it('is read by staff who answer, written by the super administrator only', async () => {
    const list = ok(await call(t, 'GET', '/api/response-templates?category[eq]=complaints&pagination=true', staffA.headers));
    expect(list.data.map((x: { id: number }) => x.id)).toContain(templateId);
    expect(list.pagination.total).toBeGreaterThan(0);
    expect((await call(t, 'GET', '/api/response-templates', citizen.headers)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/response-templates', DEMO.archiver)).statusCode).toBe(403);
    const write = await call(t, 'PATCH', `/api/response-templates/${templateId}`, staffA.headers, { title: 'Alt titlu' });
    expect(write.statusCode).toBe(403);
  });

  it('answers missing fields in Romanian', async () => {
    const response = await call(t, 'POST', '/api/response-templates', DEMO.superadmin, {
      title: ' ',
      category: 'x',
      message: '',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().data.fields as { path: string; message: string }[];
    expect(fields.find((f) => f.path.endsWith('title'))?.message).toBe('Acest câmp este obligatoriu');
    expect(fields.find((f) => f.path.endsWith('category'))?.message).toBe('Alegeți categoria.');
  });
});

describe('filing a complaint', () => {
  it('gives an entry code from the series, links the files and starts the history', async () => {
    const complaint = await file();
    expect(complaint.entry_code).toMatch(new RegExp(`^${prefix}/\\d+/\\d{4}$`));
    expect(complaint).toMatchObject({
      status: 'NEW',
      status_label: 'Nouă',
      organisation: { id: council },
      uat: { id: TARGU_MURES },
      reporter: { id: citizen.id },
      contact_phone: '0744 123 456',
      response: null,
    });
    expect(complaint.location.lat).toBeCloseTo(46.54, 5);
    expect(complaint.location.lng).toBeCloseTo(24.56, 5);
    expect(complaint.files.map((f: { kind: string }) => f.kind)).toEqual(['photo', 'document']);
    expect(complaint.history).toEqual([expect.objectContaining({ from_status: null, to_status: 'NEW' })]);
    expect(complaint.abilities).toMatchObject({ can_comment: true, can_comment_internal: false, can_resolve: false });
  });

  it('numbers a type without series SES-<id>/<year>', async () => {
    const photo = await uploadFile(t, citizen.headers, 'x.png', PNG_1x1);
    const complaint = ok(
      await call(t, 'POST', '/api/complaints', citizen.headers, {
        complaint_type_id: typeBId,
        uat_id: SIGHISOARA,
        address: 'Piața Cetății 1',
        description: 'Coș de gunoi rupt',
        contact_name: 'Ioana',
        photo_file_ids: [photo],
      }),
      201,
    ).data;
    expect(complaint.entry_code).toBe(`SES-${complaint.id}/${new Date().getFullYear()}`);
  });

  it('refuses a UAT outside the organisation, a locality of another UAT, files not the reporter’s or of the wrong type', async () => {
    const base = {
      complaint_type_id: typeBId,
      uat_id: TARGU_MURES,
      address: 'Str. X 1',
      description: 'Ceva',
      contact_name: 'Ioana',
    };
    const outside = await call(t, 'POST', '/api/complaints', citizen.headers, base);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().data.fields[0]).toEqual({
      path: 'body.uat_id',
      message: 'Instituția acestui tip de sesizare nu are în grijă unitatea administrativ-teritorială aleasă.',
    });
    const cluj = await call(t, 'POST', '/api/complaints', citizen.headers, {
      ...base,
      complaint_type_id: typeId,
      uat_id: CLUJ_NAPOCA,
    });
    expect(cluj.statusCode).toBe(400);
    const locality = await call(t, 'POST', '/api/complaints', citizen.headers, {
      ...base,
      complaint_type_id: typeId,
      locality_id: SIGHISOARA + 1,
    });
    expect(locality.statusCode).toBe(400);
    const foreign = await uploadFile(t, otherCitizen.headers, 'x.png', PNG_1x1);
    const notOwn = await call(t, 'POST', '/api/complaints', citizen.headers, {
      ...base,
      complaint_type_id: typeId,
      photo_file_ids: [foreign],
    });
    expect(notOwn.json().data.fields[0].message).toBe('Fișierul nu există sau nu a fost încărcat de dumneavoastră.');
    const pdf = await uploadFile(t, citizen.headers, 'x.pdf', SMALL_PDF);
    const pdfPhoto = await call(t, 'POST', '/api/complaints', citizen.headers, {
      ...base,
      complaint_type_id: typeId,
      photo_file_ids: [pdf],
    });
    expect(pdfPhoto.json().data.fields[0].message).toBe('Fotografiile trebuie să fie imagini JPEG sau PNG.');
  });

  it('answers validation errors in Romanian', async () => {
    const response = await call(t, 'POST', '/api/complaints', citizen.headers, {
      complaint_type_id: typeId,
      uat_id: TARGU_MURES,
      address: '',
      description: '   ',
      contact_name: 'Ioana',
      contact_email: 'nu-e-adresa',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().data.fields as { path: string; message: string }[];
    expect(fields.find((f) => f.path.endsWith('address'))?.message).toBe('Acest câmp este obligatoriu');
    expect(fields.find((f) => f.path.endsWith('description'))?.message).toBe('Acest câmp este obligatoriu');
  });

  it('is for citizens: staff and the archiver cannot file', async () => {
    for (const who of [staffA.headers, await t.authHeaders(DEMO.archiver), await t.authHeaders(DEMO.superadmin)]) {
      expect((await call(t, 'POST', '/api/complaints', who, {})).statusCode).toBe(403);
    }
  });
});

describe('who sees a complaint', () => {
  it('the reporter, the organisation (staff, admin, archiver, consultant) and the super admin; nobody else', async () => {
    const complaint = await file();
    const url = `/api/complaints/${complaint.id}`;
    for (const who of [citizen.headers, staffA.headers, adminA.headers, DEMO.archiver, DEMO.consultant, DEMO.superadmin])
      ok(await call(t, 'GET', url, who));
    for (const who of [otherCitizen.headers, staffB.headers, tenantB.headers]) {
      const response = await call(t, 'GET', url, who);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'NOT_FOUND' });
    }
    const viewOnly = ok(await call(t, 'GET', url, DEMO.archiver)).data.abilities;
    expect(Object.values(viewOnly).every((v) => v === false)).toBe(true);

    const mine = ok(await call(t, 'GET', '/api/complaints?limit=500', citizen.headers)).data as { id: number }[];
    expect(mine.map((x) => x.id)).toContain(complaint.id);
    const theirs = ok(await call(t, 'GET', '/api/complaints?limit=500', otherCitizen.headers)).data;
    expect(theirs).toEqual([]);
    const orgB = ok(await call(t, 'GET', '/api/complaints?limit=500', staffB.headers)).data as { organisation: { id: number } }[];
    expect(orgB.every((x) => x.organisation.id === tenantB.organisationId)).toBe(true);
    const orgA = ok(
      await call(t, 'GET', `/api/complaints?status[eq]=NEW&complaint_type_id[eq]=${typeId}&orLikeQuery=doja`, staffA.headers),
    );
    expect(orgA.data.map((x: { id: number }) => x.id)).toContain(complaint.id);
  });

  it('lets whoever sees it download its files, and nobody else', async () => {
    const complaint = await file();
    const fileId = complaint.files[0].file_id;
    const url = `/api/files/${fileId}/download-tokens`;
    for (const who of [citizen.headers, staffA.headers, DEMO.superadmin]) ok(await call(t, 'POST', url, who));
    for (const who of [otherCitizen.headers, staffB.headers])
      expect((await call(t, 'POST', url, who)).json().message).toBe('FILE_NOT_EXISTS');
  });
});

describe('handling a complaint', () => {
  it('assign: staff of the organisation only, to a solver of the organisation; NEW → PENDING', async () => {
    const complaint = await file();
    const url = `/api/complaints/${complaint.id}/assign`;
    const solvers = ok(await call(t, 'GET', `/api/complaints/${complaint.id}/solvers`, staffA.headers)).data as { id: number }[];
    expect(solvers.map((s) => s.id)).toEqual(expect.arrayContaining([staffA.id, adminA.id]));
    expect(solvers.map((s) => s.id)).not.toContain(staffB.id);
    expect((await call(t, 'GET', `/api/complaints/${complaint.id}/solvers`, staffB.headers)).statusCode).toBe(404);

    for (const who of [citizen.headers, otherCitizen.headers, DEMO.archiver, DEMO.consultant])
      expect((await call(t, 'POST', url, who, { solver_user_id: staffA.id })).statusCode).toBe(403);
    expect((await call(t, 'POST', url, staffB.headers, { solver_user_id: staffB.id })).statusCode).toBe(404);
    const wrongSolver = await call(t, 'POST', url, staffA.headers, { solver_user_id: staffB.id });
    expect(wrongSolver.statusCode).toBe(400);

    const assigned = ok(await call(t, 'POST', url, staffA.headers, { solver_user_id: staffA.id })).data;
    expect(assigned).toMatchObject({ status: 'PENDING', solver: { id: staffA.id, name: 'Radu Solvescu' } });
    const reassigned = ok(await call(t, 'POST', url, adminA.headers, { solver_user_id: adminA.id })).data;
    expect(reassigned).toMatchObject({ status: 'PENDING', solver: { id: adminA.id } });
    expect(reassigned.history.map((h: { to_status: string }) => h.to_status)).toEqual(['NEW', 'PENDING']);
    const bySolver = ok(await call(t, 'GET', `/api/complaints?solver_user_id[eq]=${adminA.id}`, staffA.headers)).data;
    expect(bySolver.map((x: { id: number }) => x.id)).toContain(complaint.id);
  });

  it('comments: internal ones stay with the staff; the reporter writes public ones', async () => {
    const complaint = await file();
    const url = `/api/complaints/${complaint.id}/comments`;
    ok(await call(t, 'POST', url, staffA.headers, { text: 'Verificăm la fața locului.', is_internal: true }));
    ok(await call(t, 'POST', url, staffA.headers, { text: 'Am preluat sesizarea.', is_internal: false }));
    ok(await call(t, 'POST', url, citizen.headers, { text: 'Mulțumesc!' }));
    expect((await call(t, 'POST', url, citizen.headers, { text: 'Intern?', is_internal: true })).statusCode).toBe(403);
    expect((await call(t, 'POST', url, otherCitizen.headers, { text: 'Eu' })).statusCode).toBe(404);
    expect((await call(t, 'POST', url, staffB.headers, { text: 'Eu' })).statusCode).toBe(404);
    expect((await call(t, 'POST', url, DEMO.archiver, { text: 'Eu' })).statusCode).toBe(403);
    // The super administrator handles (public comments) but has no internal comments.
    expect((await call(t, 'POST', url, DEMO.superadmin, { text: 'Intern', is_internal: true })).statusCode).toBe(403);

    const seenByCitizen = ok(await call(t, 'GET', `/api/complaints/${complaint.id}`, citizen.headers)).data.comments;
    expect(seenByCitizen.map((c: { text: string }) => c.text)).toEqual(['Am preluat sesizarea.', 'Mulțumesc!']);
    const seenByStaff = ok(await call(t, 'GET', `/api/complaints/${complaint.id}`, staffA.headers)).data.comments;
    expect(seenByStaff).toHaveLength(3);
    expect(seenByStaff[0]).toMatchObject({ is_internal: true, author: { id: staffA.id } });
  });

  it('resolve: fills the placeholders, sanitises, and the citizen reads the answer', async () => {
    const complaint = await file();
    const url = `/api/complaints/${complaint.id}/resolve`;
    const body = {
      response: '<p>Sesizarea {{entry_code}} a fost rezolvată.</p><img src=x onerror=alert(1)>',
      response_template_id: templateId,
    };
    expect((await call(t, 'POST', url, citizen.headers, body)).statusCode).toBe(403);
    expect((await call(t, 'POST', url, staffB.headers, body)).statusCode).toBe(404);
    expect((await call(t, 'POST', url, DEMO.consultant, body)).statusCode).toBe(403);
    const empty = await call(t, 'POST', url, staffA.headers, { response: '<p> </p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields[0].message).toBe('Scrieți răspunsul pentru cetățean.');

    const resolved = ok(await call(t, 'POST', url, adminA.headers, body)).data;
    expect(resolved).toMatchObject({ status: 'RESOLVED', response_template_id: templateId, responded_by: { id: adminA.id } });
    expect(resolved.response).toBe(`<p>Sesizarea ${complaint.entry_code} a fost rezolvată.</p>`);
    const seen = ok(await call(t, 'GET', `/api/complaints/${complaint.id}`, citizen.headers)).data;
    expect(seen).toMatchObject({ status: 'RESOLVED', response: resolved.response });
    expect(seen.responded_at).toEqual(expect.any(String));
    expect(seen.history.map((h: { to_status: string }) => h.to_status)).toEqual(['NEW', 'RESOLVED']);
    expect(Object.values(seen.abilities).every((v) => v === false)).toBe(true);

    // A closed complaint refuses every action.
    for (const [action, payload] of [
      ['assign', { solver_user_id: staffA.id }],
      ['resolve', body],
      ['reject', body],
      ['dismiss', {}],
      ['comments', { text: 'Încă ceva' }],
    ] as const) {
      const response = await call(t, 'POST', `/api/complaints/${complaint.id}/${action}`, staffA.headers, payload);
      expect(response.statusCode, action).toBe(409);
      expect(response.json().message).toBe('COMPLAINT_ACTION_NOT_ALLOWED');
    }
    const late = await call(t, 'POST', `/api/complaints/${complaint.id}/comments`, citizen.headers, { text: 'Încă ceva' });
    expect(late.json().message).toBe('COMPLAINT_ACTION_NOT_ALLOWED');
  });

  it('reject (super admin) and dismiss (staff, answer optional)', async () => {
    const first = await file();
    const rejected = ok(
      await call(t, 'POST', `/api/complaints/${first.id}/reject`, DEMO.superadmin, {
        response: 'Nu ține de instituția noastră.',
      }),
    ).data;
    expect(rejected).toMatchObject({ status: 'REJECTED', response: 'Nu ține de instituția noastră.' });
    const second = await file();
    ok(await call(t, 'POST', `/api/complaints/${second.id}/assign`, staffA.headers, { solver_user_id: staffA.id }));
    for (const who of [citizen.headers, otherCitizen.headers, DEMO.archiver])
      expect((await call(t, 'POST', `/api/complaints/${second.id}/dismiss`, who, {})).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/complaints/${second.id}/dismiss`, staffB.headers, {})).statusCode).toBe(404);
    const dismissed = ok(
      await call(t, 'POST', `/api/complaints/${second.id}/dismiss`, staffA.headers, { response: '<p><br></p>' }),
    ).data;
    expect(dismissed).toMatchObject({ status: 'DISMISSED', status_label: 'Clasată', response: null });
    expect(dismissed.history.map((h: { to_status: string }) => h.to_status)).toEqual(['NEW', 'PENDING', 'DISMISSED']);
  });

  it('audits and emits every change without personal data', async () => {
    const complaint = await file();
    ok(await call(t, 'POST', `/api/complaints/${complaint.id}/assign`, staffA.headers, { solver_user_id: staffA.id }));
    ok(
      await call(t, 'POST', `/api/complaints/${complaint.id}/comments`, staffA.headers, {
        text: 'Notă internă secretă',
        is_internal: true,
      }),
    );
    ok(
      await call(t, 'POST', `/api/complaints/${complaint.id}/resolve`, staffA.headers, {
        response: 'Rezolvat pentru Ioana Reclamă',
      }),
    );
    const events = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityType, 'complaint'), eq(domainEvents.entityId, complaint.id)))
      .orderBy(domainEvents.id);
    expect(events.map((e) => e.type)).toEqual([
      'complaint.filed',
      'complaint.status_changed',
      'complaint.assigned',
      'complaint.commented',
      'complaint.status_changed',
    ]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'complaint'), eq(auditLog.entityId, String(complaint.id))));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['complaint.create', 'complaint.assign', 'complaint.comment', 'complaint.resolve']),
    );
    const written = JSON.stringify([events, audits]);
    for (const secret of ['Reclamă', '0744', 'example.ro', 'Groapă', 'secretă', 'Gheorghe Doja'])
      expect(written).not.toContain(secret);
  });
});

describe('every status change × role', () => {
  const actions = {
    assign: () => ({ solver_user_id: staffA.id }),
    resolve: () => ({ response: 'Rezolvat.', response_template_id: templateId }),
    reject: () => ({ response: 'Nu este de competența noastră.' }),
    dismiss: () => ({}),
  } as const;
  const expected = { assign: 'PENDING', resolve: 'RESOLVED', reject: 'REJECTED', dismiss: 'DISMISSED' } as const;

  it('refuses the reporter, other citizens, another organisation and the view-only roles', async () => {
    const complaint = await file();
    const refused: [string, Record<string, string> | string, number][] = [
      ['reporter', citizen.headers, 403],
      ['other citizen', otherCitizen.headers, 403],
      ['staff of another organisation', staffB.headers, 404],
      ['admin of another organisation', tenantB.headers, 404],
      ['archiver', DEMO.archiver, 403],
      ['consultant', DEMO.consultant, 403],
    ];
    for (const [action, body] of Object.entries(actions))
      for (const [label, who, status] of refused) {
        const response = await call(t, 'POST', `/api/complaints/${complaint.id}/${action}`, who, body());
        expect(response.statusCode, `${label} ${action}`).toBe(status);
      }
    const after = ok(await call(t, 'GET', `/api/complaints/${complaint.id}`, staffA.headers)).data;
    expect(after.status).toBe('NEW');
    expect(after.history).toHaveLength(1);
  });

  it('lets staff and the admin of the organisation and the super admin take every action', async () => {
    const allowed: [string, Record<string, string> | string][] = [
      ['staff', staffA.headers],
      ['admin', adminA.headers],
      ['super admin', DEMO.superadmin],
    ];
    for (const [action, body] of Object.entries(actions) as [keyof typeof actions, () => object][])
      for (const [label, who] of allowed) {
        const complaint = await file();
        const response = await call(t, 'POST', `/api/complaints/${complaint.id}/${action}`, who, body());
        expect(response.statusCode, `${label} ${action}: ${response.body}`).toBe(200);
        const record = response.json().data;
        expect(record.status).toBe(expected[action]);
        expect(record.history.map((h: { to_status: string }) => h.to_status)).toEqual(['NEW', expected[action]]);
      }
  });
});

describe('notifications', () => {
  it('tells the reporter and the staff, with the complaint as the source', async () => {
    const complaint = await file();
    ok(await call(t, 'POST', `/api/complaints/${complaint.id}/assign`, adminA.headers, { solver_user_id: staffA.id }));
    ok(await call(t, 'POST', `/api/complaints/${complaint.id}/comments`, staffA.headers, { text: 'Intern', is_internal: true }));
    ok(await call(t, 'POST', `/api/complaints/${complaint.id}/comments`, staffA.headers, { text: 'Venim mâine.' }));
    ok(await call(t, 'POST', `/api/complaints/${complaint.id}/comments`, citizen.headers, { text: 'Mulțumesc.' }));
    ok(await call(t, 'POST', `/api/complaints/${complaint.id}/resolve`, staffA.headers, { response: 'Rezolvat.' }));
    await t.ctx.jobs.drain();
    const messages = await t.ctx.db
      .select()
      .from(userMessages)
      .where(and(eq(userMessages.messageSource, 'complain'), eq(userMessages.sourceId, complaint.id)))
      .orderBy(userMessages.id);
    const of = (userId: number) => messages.filter((m) => m.recipientUserId === userId).map((m) => m.eventType);
    expect(of(citizen.id)).toEqual(['complaint.filed', 'complaint.status_changed', 'complaint.commented', 'complaint.answered']);
    // The solver hears of the reporter's comment; nobody of the internal one.
    expect(of(staffA.id)).toEqual(['complaint.filed', 'complaint.assigned', 'complaint.commented']);
    expect(of(adminA.id)).toEqual(['complaint.filed']);
    expect(of(staffB.id)).toEqual([]);
    const answered = messages.find((m) => m.eventType === 'complaint.answered');
    expect(answered?.sourceNumber).toBe(complaint.entry_code);
    expect(answered?.message).toContain('Soluționată');
    expect(answered?.message).not.toContain('Rezolvat.');
  });
});

describe('Open311 GeoReport v2', () => {
  it('lists services and requests without personal data', async () => {
    const open = await file();
    const closed = await file();
    ok(await call(t, 'POST', `/api/complaints/${closed.id}/dismiss`, staffA.headers, {}));
    const services = ok(await call(t, 'GET', `/api/open311/v2/services.json?jurisdiction_id=${council}`));
    expect(services).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service_code: String(typeId), service_name: `Drumuri ${key}`, metadata: false }),
      ]),
    );
    const all = ok(await call(t, 'GET', `/api/open311/v2/requests.json?jurisdiction_id=${council}&service_code=${typeId}`));
    const byId = new Map(all.map((r: { service_request_id: string }) => [r.service_request_id, r]));
    expect(byId.get(String(open.id))).toMatchObject({
      status: 'open',
      service_notice: open.entry_code,
      agency_responsible: 'Consiliul Județean Mureș',
    });
    expect(byId.get(String(closed.id))).toMatchObject({ status: 'closed', status_notes: 'Clasată' });
    const onlyClosed = ok(await call(t, 'GET', `/api/open311/v2/requests.json?jurisdiction_id=${council}&status=closed`));
    expect(onlyClosed.every((r: { status: string }) => r.status === 'closed')).toBe(true);
    const one = ok(await call(t, 'GET', `/api/open311/v2/requests/${open.id}.json`));
    expect(one).toHaveLength(1);
    expect(one[0].lat).toBeCloseTo(46.54, 5);
    const text = JSON.stringify(all);
    for (const secret of ['Reclamă', '0744', 'example.ro', 'Groapă', 'autobuz']) expect(text).not.toContain(secret);
    expect((await call(t, 'GET', '/api/open311/v2/requests/999999.json')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/open311/v2/requests.json?status=maybe')).statusCode).toBe(400);
  });

  it('keeps the events of the complaints module in one type family', async () => {
    const rows = await t.ctx.db
      .select({ type: domainEvents.type })
      .from(domainEvents)
      .where(inArray(domainEvents.entityType, ['complaint']));
    expect(rows.every((r) => r.type.startsWith('complaint.'))).toBe(true);
  });
});
