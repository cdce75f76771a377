import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { applications, auditLog } from '../../db/schema/index.js';
import { CLUJ_NAPOCA, call, countyCouncilId, DEMO, SIGHISOARA, TARGU_MURES, userId } from '../../../test/administration-kit.js';
import { buildTenant } from '../../../test/factories.js';
import { PNG_1x1, SMALL_PDF } from '../../../test/multipart.js';
import { uploadFile } from '../../../test/applications-kit.js';
import { findApplicationTypeForFiling, isUatServedByType } from './service.js';

let t: TestApp;
let county: number;
let other: Awaited<ReturnType<typeof buildTenant>>;
let publishedForm: { id: number; published_version_id: number };
let draftForm: { id: number };
let seriesType: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  county = await countyCouncilId(t);
  other = await buildTenant(t, { uatId: SIGHISOARA });
  const form = await post('/api/forms', DEMO.superadmin, {
    name: unique('Cerere tip'),
    definition: { fields: [{ key: 'scop', type: 'text', label: 'Scopul', required: true }] },
  });
  publishedForm = (await call(t, 'POST', `/api/forms/${form.id}/publish`, DEMO.superadmin)).json().data;
  draftForm = await post('/api/forms', DEMO.superadmin, { name: unique('Ciornă') });
  seriesType = await post('/api/document-series-types', DEMO.superadmin, { name: unique('Intrări') });
});
afterAll(async () => {
  await t?.close();
});

function unique(base: string) {
  return `${base} ${Math.random().toString(36).slice(2, 8)}`;
}

