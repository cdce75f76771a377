import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, applicationTypes, auditLog, domainEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  call,
  completeDraft,
  createDraft,
  createFilingFixture,
  DEMO,
  type FilingFixture,
  individual,
  SIMPLE_FORM,
  startAnafStandIn,
  TARGU_MURES,
  uploadFile,
} from '../../../test/applications-kit.js';

/**
 * The citizen's application from draft to submission (spec §2, §4, §7): create, save midway,
 * resume, submit with the entry number; the refusals of each step.
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let fixture: FilingFixture;
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  fixture = await createFilingFixture(t, { prefix: 'CU', remainingPeriod: 30 });
});
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Bucharest', year: 'numeric' }).format(new Date());

describe('drafts', () => {
  it('creates a draft on the published form with online signing by default', async () => {
    const response = await call(t, 'POST', '/api/applications?echo=true', DEMO.citizen, {
      application_type_id: fixture.typeId,
      purpose: 'Construire locuință',
    });
    expect(response.statusCode).toBe(201);
    const draft = response.json().data;
    expect(draft).toMatchObject({
      status: 'DRAFT',
      status_label: 'Ciornă',
      identification_number: null,
      application_type_id: fixture.typeId,
      organisation_id: fixture.organisationId,
      form_version_id: fixture.versionId,
      purpose: 'Construire locuință',
      sign_details: { isOnline: true, package: null },
      form: { real_estate_target: [], beneficiary_users: [], sign_details: { isOnline: true, package: null } },
      abilities: { canEdit: true, canDelete: true, canSubmit: true, canComment: false, canAnswerClarification: false },
      application_type_is_inbound_category: true,
    });
    expect(draft.form_definition.version).toBe(1);
    const [event] = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, draft.id), eq(domainEvents.type, 'application.draft_created')));
    expect(event).toBeDefined();
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.create'), eq(auditLog.entityId, String(draft.id))));
    expect(entry).toBeDefined();
  });

  it('answers with the id only without echo', async () => {
    const response = await call(t, 'POST', '/api/applications', DEMO.citizen, { application_type_id: fixture.typeId });
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json().data)).toEqual(['id']);
  });

  it('refuses types that cannot be filed', async () => {
    const inactive = await createFilingFixture(t, { status: 'inactive' });
    const internal = await createFilingFixture(t, { category: 'internal' });
    for (const id of [inactive.typeId, internal.typeId, 999999]) {
      const response = await call(t, 'POST', '/api/applications', DEMO.citizen, { application_type_id: id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'VALIDATION_ERROR',
        data: { fields: [{ path: 'body.application_type_id', message: 'Tipul de cerere nu este disponibil pentru depunere.' }] },
      });
    }
    const withoutForm = await createFilingFixture(t);
    await t.ctx.db.update(applicationTypes).set({ citizenFormId: null }).where(eq(applicationTypes.id, withoutForm.typeId));
    const response = await call(t, 'POST', '/api/applications', DEMO.citizen, { application_type_id: withoutForm.typeId });
    expect(response.json().data.fields[0].message).toBe('Tipul de cerere nu are un formular publicat.');
  });

  it('checks the form data loosely when a draft is saved', async () => {
    const unknown = await call(t, 'POST', '/api/applications', DEMO.citizen, {
      application_type_id: fixture.typeId,
      form: { nu_exista: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields).toEqual([
      { path: 'body.form.nu_exista', message: 'Câmpul nu există în formularul cererii.' },
    ]);
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const wrongType = await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, {
      form: { denumire_lucrare: { a: 1 }, beneficiari: [] },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().data.fields).toEqual([
      { path: 'body.form.denumire_lucrare', message: 'Valoarea nu are tipul potrivit pentru acest câmp.' },
      { path: 'body.form.beneficiari', message: 'Câmpul nu există în formularul cererii.' },
    ]);
    // Half-filled and even invalid values are kept: the full check is at submission.
    const partial = await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, {
      form: { tip_lucrare: 'altceva', suprafata_construita: '12,345' },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().data.form).toMatchObject({ tip_lucrare: 'altceva', suprafata_construita: '12,345' });
  });

  it('saves a draft midway, resumes it and submits it', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    // Midway: some answers and one attachment.
    const saved = await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, {
      purpose: 'Extindere',
      form: { denumire_lucrare: 'Extindere locuință', tip_lucrare: 'construire' },
    });
    expect(saved.statusCode).toBe(200);
    const fileId = await uploadFile(t, DEMO.citizen, 'plan situatie.pdf');
    expect(
      (await call(t, 'POST', `/api/applications/${id}/files`, DEMO.citizen, { file_id: fileId, category: 'plan_situatie' }))
        .statusCode,
    ).toBe(201);

    // Resumed later: everything is there.
    const resumed = (await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data;
    expect(resumed).toMatchObject({
      status: 'DRAFT',
      purpose: 'Extindere',
      form: { denumire_lucrare: 'Extindere locuință', tip_lucrare: 'construire' },
    });
    expect(resumed.attachments).toHaveLength(1);
    expect(resumed.attachments[0]).toMatchObject({
      file_id: fileId,
      name: 'plan situatie.pdf',
      category: 'plan_situatie',
      canBeDeleted: true,
      qr: true,
    });

    // Submitting too early names what is missing.
    const early = await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      message: 'INVALID_FORM_VALUE',
      data: {
        fields: [
          { path: 'form.beneficiari', message: 'Vă rugăm să completați toate câmpurile obligatorii.' },
          { path: 'form.imobile', message: 'Vă rugăm să completați toate câmpurile obligatorii.' },
        ],
      },
    });

    expect((await call(t, 'POST', `/api/applications/${id}/beneficiaries`, DEMO.citizen, individual(11))).statusCode).toBe(201);
    expect(
      (
        await call(t, 'POST', `/api/applications/${id}/real-estates`, DEMO.citizen, {
          cadastral_number: '123456',
          uat_id: TARGU_MURES,
          type: 'land_constructions',
          area: 350,
        })
      ).statusCode,
    ).toBe(201);

    const sent = await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen);
    expect(sent.statusCode).toBe(200);
    const submitted = sent.json().data;
    expect(submitted).toMatchObject({
      status: 'NEW',
      status_label: 'Nouă',
      response_due_in_days: 30,
      remaining_response_days: 30,
      uat_id: TARGU_MURES,
      uat_name: 'Târgu Mureș',
      real_estate_type: 'land_constructions',
      land_area: 350,
      cadastral_numbers: ['123456'],
      abilities: { canEdit: false, canDelete: false, canSubmit: false, canComment: true, canAnswerClarification: false },
    });
    expect(submitted.identification_number).toMatch(new RegExp(`^CU/\\d+/${year}$`));
    expect(submitted.application_date).not.toBeNull();
    expect(submitted.form.beneficiary_users).toEqual([
      expect.objectContaining({ user_type_name: 'citizen', first_name: 'Ion', last_name: 'Popescu11' }),
    ]);
    expect(submitted.form.real_estate_target).toEqual([
      expect.objectContaining({
        territorial_administrative_unit_id: TARGU_MURES,
        unit: expect.objectContaining({ name: 'Târgu Mureș', county_name: 'Mureș' }),
      }),
    ]);
    const [event] = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), eq(domainEvents.type, 'application.submitted')));
    expect(event.payload).toMatchObject({
      identification_number: submitted.identification_number,
      organisation_id: fixture.organisationId,
    });
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row.quickSearch).toContain('popescu11');
    expect(row.quickSearch).toContain('123456');
    expect(row.seriesId).toBe(fixture.seriesId);
  });

  it('validates the form in full at submission and drops the answers of hidden fields', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    await completeDraft(t, DEMO.citizen, id, 21);
    await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, {
      form: { tip_lucrare: 'desfiintare', suprafata_construita: '12,345' },
    });
    const refused = await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen);
    expect(refused.json()).toEqual({
      message: 'INVALID_FORM_VALUE',
      data: {
        fields: [
          { path: 'form.suprafata_construita', message: 'Sunt permise cel mult 2 zecimale' },
          { path: 'form.memoriu_desfiintare', message: 'Vă rugăm să completați toate câmpurile obligatorii.' },
        ],
      },
    });
    // Nothing happened: still a draft, no number taken.
    expect((await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data).toMatchObject({
      status: 'DRAFT',
      identification_number: null,
    });

    // Back to 'construire': the memo is hidden again; a file attached to it goes at submission.
    const memo = await uploadFile(t, DEMO.citizen, 'memoriu.pdf');
    await call(t, 'POST', `/api/applications/${id}/files`, DEMO.citizen, { file_id: memo, category: 'memoriu_desfiintare' });
    await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, {
      form: { tip_lucrare: 'construire', suprafata_construita: '12,5' },
    });
    const sent = await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.form).toMatchObject({ tip_lucrare: 'construire', suprafata_construita: 12.5 });
    expect(sent.json().data.files.map((f: { category: string }) => f.category)).toEqual(['plan_situatie']);
  });

  it('merges form patches: null removes an answer, other keys stay', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId, { form: { denumire_lucrare: 'A', tip_lucrare: 'construire' } });
    const patched = await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, {
      form: { denumire_lucrare: null, suprafata_construita: 10 },
    });
    expect(patched.json().data.form).toMatchObject({ tip_lucrare: 'construire', suprafata_construita: 10 });
    expect(patched.json().data.form.denumire_lucrare).toBeUndefined();
  });

  it('switches to offline signing and back', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const offline = await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, {
      sign_details: { isOnline: false, package: null },
    });
    expect(offline.json().data.sign_details).toEqual({ isOnline: false, package: null });
    const invalid = await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, { sign_details: { isOnline: 'da' } });
    expect(invalid.statusCode).toBe(400);
  });

  it('a new type resets the real estates and the signing details and drops what the new form does not know', async () => {
    const other = await createFilingFixture(t, { definition: SIMPLE_FORM });
    const id = await createDraft(t, DEMO.citizen, fixture.typeId, { sign_details: { isOnline: false, package: 'pachet-1' } });
    await completeDraft(t, DEMO.citizen, id, 31);
    const changed = await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, {
      application_type_id: other.typeId,
      form: { mesaj: 'Bună ziua' },
    });
    expect(changed.statusCode).toBe(200);
    const draft = changed.json().data;
    expect(draft).toMatchObject({
      application_type_id: other.typeId,
      form_version_id: other.versionId,
      sign_details: { isOnline: true, package: null },
      real_estates: [],
      uat_id: null,
      attachments: [],
    });
    expect(draft.form).toMatchObject({ mesaj: 'Bună ziua' });
    expect(draft.form.denumire_lucrare).toBeUndefined();
    // Beneficiaries do not depend on the type.
    expect(draft.beneficiaries).toHaveLength(1);
    // The simple form has no markers: it is submitted without real estates.
    expect((await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen)).statusCode).toBe(200);
  });

  it('deletes a draft, and only a draft', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    expect((await call(t, 'DELETE', `/api/applications/${id}/draft`, DEMO.citizen)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/applications/${id}/draft`, DEMO.citizen)).statusCode).toBe(404);
  });
});

describe('after submission', () => {
  let id: number;
  beforeAll(async () => {
    id = await createDraft(t, DEMO.citizen, fixture.typeId);
    await completeDraft(t, DEMO.citizen, id, 41);
    expect((await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen)).statusCode).toBe(200);
  });

  it('refuses every draft change with APPLICATION_ALREADY_SUBMITTED', async () => {
    const fileId = await uploadFile(t, DEMO.citizen);
    const attempts = [
      await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, { purpose: 'altceva' }),
      await call(t, 'DELETE', `/api/applications/${id}/draft`, DEMO.citizen),
      await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen),
      await call(t, 'POST', `/api/applications/${id}/files`, DEMO.citizen, { file_id: fileId, category: 'plan_situatie' }),
      await call(t, 'POST', `/api/applications/${id}/beneficiaries`, DEMO.citizen, individual(42)),
      await call(t, 'POST', `/api/applications/${id}/real-estates`, DEMO.citizen, {
        cadastral_number: '777',
        uat_id: TARGU_MURES,
        type: 'land',
      }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'APPLICATION_ALREADY_SUBMITTED' });
    }
  });

  it('takes comments from the applicant, with an event', async () => {
    const response = await call(t, 'POST', `/api/applications/${id}/comment`, DEMO.citizen, { text: 'Am atașat planul corect.' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.comments).toEqual([
      expect.objectContaining({
        text: 'Am atașat planul corect.',
        is_mine: true,
        is_clarification: false,
        author_name: expect.any(String),
      }),
    ]);
    const events = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), eq(domainEvents.type, 'application.comment_added')));
    expect(events).toHaveLength(1);
    expect((await call(t, 'POST', `/api/applications/${id}/comment`, DEMO.citizen, { text: '  ' })).statusCode).toBe(400);
  });

  it('refuses comments on a draft', async () => {
    const draft = await createDraft(t, DEMO.citizen, fixture.typeId);
    const response = await call(t, 'POST', `/api/applications/${draft}/comment`, DEMO.citizen, { text: 'Salut' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'APPLICATION_NOT_SUBMITTED' });
  });

  it('answers a clarification request only while in clarifications', async () => {
    const early = await call(t, 'POST', `/api/applications/${id}/send-review`, DEMO.citizen, { citizen_review: 'Răspuns' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'CONFLICT', data: { reason: 'not_in_review', status: 'NEW' } });

    // Staff asked for clarifications (the staff side is another issue).
    await t.ctx.db.update(applications).set({ status: 'REVIEW' }).where(eq(applications.id, id));
    const before = (await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data;
    expect(before.abilities.canAnswerClarification).toBe(true);
    const answered = await call(t, 'POST', `/api/applications/${id}/send-review`, DEMO.citizen, {
      citizen_review: 'Suprafața corectă este 500 mp.',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.status).toBe('PENDING');
    expect(answered.json().data.comments.at(-1)).toMatchObject({
      text: 'Suprafața corectă este 500 mp.',
      is_clarification: true,
    });
    const events = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), eq(domainEvents.type, 'application.clarification_answered')));
    expect(events).toHaveLength(1);
    const again = await call(t, 'POST', `/api/applications/${id}/send-review`, DEMO.citizen, { citizen_review: 'Din nou' });
    expect(again.statusCode).toBe(409);
    expect((await call(t, 'POST', `/api/applications/${id}/send-review`, DEMO.citizen, {})).statusCode).toBe(400);
  });
});

describe('numbering', () => {
  it('refuses submission without an incoming series and keeps the draft', async () => {
    const noSeries = await createFilingFixture(t, { series: false });
    const id = await createDraft(t, DEMO.citizen, noSeries.typeId);
    await completeDraft(t, DEMO.citizen, id, 51);
    const response = await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('DOCUMENT_SERIES_NOT_DEFINED');
    expect((await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data.status).toBe('DRAFT');
  });

  it('numbers one type contiguously and gives a failed submission its number back', async () => {
    const own = await createFilingFixture(t, { prefix: 'AC' });
    const first = await createDraft(t, DEMO.citizen, own.typeId);
    await completeDraft(t, DEMO.citizen, first, 61);
    const failing = await createDraft(t, DEMO.citizen, own.typeId);
    const second = await createDraft(t, DEMO.citizen, own.typeId);
    await completeDraft(t, DEMO.citizen, second, 62);
    const a = (await call(t, 'PUT', `/api/applications/${first}/send`, DEMO.citizen)).json().data.identification_number;
    expect((await call(t, 'PUT', `/api/applications/${failing}/send`, DEMO.citizen)).statusCode).toBe(400);
    const b = (await call(t, 'PUT', `/api/applications/${second}/send`, DEMO.citizen)).json().data.identification_number;
    expect([a, b]).toEqual([`AC/1/${year}`, `AC/2/${year}`]);
  });
});

describe('metadata', () => {
  it('lists statuses with Romanian labels, categories and domains', async () => {
    const response = await call(t, 'GET', '/api/applications/system-metadata', DEMO.citizen);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.statuses).toContainEqual({ value: 'REVIEW', label: 'În clarificări' });
    expect(data.statuses).toHaveLength(19);
    expect(data.categories).toContainEqual({ value: 'inbound', label: 'Intrare' });
    expect(data.domains).toContainEqual({ value: 'urbanism', label: 'Urbanism' });
  });

  it('documents every route of the three modules in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { requestBody?: unknown }>>;
    for (const path of [
      '/api/applications',
      '/api/applications/listAll',
      '/api/applications/{id}',
      '/api/applications/{id}/send',
      '/api/applications/{id}/files/{fileId}',
      '/api/applications/{id}/beneficiaries/{beneficiaryId}',
      '/api/applications/{id}/real-estates/{realEstateId}',
      '/api/beneficiaries/interogate-anaf',
      '/api/ancpi/parcels-search-requests',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    expect(paths['/api/applications'].post.requestBody).toBeDefined();
    expect(paths['/api/applications/{id}/beneficiaries'].post.requestBody).toBeDefined();
  });
});
