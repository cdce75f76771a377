import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../../test/administration-kit.js';
import { buildTenant } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import {
  applicationDocuments,
  applicationFiles,
  applications,
  applicationTypes,
  documentSeriesCounters,
  documentTemplates,
  files,
  signingRequests,
} from '../../../db/schema/index.js';
import { buildStaffFixture, fileApplication, setState, type StaffFixture, staffCall, statusOf } from '../staff/staff-kit.js';

/**
 * Document templates (CRUD, validation, permissions, organisations) and an application's output
 * document end to end: generate (through the job), return, regenerate, numbering, the panel,
 * previews, the public verification page, and the applicant's combined file list.
 */

let t: TestApp;
let f: StaffFixture;
let answerTemplateId: number;
let rejectionTemplateId: number;
let outgoingSeriesId: number;
let outgoingTypeId: number;
const PREFIX = `IES${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

let sequence = 0;
const uniqueName = (base: string) => `${base} ${++sequence}-${Math.random().toString(36).slice(2, 7)}`;

const text = (value: string, marks?: string[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks: marks.map((m) => ({ type: m })) } : {}),
});
const ph = (key: string) => ({ type: 'placeholder', attrs: { key } });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });

const CONTENT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Certificat de urbanism — ștampilă țară')] },
    para(text('Solicitant: '), ph('applicant.name'), text(', cererea nr. '), ph('application.entry_number')),
    para(text('Lucrarea: ', ['bold']), ph('form.denumire_lucrare'), text('; observații: '), ph('form_staff.observatii')),
    para(text('Număr document: '), ph('document.output_number')),
    {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [para(text('Regim juridic: intravilan'))] }],
    },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colspan: 2 }, content: [para(text('Indicatori'))] }] },
        {
          type: 'tableRow',
          content: [
            { type: 'tableCell', content: [para(text('POT'))] },
            { type: 'tableCell', content: [para(text('35%'))] },
          ],
        },
      ],
    },
  ],
};

const LAYOUT = {
  rows: [[{ index: 2, label: 'Președinte', signer: 'president' }], [{ index: 1, label: 'Întocmit', signer: 'assignee' }]],
};

const createTemplate = (who: string | Record<string, string>, body: Record<string, unknown> = {}) =>
  call(t, 'POST', '/api/document-templates', who, {
    name: uniqueName('Certificat'),
    content: CONTENT,
    signing_layout: LAYOUT,
    ...body,
  });

async function created(url: string, body: Record<string, unknown>) {
  const response = await call(t, 'POST', url, DEMO.superadmin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildStaffFixture(t);
  const outgoingType = await created('/api/document-series-types', { name: uniqueName('Ieșiri') });
  outgoingTypeId = outgoingType.id;
  const series = await created('/api/document-series', {
    type_id: outgoingType.id,
    organisation_id: f.organisationId,
    name: uniqueName('Ieșiri'),
    prefix: PREFIX,
    rejected_prefix: `R${PREFIX}`,
    separator: '/',
  });
  outgoingSeriesId = series.id;
  const answer = await createTemplate(DEMO.superadmin);
  expect(answer.statusCode, answer.body).toBe(201);
  answerTemplateId = answer.json().data.id;
  const rejection = await createTemplate(DEMO.superadmin, {
    system_type: 'raspuns_respingere',
    content: {
      type: 'doc',
      content: [para(text('Respingem cererea lui '), ph('applicant.name'), text('. Motiv: '), ph('application.rejected_reason'))],
    },
  });
  expect(rejection.statusCode, rejection.body).toBe(201);
  rejectionTemplateId = rejection.json().data.id;
  const [type] = await t.ctx.db.select().from(applicationTypes).where(eq(applicationTypes.id, f.typeId));
  await t.ctx.db
    .update(applicationTypes)
    .set({
      seriesTypeIds: { ...type.seriesTypeIds, outgoing: outgoingType.id },
      documentTemplateIds: { staff: answerTemplateId, rejection: rejectionTemplateId },
    })
    .where(eq(applicationTypes.id, f.typeId));
});
afterAll(async () => {
  await t?.close();
});

/** A filed application in `status`, handled by the supervisor, with the staff form answered. */
async function applicationIn(status: 'APPROVED' | 'REJECTED_IN_PROGRESS' | 'PENDING') {
  const id = await fileApplication(t, f);
  await setState(t, id, {
    status,
    registeredAt: new Date(),
    assigneeUserId: f.supervisor.id,
    reviewerUserId: f.supervisor.id,
    formStaff: { observatii: 'Conform PUG, zona L1a' },
    rejectedReason: status === 'REJECTED_IN_PROGRESS' ? 'Documentație incompletă' : null,
  });
  return id;
}

const generate = (id: number, action = 'approve', who = f.supervisor) =>
  staffCall(t, 'PUT', `/${id}/${action}/generate-document`, who);

async function generated(id: number, action = 'approve') {
  const response = await generate(id, action);
  expect(response.statusCode, response.body).toBe(202);
  await t.ctx.jobs.drain();
  return response.json().data;
}

describe('document templates', () => {
  it('creates common templates (super admin) and own templates (admin), with the name unique per organisation', async () => {
    const tenant = await buildTenant(t);
    const other = await buildTenant(t);
    const common = (await call(t, 'GET', `/api/document-templates/${answerTemplateId}`, DEMO.superadmin)).json().data;
    expect(common).toMatchObject({ organisation_id: null, status: 'active', abilities: { canEdit: true } });
    expect(common.placeholder_keys).toContain('applicant.name');
    expect(common.signing_layout.rows[0][0]).toMatchObject({ index: 2, signer: 'president', function_id: null, visa: null });

    const name = uniqueName('Aviz');
    const own = await createTemplate(tenant.headers, { name, system_type: 'aviz' });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data).toMatchObject({ organisation_id: tenant.organisationId, system_type_label: 'Aviz' });
    const twice = await createTemplate(tenant.headers, { name: name.toUpperCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('DUPLICATE_DOCUMENT_TEMPLATE_NAME');
    expect((await createTemplate(other.headers, { name })).statusCode).toBe(201);

    // Another organisation's template does not exist for an admin; a common one is read-only.
    const ownId = own.json().data.id;
    expect((await call(t, 'GET', `/api/document-templates/${ownId}`, other.headers)).statusCode).toBe(404);
    expect((await call(t, 'PATCH', `/api/document-templates/${ownId}`, other.headers, { name: 'Altul' })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/document-templates/${ownId}`, other.headers)).statusCode).toBe(404);
    const commonByAdmin = await call(t, 'GET', `/api/document-templates/${answerTemplateId}`, tenant.headers);
    expect(commonByAdmin.json().data.abilities).toEqual({ canEdit: false, canDelete: false });
    expect(
      (await call(t, 'PATCH', `/api/document-templates/${answerTemplateId}`, tenant.headers, { name: 'Nou' })).statusCode,
    ).toBe(403);

    const list = await call(t, 'GET', '/api/document-templates?limit=500&pagination=true', tenant.headers);
    expect(list.statusCode, list.body).toBe(200);
    const organisations = new Set(list.json().data.map((r: { organisation_id: number | null }) => r.organisation_id));
    expect([...organisations].every((o) => o === null || o === tenant.organisationId)).toBe(true);
    expect(list.json().pagination.total).toBeGreaterThanOrEqual(2);
    const filtered = await call(
      t,
      'GET',
      `/api/document-templates?system_type=aviz&name[contains]=${encodeURIComponent(name.slice(0, 8))}`,
      tenant.headers,
    );
    expect(filtered.json().data.map((r: { id: number }) => r.id)).toEqual([ownId]);
    expect((await call(t, 'GET', '/api/document-templates?sortKey=-name', tenant.headers)).statusCode).toBe(200);
    const slim = await call(t, 'GET', '/api/document-templates?fields=name', tenant.headers);
    expect(Object.keys(slim.json().data[0]).sort()).toEqual(['id', 'name']);
    expect((await call(t, 'GET', '/api/document-templates?fields=content', tenant.headers)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/document-templates?sortKey=content', tenant.headers)).statusCode).toBe(400);

    const described = await call(t, 'PATCH', `/api/document-templates/${ownId}`, tenant.headers, { description: 'Aviz tehnic' });
    expect(described.json().data.description).toBe('Aviz tehnic');
    const patched = await call(t, 'PATCH', `/api/document-templates/${ownId}`, tenant.headers, { status: 'inactive' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ status: 'inactive', description: 'Aviz tehnic' });
    const options = (await call(t, 'GET', '/api/document-templates/options', tenant.headers)).json().data;
    expect(options.some((o: { id: number }) => o.id === ownId)).toBe(false);
    expect(options.some((o: { id: number }) => o.id === answerTemplateId)).toBe(true);

    expect((await call(t, 'DELETE', `/api/document-templates/${ownId}`, tenant.headers)).statusCode).toBe(204);
  });

  it('refuses unknown placeholders, broken layouts, foreign nodes and short names', async () => {
    const unknown = await createTemplate(DEMO.superadmin, {
      content: { type: 'doc', content: [para(ph('applicant.shoe_size'))] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'UNKNOWN_PLACEHOLDER', data: { key: 'applicant.shoe_size' } });

    const layout = await createTemplate(DEMO.superadmin, {
      signing_layout: {
        rows: [[{ index: 1, label: 'Întocmit', signer: 'assignee' }], [{ index: 2, label: 'Președinte', signer: 'president' }]],
      },
    });
    expect(layout.statusCode).toBe(400);
    expect(layout.json().message).toBe('INVALID_SIGNING_LAYOUT');
    expect(layout.json().data.problems).toContain('primul rând');

    const tooMany = await createTemplate(DEMO.superadmin, {
      signing_layout: { rows: Array.from({ length: 8 }, (_, i) => [{ index: i + 1, label: 'X', signer: 'assignee' }]) },
    });
    expect(tooMany.statusCode).toBe(400);

    const image = await createTemplate(DEMO.superadmin, {
      content: { type: 'doc', content: [{ type: 'image', attrs: { src: 'http://x' } }] },
    });
    expect(image.statusCode).toBe(400);
    let deep: unknown = text('x');
    for (let i = 0; i < 200; i++) deep = { type: 'blockquote', content: [deep] };
    expect((await createTemplate(DEMO.superadmin, { content: { type: 'doc', content: [deep] } })).statusCode).toBe(400);
    expect((await createTemplate(DEMO.superadmin, { name: 'Ab' })).statusCode).toBe(400);
  });

  it('is for administrators only and refuses to delete a template an application type uses', async () => {
    expect((await call(t, 'GET', '/api/document-templates', DEMO.citizen)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/document-templates', f.clerk.headers)).statusCode).toBe(403);
    expect((await createTemplate(f.clerk.headers)).statusCode).toBe(403);
    const used = await call(t, 'DELETE', `/api/document-templates/${answerTemplateId}`, DEMO.superadmin);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('DOCUMENT_TEMPLATE_IN_USE');
  });

  it('lists the placeholders with the form fields of a type', async () => {
    const all = (
      await call(t, 'GET', `/api/document-templates/placeholders?application_type_id=${f.typeId}`, DEMO.superadmin)
    ).json().data;
    const keys = all.map((p: { key: string }) => p.key);
    expect(keys).toEqual(expect.arrayContaining(['applicant.name', 'form.denumire_lucrare', 'form_staff.observatii']));
    expect(keys).not.toContain('form.plan_situatie');
    expect(all.find((p: { key: string }) => p.key === 'form_staff.observatii')).toMatchObject({
      label: 'Observații',
      group: 'form_staff',
    });
    const tenant = await buildTenant(t);
    expect(
      (await call(t, 'GET', `/api/document-templates/placeholders?application_type_id=${f.typeId}`, tenant.headers)).statusCode,
    ).toBe(404);
  });

  it('previews a template on an application of the organisation, storing nothing', async () => {
    const id = await applicationIn('APPROVED');
    const before = (await t.ctx.db.select().from(files)).length;
    const response = await call(t, 'POST', `/api/document-templates/${answerTemplateId}/preview`, DEMO.superadmin, {
      application_id: id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const content = pdfText(response.rawPayload);
    expect(content).toContain('(se alocă la generare)');
    expect(content).toContain('Locuință P+1');
    expect((await t.ctx.db.select().from(files)).length).toBe(before);
    const tenant = await buildTenant(t);
    expect(
      (await call(t, 'POST', `/api/document-templates/${answerTemplateId}/preview`, tenant.headers, { application_id: id }))
        .statusCode,
    ).toBe(400);
  });
});

describe('generating the output document', () => {
  it('numbers, queues and renders the answer; the application becomes GENERATED', async () => {
    const id = await applicationIn('APPROVED');
    const response = await generate(id);
    expect(response.statusCode, response.body).toBe(202);
    const document = response.json().data;
    expect(document).toMatchObject({ kind: 'answer', revision: 1, state: 'generating', progress: 0 });
    expect(document.output_number).toMatch(new RegExp(`^${PREFIX}/\\d+/\\d{4}$`));
    expect(await statusOf(t, id)).toBe('APPROVED');
    const waiting = await call(t, 'GET', `/api/applications/${id}/check-generation-status`, f.citizen.headers);
    expect(waiting.json().data).toMatchObject({ state: 'generating', progress: 0, error_code: null });

    const started = performance.now();
    await t.ctx.jobs.drain();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(5000);
    expect(await statusOf(t, id)).toBe('GENERATED');
    const status = (await call(t, 'GET', `/api/applications/${id}/check-generation-status`, f.supervisor.headers)).json().data;
    expect(status).toMatchObject({ state: 'generated', progress: 100, error_code: null });

    const pdf = await staffCall(t, 'GET', `/${id}/preview-document`, f.supervisor);
    expect(pdf.statusCode).toBe(200);
    const content = pdfText(pdf.rawPayload);
    expect(content).toContain('Certificat de urbanism — ștampilă țară');
    expect(content).toContain(document.output_number);
    expect(content).toContain('Locuință P+1');
    expect(content).toContain('Conform PUG, zona L1a');
    expect(content).toContain('Președinte');
    expect(content).toContain('Sorin Șef');
    expect(content).toContain('Document generat de Ghișeul Unic');
    expect(content).not.toContain('applicant.name');

    const panel = (await staffCall(t, 'GET', `/${id}/document`, f.supervisor)).json().data;
    expect(panel.document).toMatchObject({ state: 'generated', state_label: 'Generat', output_number: document.output_number });
    expect(panel.document.file.sha256).toBe(panel.document.generated_sha256);
    expect(Date.parse(panel.document.generated_at)).toBeGreaterThan(Date.parse(document.created_at) - 1000);
    expect(panel.document.file.download_url).toContain('/api/files/');
    expect(panel.document.cells.map((c: { index: number }) => c.index)).toEqual([1, 2]);
    expect(panel.document.cells[0]).toMatchObject({ signer: 'assignee', signer_name: 'Sorin Șef', signed: false });
    for (const cell of panel.document.cells) {
      expect(cell.box).toMatchObject({ page: 0, height: 50 });
      expect(cell.box.y).toBeGreaterThan(96);
    }
    // The president's row is above the assignee's (PDF y grows upwards).
    expect(panel.document.cells[1].box.y).toBeGreaterThan(panel.document.cells[0].box.y);
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row.allocatedDocumentSeries).toBe(document.output_number);
    const history = (await call(t, 'GET', `/api/applications/${id}/history`, f.citizen.headers)).json().data;
    expect(history.map((h: { label: string }) => h.label)).toEqual(
      expect.arrayContaining(['Generarea documentului pornită', 'Document generat']),
    );
  });

  it('keeps the output number across a return and a regeneration', async () => {
    const id = await applicationIn('APPROVED');
    const first = await generated(id);
    await t.ctx.db.insert(signingRequests).values({
      requestId: `req-${id}`,
      userId: f.supervisor.id,
      kind: 'document',
      items: [{ applicationId: id, documentId: first.id }],
      confirmation: 'pin',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const unconfirmed = await staffCall(t, 'PATCH', `/${id}/return-document`, f.supervisor, {});
    expect(unconfirmed.statusCode).toBe(400);
    const returned = await staffCall(t, 'PATCH', `/${id}/return-document`, f.supervisor, { confirm: true });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data.state).toBe('returned');
    expect(await statusOf(t, id)).toBe('APPROVED');
    const [request] = await t.ctx.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.requestId, `req-${id}`));
    expect(request.status).toBe('cancelled');
    const counter = async () =>
      (
        await t.ctx.db
          .select()
          .from(documentSeriesCounters)
          .where(and(eq(documentSeriesCounters.seriesId, outgoingSeriesId), eq(documentSeriesCounters.kind, 'main')))
      )[0].currentIndex;
    const before = await counter();
    const second = await generated(id);
    expect(second).toMatchObject({ revision: 2, output_number: first.output_number });
    expect(await counter()).toBe(before);
    const panel = (await staffCall(t, 'GET', `/${id}/document`, f.supervisor)).json().data;
    expect(panel.document.revision).toBe(2);
    expect(panel.history.map((h: { revision: number; state: string }) => [h.revision, h.state])).toEqual([[1, 'returned']]);
    expect(panel.document.verification_url).not.toBe(first.verification_url);

    // A number given before any generation (a reserved one) is the document's.
    const reserved = await applicationIn('APPROVED');
    await setState(t, reserved, { allocatedDocumentSeries: `${PREFIX}/R-1/2026` });
    expect((await generated(reserved)).output_number).toBe(`${PREFIX}/R-1/2026`);
  });

  it('numbers a rejection from the rejected counter, and refuses without a rejected prefix', async () => {
    const id = await applicationIn('REJECTED_IN_PROGRESS');
    const document = await generated(id, 'reject');
    expect(document.output_number.startsWith(`R${PREFIX}/`)).toBe(true);
    expect(await statusOf(t, id)).toBe('GENERATED');

    const other = await applicationIn('REJECTED_IN_PROGRESS');
    await call(t, 'PATCH', `/api/document-series/${outgoingSeriesId}`, DEMO.superadmin, { rejected_prefix: '' });
    try {
      const refused = await generate(other, 'reject');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('ERROR_MISSING_DOCUMENT_REJECTED_SERIES');
    } finally {
      await call(t, 'PATCH', `/api/document-series/${outgoingSeriesId}`, DEMO.superadmin, { rejected_prefix: `R${PREFIX}` });
    }
    const [type] = await t.ctx.db.select().from(applicationTypes).where(eq(applicationTypes.id, f.typeId));
    await t.ctx.db
      .update(applicationTypes)
      .set({ seriesTypeIds: { incoming: type.seriesTypeIds.incoming as number } })
      .where(eq(applicationTypes.id, f.typeId));
    try {
      const none = await generate(other, 'reject');
      expect(none.json().message).toBe('ERROR_MISSING_DOCUMENT_REJECTED_SERIES');
      const approved = await applicationIn('APPROVED');
      expect((await generate(approved)).json().message).toBe('DOCUMENT_SERIES_NOT_DEFINED');
    } finally {
      await t.ctx.db
        .update(applicationTypes)
        .set({ seriesTypeIds: { ...type.seriesTypeIds, outgoing: outgoingTypeId } })
        .where(eq(applicationTypes.id, f.typeId));
    }
  });

  it('records a failed generation on the revision and leaves the application where it was', async () => {
    const id = await applicationIn('APPROVED');
    const first = (await generate(id)).json().data;
    // The template vanishes under the job: the render fails.
    await t.ctx.db.update(applicationDocuments).set({ templateId: null }).where(eq(applicationDocuments.id, first.id));
    await t.ctx.jobs.drain();
    const status = (await call(t, 'GET', `/api/applications/${id}/check-generation-status`, f.citizen.headers)).json().data;
    expect(status).toMatchObject({ state: 'error', error_code: 'ERROR_DOCUMENT_GENERATION' });
    expect(await statusOf(t, id)).toBe('APPROVED');
    // A failed revision is history: generating again is allowed and keeps the number.
    const second = await generated(id);
    expect(second).toMatchObject({ revision: 2, output_number: first.output_number });
    expect(await statusOf(t, id)).toBe('GENERATED');
  });

  it('generates once when two clerks ask at the same time', async () => {
    const id = await applicationIn('APPROVED');
    const answers = await Promise.all([generate(id), generate(id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe('DOCUMENT_ALREADY_GENERATED');
    await t.ctx.jobs.drain();
    expect(await statusOf(t, id)).toBe('GENERATED');
  });

  it('refuses to generate from a template whose layout was broken behind the editor’s back', async () => {
    const broken = await createTemplate(DEMO.superadmin);
    const brokenId = broken.json().data.id;
    await t.ctx.db
      .update(documentTemplates)
      .set({ signingLayout: { rows: [] } })
      .where(eq(documentTemplates.id, brokenId));
    await t.ctx.db
      .update(applicationTypes)
      .set({ documentTemplateIds: { staff: answerTemplateId, rejection: brokenId } })
      .where(eq(applicationTypes.id, f.typeId));
    try {
      const refused = await generate(await applicationIn('REJECTED_IN_PROGRESS'), 'reject');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('INVALID_SIGNING_LAYOUT');
    } finally {
      await t.ctx.db
        .update(applicationTypes)
        .set({ documentTemplateIds: { staff: answerTemplateId, rejection: rejectionTemplateId } })
        .where(eq(applicationTypes.id, f.typeId));
    }
  });

  it('refuses to generate from a template without text', async () => {
    const empty = await createTemplate(DEMO.superadmin, { content: { type: 'doc', content: [para(text(' '))] } });
    expect(empty.statusCode, empty.body).toBe(201);
    await t.ctx.db
      .update(applicationTypes)
      .set({ documentTemplateIds: { staff: answerTemplateId, rejection: empty.json().data.id } })
      .where(eq(applicationTypes.id, f.typeId));
    try {
      const id = await applicationIn('REJECTED_IN_PROGRESS');
      const refused = await generate(id, 'reject');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('DOCUMENT_TEMPLATE_EMPTY');
      const preview = await call(t, 'POST', `/api/document-templates/${empty.json().data.id}/preview`, DEMO.superadmin, {
        application_id: id,
      });
      expect(preview.json().message).toBe('DOCUMENT_TEMPLATE_EMPTY');
    } finally {
      await t.ctx.db
        .update(applicationTypes)
        .set({ documentTemplateIds: { staff: answerTemplateId, rejection: rejectionTemplateId } })
        .where(eq(applicationTypes.id, f.typeId));
    }
  });

  it('follows the transition table and the staff policy (403 / 404 / 409)', async () => {
    const pending = await applicationIn('PENDING');
    const wrong = await generate(pending);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('APPLICATION_ACTION_NOT_ALLOWED');
    const approved = await applicationIn('APPROVED');
    expect((await generate(approved, 'reject')).statusCode).toBe(409);
    expect((await generate(approved, 'archive')).statusCode).toBe(400);
    expect((await generate(approved, 'approve', f.plain)).statusCode).toBe(404);
    expect((await generate(approved, 'approve', f.clerk)).statusCode).toBe(403);
    expect((await generate(approved, 'approve', f.stranger)).statusCode).toBe(404);
    expect((await staffCall(t, 'PATCH', `/${approved}/return-document`, f.supervisor, { confirm: true })).json().message).toBe(
      'EMPTY_TARGET_FILES',
    );
    expect((await staffCall(t, 'GET', `/${approved}/preview-document`, f.supervisor)).json().message).toBe('EMPTY_TARGET_FILES');
    await generated(approved);
    const again = await setState(t, approved, { status: 'APPROVED' }).then(() => generate(approved));
    expect(again.json().message).toBe('DOCUMENT_ALREADY_GENERATED');
    await setState(t, approved, { status: 'GENERATED' });
    expect((await staffCall(t, 'PATCH', `/${approved}/return-document`, f.clerk, { confirm: true })).statusCode).toBe(403);

    // No active template of the role: a catalogue code.
    await t.ctx.db
      .update(applicationTypes)
      .set({ documentTemplateIds: { staff: answerTemplateId } })
      .where(eq(applicationTypes.id, f.typeId));
    try {
      const rejected = await applicationIn('REJECTED_IN_PROGRESS');
      expect((await generate(rejected, 'reject')).json().message).toBe('DOCUMENT_TEMPLATE_NOT_DEFINED');
    } finally {
      await t.ctx.db
        .update(applicationTypes)
        .set({ documentTemplateIds: { staff: answerTemplateId, rejection: rejectionTemplateId } })
        .where(eq(applicationTypes.id, f.typeId));
    }
  });

  it('shows an issued document on the public page with only its public facts, and to the applicant', async () => {
    const id = await applicationIn('APPROVED');
    const document = await generated(id);
    const [row] = await t.ctx.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, document.id));
    const code = row.verificationCode;
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const before = await call(t, 'GET', `/api/public/documents/${code}`);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe('DOCUMENT_NOT_FOUND');
    expect((await call(t, 'GET', `/api/applications/${id}/preview-document`, f.citizen.headers)).statusCode).toBe(404);

    const issuedAt = new Date('2026-03-20T10:00:00Z');
    await t.ctx.db
      .update(applicationDocuments)
      .set({ state: 'issued', issuedAt })
      .where(eq(applicationDocuments.id, document.id));
    const page = await call(t, 'GET', `/api/public/documents/${code}`);
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(Object.keys(data).sort()).toEqual(['document_name', 'issued_at', 'issuer', 'output_number', 'sha256', 'state']);
    expect(data).toMatchObject({ output_number: document.output_number, state: 'issued', issued_at: issuedAt.toISOString() });
    expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(t, 'GET', '/api/public/documents/nu-exista-acest-cod')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/public/documents/%27%3B--')).statusCode).toBe(400);

    const mine = await call(t, 'GET', `/api/applications/${id}/preview-document`, f.citizen.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toContain('application/pdf');
    expect((await call(t, 'GET', `/api/applications/${id}/preview-document`, DEMO.citizen)).statusCode).toBe(404);
  });
});

describe("the applicant's combined file list (spec §4)", () => {
  it('lists identification and GIS files, and non-preview input, review, signed/sealed output or public files', async () => {
    const id = await applicationIn('APPROVED');
    const make = async (name: string, link: Partial<typeof applicationFiles.$inferInsert>) => {
      const [file] = await t.ctx.db
        .insert(files)
        .values({
          storageKey: `test/${name}-${Math.random()}`,
          name: `${name}.pdf`,
          mimeType: 'application/pdf',
          size: 1,
          sha256: '0'.repeat(64),
          purpose: 'test',
          organisationId: f.organisationId,
        })
        .returning();
      await t.ctx.db.insert(applicationFiles).values({ applicationId: id, fileId: file.id, ...link });
      return `${name}.pdf`;
    };
    const shown = [
      await make('review', { fileType: 'review' }),
      await make('output-signed', { fileType: 'output', status: 'signed' }),
      await make('output-sealed', { fileType: 'output', status: 'sealed' }),
      await make('output-public', { fileType: 'output', isPublic: true }),
      await make('identification-preview', { fileType: 'output', isPreview: true, isIdentification: true }),
      await make('gis-preview', { fileType: 'output', isPreview: true, isGis: true }),
    ];
    const outputUnsigned = await make('output-unsigned', { fileType: 'output' });
    const hidden = [await make('input-preview', { fileType: 'input', isPreview: true }), outputUnsigned];
    const names = async () =>
      (await call(t, 'GET', `/api/applications/${id}`, f.citizen.headers)).json().data.files.map((x: { name: string }) => x.name);
    const list = await names();
    for (const name of shown) expect(list).toContain(name);
    for (const name of hidden) expect(list).not.toContain(name);
    // The citizen's own upload (input) is there too.
    expect(list.length).toBe(shown.length + 1);
    await setState(t, id, { status: 'SIGN_APPLICANT_USER_PENDING' });
    expect(await names()).toContain(outputUnsigned);
  });
});

describe('demo templates', () => {
  it("attach the council's answer and rejection to its demo types; staff@ generates on the approved demo application", async () => {
    const list = (await call(t, 'GET', '/api/document-templates?limit=100', DEMO.admin)).json().data;
    const names = list.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Certificat de urbanism — răspuns', 'Răspuns de respingere']));
    const [approved] = await t.ctx.db
      .select({ id: applications.id, typeId: applications.applicationTypeId })
      .from(applications)
      .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
      .where(and(eq(applications.status, 'APPROVED'), eq(applicationTypes.name, 'Aviz')));
    expect(approved).toBeDefined();
    const response = await call(t, 'PUT', `/api/staff-applications/${approved.id}/approve/generate-document`, DEMO.staff);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data.output_number).toMatch(/^CJMS-E\/\d+\/\d{4}$/);
    await t.ctx.jobs.drain();
    expect(await statusOf(t, approved.id)).toBe('GENERATED');
    const pdf = await call(t, 'GET', `/api/staff-applications/${approved.id}/preview-document`, DEMO.staff);
    const content = pdfText(pdf.rawPayload);
    expect(content).toContain('CERTIFICAT DE URBANISM');
    expect(content).toContain('SE CERTIFICĂ:');
    expect(content).toContain('Întocmit');
  });
});