async function post(path: string, who: string | Record<string, string>, body: Record<string, unknown>) {
  const response = await call(t, 'POST', path, who, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}
const createType = (body: Record<string, unknown> = {}) =>
  post('/api/application-types', DEMO.superadmin, { name: unique('Tip'), ...body });

describe('application types: permissions', () => {
  it('are configured by the super administrator only', async () => {
    expect((await call(t, 'POST', '/api/application-types', undefined, { name: 'X' })).json()).toEqual({
      message: 'AUTH_REQUIRED',
    });
    for (const who of [DEMO.admin, DEMO.staff, DEMO.citizen, DEMO.company]) {
      expect((await call(t, 'POST', '/api/application-types', who, { name: 'X' })).json(), who).toEqual({ message: 'FORBIDDEN' });
      expect((await call(t, 'PATCH', '/api/application-types/1', who, { name: 'X' })).statusCode, who).toBe(403);
      expect((await call(t, 'DELETE', '/api/application-types/1', who)).statusCode, who).toBe(403);
      expect((await call(t, 'PUT', '/api/application-types/1/taxes', who, {})).statusCode, who).toBe(403);
    }
    expect((await call(t, 'GET', '/api/application-types', DEMO.citizen)).statusCode).toBe(403);
  });

  it('are read by the organisation staff, each organisation its own; the super administrator reads all', async () => {
    const mine = await createType({ organisation_id: county });
    const theirs = await createType({ organisation_id: other.organisationId });
    const asAdmin = await call(t, 'GET', '/api/application-types?limit=500', DEMO.admin);
    expect(asAdmin.statusCode).toBe(200);
    const ids = asAdmin.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(asAdmin.json().data.every((r: { organisation_id: number }) => r.organisation_id === county)).toBe(true);
    const asStaff = await call(t, 'GET', `/api/application-types/${mine.id}`, DEMO.staff);
    expect(asStaff.json().data.abilities).toEqual({ canEdit: false, canDelete: false });
    expect((await call(t, 'GET', `/api/application-types/${theirs.id}`, DEMO.admin)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/application-types/${mine.id}`, other.headers)).statusCode).toBe(404);

    const all = await call(t, 'GET', `/api/application-types?limit=500`, DEMO.superadmin);
    expect(all.json().data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});

describe('application types: every field of spec §3', () => {
  it('creates a type with all its fields and reads them back', async () => {
    const reference = await createType();
    const clarification = await createType();
    const department = await post('/api/departments', DEMO.admin, { name: unique('Urbanism') });
    const fn = await post('/api/functions', DEMO.admin, { name: unique('Arhitect-șef') });
    // The workflow: a published process (the processes module's API).
    const process = await post('/api/processes', DEMO.superadmin, { name: unique('Proces') });
    await call(t, 'PUT', `/api/processes/${process.id}/steps`, DEMO.superadmin, {
      steps: [{ key: 'verificare', name: 'Verificare', is_start: true, action_name: 'approve' }],
    });
    expect((await call(t, 'POST', `/api/processes/${process.id}/publish`, DEMO.superadmin)).statusCode).toBe(200);
    const body = {
      name: unique('Autorizație de construire'),
      description: 'Autorizarea lucrărilor de construire',
      status: 'active',
      domain: 'urbanism',
      category: 'inbound',
      organisation_id: county,
      citizen_form_id: publishedForm.id,
      staff_form_id: draftForm.id,
      reject_form_id: null,
      document_template_ids: { staff: 11, rejection: 12 },
      series_type_ids: { incoming: seriesType.id, visa_rejection: seriesType.id },
      tax_category_ids: { construction: 3 },
      reference_type_ids: [reference.id],
      archive_document_type_code: 'AC-URB',
      workflow_id: process.id,
      is_auto: false,
      remaining_period: '30',
      list_order: 2,
      discounts: [{ name: 'Persoane cu dizabilități', percent: 100 }],
      uat_ids: [TARGU_MURES, SIGHISOARA],
      dynamic_form: true,
      digital_seal: true,
      related_clarification_type_id: clarification.id,
      department_ids: [department.id],
      function_ids: [fn.id],
      usage_categories: ['Locuințe', 'Anexe gospodărești'],
    };
    const created = await post('/api/application-types', DEMO.superadmin, body);
    expect(created).toMatchObject({
      ...body,
      remaining_period: 30,
      organisation_name: 'Consiliul Județean Mureș',
      citizen_form: { id: publishedForm.id, status: 'published', latest_version: 1 },
      staff_form: { id: draftForm.id, status: 'draft', latest_version: null },
      reject_form: null,
      document_template_ids: { staff: 11, rejection: 12, clarification: null, public: null, citizen: null },
      series_type_ids: { incoming: seriesType.id, outgoing: null, visa1: null, visa2: null, visa_rejection: seriesType.id },
      tax_category_ids: { construction: 3, land: null, extra: null },
      custom_seal_file_id: null,
      related_internal_type_id: null,
      application_count: 0,
      abilities: { canEdit: true, canDelete: true },
    });
    const read = await call(t, 'GET', `/api/application-types/${created.id}`, DEMO.superadmin);
    expect(read.json().data).toEqual(created);
    const audited = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'application_type'), eq(auditLog.entityId, String(created.id))));
    expect(audited.map((a) => [a.action, a.organisationId])).toEqual([['application_type.create', county]]);
  });

  it('fills in the defaults of a minimal type in the super administrator organisation', async () => {
    const created = await createType();
    expect(created).toMatchObject({
      organisation_id: county,
      status: 'active',
      domain: 'urbanism',
      category: 'inbound',
      remaining_period: 30,
      list_order: 0,
      is_auto: false,
      reference_type_ids: [],
      uat_ids: [],
      dynamic_form: true,
      digital_seal: false,
      citizen_form_id: null,
    });
  });

  it('refuses a duplicate name in one organisation regardless of case (APPLICATION_TYPE_EXISTS), allows it in another', async () => {
    const first = await createType({ name: unique('Certificat de urbanism') });
    const duplicate = await call(t, 'POST', '/api/application-types', DEMO.superadmin, { name: first.name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'APPLICATION_TYPE_EXISTS' });
    expect(
      (
        await call(t, 'POST', '/api/application-types', DEMO.superadmin, {
          name: first.name,
          organisation_id: other.organisationId,
        })
      ).statusCode,
    ).toBe(201);
    const second = await createType();
    expect((await call(t, 'PATCH', `/api/application-types/${second.id}`, DEMO.superadmin, { name: first.name })).json()).toEqual(
      {
        message: 'APPLICATION_TYPE_EXISTS',
      },
    );
    // Moving a type into an organisation that already has the name is refused too.
    const moving = await createType({ name: first.name, organisation_id: (await buildTenant(t)).organisationId });
    expect(
      (await call(t, 'PATCH', `/api/application-types/${moving.id}`, DEMO.superadmin, { organisation_id: county })).json(),
    ).toEqual({
      message: 'APPLICATION_TYPE_EXISTS',
    });
  });

  it('gives an automatic type no reference types (VALIDATION_ERROR on the field)', async () => {
    const reference = await createType();
    const refused = await call(t, 'POST', '/api/application-types', DEMO.superadmin, {
      name: unique('Automat'),
      is_auto: true,
      reference_type_ids: [reference.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'VALIDATION_ERROR',
      data: { fields: [{ path: 'body.reference_type_ids', message: 'Un tip de cerere automat nu are documente de referință' }] },
    });
    const withReferences = await createType({ reference_type_ids: [reference.id] });
    const toAuto = await call(t, 'PATCH', `/api/application-types/${withReferences.id}`, DEMO.superadmin, { is_auto: true });
    expect(toAuto.json().data.fields[0].path).toBe('body.reference_type_ids');
    const both = await call(t, 'PATCH', `/api/application-types/${withReferences.id}`, DEMO.superadmin, {
      is_auto: true,
      reference_type_ids: [],
    });
    expect(both.json().data).toMatchObject({ is_auto: true, reference_type_ids: [] });
  });

  it('checks what a type points at: forms, series types, types, UAT jurisdiction, departments, functions', async () => {
    const foreignDepartment = await post('/api/departments', other.headers, { name: unique('Alt departament') });
    const response = await call(t, 'POST', '/api/application-types', DEMO.superadmin, {
      name: unique('Greșit'),
      citizen_form_id: 999_999,
      series_type_ids: { outgoing: 999_998 },
      reference_type_ids: [999_997],
      uat_ids: [TARGU_MURES, CLUJ_NAPOCA],
      department_ids: [foreignDepartment.id],
      function_ids: [999_996],
      custom_seal_file_id: 999_995,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toEqual([
      { path: 'body.citizen_form_id', message: 'Formularul nu există', id: 999_999 },
      { path: 'body.series_type_ids.outgoing', message: 'Tipul de serie nu există', id: 999_998 },
      { path: 'body.reference_type_ids', message: 'Tipul de cerere nu există', id: 999_997 },
      { path: 'body.uat_ids', message: 'UAT-ul nu se află în jurisdicția instituției', ids: [CLUJ_NAPOCA] },
      { path: 'body.department_ids', message: 'Departamentul nu aparține instituției', ids: [foreignDepartment.id] },
      { path: 'body.function_ids', message: 'Funcția nu aparține instituției', ids: [999_996] },
      { path: 'body.custom_seal_file_id', message: 'Fișierul nu există' },
    ]);
    // A city hall answers only for its own UAT.
    const cityHall = await call(t, 'POST', '/api/application-types', DEMO.superadmin, {
      name: unique('Primărie'),
      organisation_id: other.organisationId,
      uat_ids: [TARGU_MURES],
    });
    expect(cityHall.json().data.fields).toEqual([
      { path: 'body.uat_ids', message: 'UAT-ul nu se află în jurisdicția instituției', ids: [TARGU_MURES] },
    ]);
    const self = await createType();
    const selfReference = await call(t, 'PATCH', `/api/application-types/${self.id}`, DEMO.superadmin, {
      reference_type_ids: [self.id],
    });
    expect(selfReference.json().data.fields[0]).toMatchObject({
      path: 'body.reference_type_ids',
      message: 'Un tip de cerere nu se poate referi la el însuși',
    });
    const badBody = await call(t, 'POST', '/api/application-types', DEMO.superadmin, {
      name: unique('Termen'),
      remaining_period: 10_000,
    });
    expect(badBody.json().data.fields[0]).toMatchObject({ path: 'body.remaining_period', message: 'Introdu un numar' });
  });

  it('takes as custom seal only a PNG or JPEG the super administrator uploaded', async () => {
    const type = await createType({ digital_seal: true });
    const seal = (fileId: number) =>
      call(t, 'PATCH', `/api/application-types/${type.id}`, DEMO.superadmin, { custom_seal_file_id: fileId });
    const pdf = await uploadFile(t, DEMO.superadmin, 'sigiliu.pdf', SMALL_PDF);
    expect((await seal(pdf)).json().data.fields).toEqual([
      { path: 'body.custom_seal_file_id', message: 'Sigiliul trebuie să fie o imagine PNG sau JPEG' },
    ]);
    // Somebody else's image is as good as missing: it would be stamped on issued documents.
    const foreign = await uploadFile(t, DEMO.citizen, 'poza.png', PNG_1x1);
    expect((await seal(foreign)).json().data.fields).toEqual([
      { path: 'body.custom_seal_file_id', message: 'Fișierul nu există' },
    ]);
    const own = await uploadFile(t, DEMO.superadmin, 'sigiliu.png', PNG_1x1);
    const saved = await seal(own);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ digital_seal: true, custom_seal_file_id: own });
  });

  it('edits by merge-patch: objects of ids merge key by key, null clears, lists are replaced', async () => {
    const type = await createType({
      series_type_ids: { incoming: seriesType.id, outgoing: seriesType.id },
      uat_ids: [TARGU_MURES],
      description: 'Descriere',
    });
    const patched = await call(t, 'PATCH', `/api/application-types/${type.id}`, DEMO.superadmin, {
      series_type_ids: { outgoing: null, visa1: seriesType.id },
      uat_ids: [SIGHISOARA],
      description: null,
      status: 'inactive',
      remaining_period: 15,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      series_type_ids: { incoming: seriesType.id, outgoing: null, visa1: seriesType.id, visa2: null, visa_rejection: null },
      uat_ids: [SIGHISOARA],
      description: null,
      status: 'inactive',
      remaining_period: 15,
      name: type.name,
    });
  });

  it('stores the tax categories: all-taxes replaces, taxes sets the given ones', async () => {
    // The categories must exist and be active (issue 13).
    const [c2, c5, c7, c9] = await Promise.all(
      ['A', 'B', 'C', 'D'].map(
        async (letter) => (await post('/api/tax-categories', DEMO.superadmin, { name: unique(`Taxe ${letter}`) })).id,
      ),
    );
    const type = await createType({ tax_category_ids: { land: c2, extra: c9 } });
    const all = await call(t, 'PUT', `/api/application-types/${type.id}/all-taxes`, DEMO.superadmin, { construction: c5 });
    expect(all.json().data.tax_category_ids).toEqual({ construction: c5, land: null, extra: null });
    const some = await call(t, 'PUT', `/api/application-types/${type.id}/taxes`, DEMO.superadmin, { land: c7 });
    expect(some.json().data.tax_category_ids).toEqual({ construction: c5, land: c7, extra: null });
    expect((await call(t, 'PUT', '/api/application-types/999999/taxes', DEMO.superadmin, { land: c7 })).statusCode).toBe(404);
  });
});

describe('application types: list', () => {
  it('filters, sorts, pages, trims records and serves an unpaged autocomplete', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await createType({ name: `Aviz ${tag} A`, domain: 'approvals', list_order: 2 });
    const b = await createType({ name: `Aviz ${tag} B`, domain: 'approvals', status: 'inactive', list_order: 1 });
    const page = await call(
      t,
      'GET',
      `/api/application-types?orLikeQuery=${tag}&pagination=true&limit=1&sortKey=list_order`,
      DEMO.superadmin,
    );
    expect(page.json().pagination).toEqual({ total: 2, skip: 0, limit: 1 });
    expect(page.json().data[0].id).toBe(b.id);
    const active = await call(
      t,
      'GET',
      `/api/application-types?orLikeQuery=${tag}&status[eq]=active&domain[eq]=approvals`,
      DEMO.superadmin,
    );
    expect(active.json().data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    // More types than the default page of 20: the unpaged autocomplete still returns them all.
    const total = async () =>
      (await call(t, 'GET', '/api/application-types?pagination=true&limit=1', DEMO.superadmin)).json().pagination.total;
    while ((await total()) <= 20) await createType();
    const autocomplete = await call(t, 'GET', '/api/application-types?unpaged=true&fields=id,name', DEMO.superadmin);
    expect(autocomplete.json().data).toHaveLength(await total());
    for (const record of autocomplete.json().data) expect(Object.keys(record).sort()).toEqual(['id', 'name']);
    expect((await call(t, 'GET', '/api/application-types?fields=nope', DEMO.superadmin)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/application-types?secret[eq]=1', DEMO.superadmin)).json().data.reason).toBe(
      'unknown_field',
    );
  });
});

describe('application types: deletion', () => {
  it('keeps a type with applications or one other types refer to (CONFLICT referenced)', async () => {
    const used = await createType();
    const citizen = await userId(t, DEMO.citizen);
    await t.ctx.db
      .insert(applications)
      .values({ applicationTypeId: used.id, organisationId: county, applicantUserId: citizen, createdBy: citizen });
    const refused = await call(t, 'DELETE', `/api/application-types/${used.id}`, DEMO.superadmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'CONFLICT',
      data: { reason: 'referenced', applications: 1, application_types: 0 },
    });
    expect((await call(t, 'GET', `/api/application-types/${used.id}`, DEMO.superadmin)).json().data).toMatchObject({
      application_count: 1,
      abilities: { canDelete: false },
    });

    const referenced = await createType();
    await createType({ reference_type_ids: [referenced.id] });
    expect((await call(t, 'DELETE', `/api/application-types/${referenced.id}`, DEMO.superadmin)).json()).toEqual({
      message: 'CONFLICT',
      data: { reason: 'referenced', applications: 0, application_types: 1 },
    });

    const free = await createType();
    expect((await call(t, 'DELETE', `/api/application-types/${free.id}`, DEMO.superadmin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/application-types/${free.id}`, DEMO.superadmin)).statusCode).toBe(404);
  });
});

describe('application types: the public list of the citizen wizard', () => {
  it('lists active inbound types with a published citizen form, by list order then name', async () => {
    const domain = 'tourism';
    const second = await createType({
      name: unique('B Aviz turistic'),
      domain,
      list_order: 2,
      citizen_form_id: publishedForm.id,
      remaining_period: 15,
    });
    const firstB = await createType({ name: 'Z Clasificare', domain, list_order: 1, citizen_form_id: publishedForm.id });
    const firstA = await createType({ name: 'A Clasificare', domain, list_order: 1, citizen_form_id: publishedForm.id });
    await createType({ name: unique('Inactiv'), domain, status: 'inactive', citizen_form_id: publishedForm.id });
    await createType({ name: unique('Ciornă'), domain, citizen_form_id: draftForm.id });
    await createType({ name: unique('Fără formular'), domain });
    await createType({ name: unique('Ieșire'), domain, category: 'outbound', citizen_form_id: publishedForm.id });

    const response = await call(t, 'GET', `/api/application-types/organisation?domain=${domain}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((r: { id: number }) => r.id)).toEqual([firstA.id, firstB.id, second.id]);
    expect(response.json().data[2]).toEqual({
      id: second.id,
      name: second.name,
      description: null,
      domain,
      category: 'inbound',
      organisation_id: county,
      organisation_name: 'Consiliul Județean Mureș',
      remaining_period: 15,
      list_order: 2,
      is_auto: false,
      uat_ids: [],
      citizen_form_id: publishedForm.id,
      citizen_form_version_id: publishedForm.published_version_id,
      citizen_form_version: 1,
    });
    const byOrganisation = await call(
      t,
      'GET',
      `/api/application-types/organisation?domain=${domain}&organisation_id=${other.organisationId}`,
    );
    expect(byOrganisation.json().data).toEqual([]);
    expect((await call(t, 'GET', '/api/application-types/organisation?domain=nope')).statusCode).toBe(400);
    // Signed-in users read it too.
    expect((await call(t, 'GET', `/api/application-types/organisation?domain=${domain}`, DEMO.citizen)).json().data).toHaveLength(
      3,
    );
  });

  it('serves the published citizen form of a listed type, and nothing for the others', async () => {
    const listed = await createType({ citizen_form_id: publishedForm.id });
    const form = await call(t, 'GET', `/api/application-types/${listed.id}/citizen-form`);
    expect(form.json().data).toEqual({
      application_type_id: listed.id,
      form_id: publishedForm.id,
      form_version_id: publishedForm.published_version_id,
      version: 1,
      definition: {
        fields: [{ key: 'scop', type: 'text', label: 'Scopul', required: true, width: 'full', maxLength: 255, mode: 'any' }],
      },
    });
    const inactive = await createType({ citizen_form_id: publishedForm.id, status: 'inactive' });
    expect((await call(t, 'GET', `/api/application-types/${inactive.id}/citizen-form`)).statusCode).toBe(404);
    const unpublished = await createType({ citizen_form_id: draftForm.id });
    expect((await call(t, 'GET', `/api/application-types/${unpublished.id}/citizen-form`)).statusCode).toBe(404);
  });
});

describe('application types: what the applications module reads', () => {
  it('gives a type with the published versions of its forms and the UATs it serves', async () => {
    const type = await createType({ citizen_form_id: publishedForm.id, staff_form_id: draftForm.id });
    const filing = await findApplicationTypeForFiling(t.ctx.db, type.id);
    expect(filing?.type).toMatchObject({ id: type.id, organisationId: county });
    expect(filing?.citizenForm).toMatchObject({ id: publishedForm.published_version_id, formId: publishedForm.id, version: 1 });
    expect(filing?.staffForm).toBeNull();
    expect(await findApplicationTypeForFiling(t.ctx.db, 999_999)).toBeNull();

    // No UATs listed: the whole jurisdiction of the county council (the county of Mureș).
    expect(await isUatServedByType(t.ctx.db, { organisationId: county, uatIds: [] }, SIGHISOARA)).toBe(true);
    expect(await isUatServedByType(t.ctx.db, { organisationId: county, uatIds: [] }, CLUJ_NAPOCA)).toBe(false);
    expect(await isUatServedByType(t.ctx.db, { organisationId: county, uatIds: [TARGU_MURES] }, SIGHISOARA)).toBe(false);
  });
});
