import { FORM_MESSAGES } from '@ghiseu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { applications, auditLog } from '../../db/schema/index.js';
import { call, countyCouncilId, DEMO, userId } from '../../../test/administration-kit.js';
import { findFormVersion, findPublishedFormVersion } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const text = (key: string, label = key) => ({ key, type: 'text', label });
const uniqueName = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

async function createForm(body: Record<string, unknown>) {
  const response = await call(t, 'POST', '/api/forms', DEMO.superadmin, body);
  if (response.statusCode !== 201) throw new Error(`form: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

describe('forms: permissions', () => {
  it('lets only the super administrator read and change forms', async () => {
    expect((await call(t, 'GET', '/api/forms')).json()).toEqual({ message: 'AUTH_REQUIRED' });
    for (const who of [DEMO.citizen, DEMO.staff, DEMO.admin, DEMO.company]) {
      expect((await call(t, 'GET', '/api/forms', who)).statusCode, who).toBe(403);
      expect((await call(t, 'POST', '/api/forms', who, { name: 'X' })).json(), who).toEqual({ message: 'FORBIDDEN' });
      expect((await call(t, 'GET', '/api/forms/1', who)).statusCode, who).toBe(403);
      expect((await call(t, 'POST', '/api/forms/1/publish', who)).statusCode, who).toBe(403);
      expect((await call(t, 'DELETE', '/api/forms/1', who)).statusCode, who).toBe(403);
    }
    expect((await call(t, 'GET', '/api/forms', DEMO.superadmin)).statusCode).toBe(200);
  });
});

describe('forms: drafts', () => {
  it('creates a draft with defaults filled in, edits it by merge-patch, each change audited', async () => {
    const form = await createForm({
      name: uniqueName('Cerere test'),
      description: 'Prima variantă',
      definition: { fields: [text('nume', 'Nume')] },
    });
    expect(form).toMatchObject({
      status: 'draft',
      latest_version: null,
      published_version_id: null,
      field_count: 1,
      has_unpublished_changes: true,
      versions: [],
      usage: { application_types: 0, applications: 0 },
      abilities: { canEdit: true, canPublish: true, canDelete: true },
      definition: {
        fields: [{ key: 'nume', type: 'text', label: 'Nume', required: false, width: 'full', maxLength: 255, mode: 'any' }],
      },
    });

    const patched = await call(t, 'PATCH', `/api/forms/${form.id}`, DEMO.superadmin, { description: null });
    expect(patched.json().data).toMatchObject({ description: null, field_count: 1 });
    const renamed = await call(t, 'PATCH', `/api/forms/${form.id}`, DEMO.superadmin, {
      definition: { fields: [text('nume', 'Nume'), { key: 'suprafata', type: 'decimal', label: 'Suprafața', unit: 'mp' }] },
    });
    expect(renamed.json().data).toMatchObject({ field_count: 2, description: null });

    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'form'), eq(auditLog.entityId, String(form.id))))
        .orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(actions).toEqual(['form.create', 'form.update', 'form.update']);
  });

  it('refuses a duplicate name regardless of case (NAME_NOT_UNIQUE)', async () => {
    const name = uniqueName('Formular unic');
    await createForm({ name });
    const duplicate = await call(t, 'POST', '/api/forms', DEMO.superadmin, { name: name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'NAME_NOT_UNIQUE' });
    const other = await createForm({ name: uniqueName('Alt formular') });
    const clash = await call(t, 'PATCH', `/api/forms/${other.id}`, DEMO.superadmin, { name: ` ${name.toLowerCase()} ` });
    expect(clash.json()).toEqual({ message: 'NAME_NOT_UNIQUE' });
  });

  it('checks the structure of a draft, with Romanian messages at the field', async () => {
    const response = await call(t, 'POST', '/api/forms', DEMO.superadmin, {
      name: uniqueName('Formular greșit'),
      definition: {
        fields: [
          text('nume'),
          text('nume'),
          { key: 'total', type: 'computed', label: 'Total', operation: 'sum', operands: ['nume'] },
          { key: 'detalii', type: 'text', label: 'Detalii', visibleWhen: { field: 'mai_tarziu', notEmpty: true } },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('VALIDATION_ERROR');
    expect(response.json().data.fields).toEqual([
      { path: 'body.definition.fields.1.key', message: 'Cheia „nume” este folosită de mai multe câmpuri' },
      {
        path: 'body.definition.fields.2.operands.0',
        message: 'Operandul „nume” trebuie să fie un câmp numeric aflat înaintea câmpului calculat',
      },
      { path: 'body.definition.fields.3.visibleWhen.field', message: FORM_MESSAGES.visibleWhenEarlier },
    ]);
    const form = await createForm({ name: uniqueName('Formular bun') });
    const groupInGroup = await call(t, 'PATCH', `/api/forms/${form.id}`, DEMO.superadmin, {
      definition: {
        fields: [
          {
            key: 'g',
            type: 'repeatable_group',
            label: 'G',
            fields: [{ key: 'h', type: 'repeatable_group', label: 'H', fields: [text('x')] }],
          },
        ],
      },
    });
    expect(groupInGroup.json().data.fields).toEqual([
      { path: 'body.definition.fields.0.fields.0.type', message: FORM_MESSAGES.groupInGroup },
    ]);
  });

  it('answers 404 for a form that does not exist', async () => {
    expect((await call(t, 'GET', '/api/forms/999999', DEMO.superadmin)).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await call(t, 'PATCH', '/api/forms/999999', DEMO.superadmin, { name: 'x' })).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/forms/999999/publish', DEMO.superadmin)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', '/api/forms/999999', DEMO.superadmin)).statusCode).toBe(404);
  });
});

describe('forms: publication and versions', () => {
  it('refuses to publish an empty draft', async () => {
    const form = await createForm({ name: uniqueName('Formular gol') });
    expect(form.abilities.canPublish).toBe(false);
    const response = await call(t, 'POST', `/api/forms/${form.id}/publish`, DEMO.superadmin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'VALIDATION_ERROR',
      data: { fields: [{ path: 'definition.fields', message: FORM_MESSAGES.emptyForm }] },
    });
  });

  it('freezes each publication as a new version: publishing v2 leaves v1 intact', async () => {
    const form = await createForm({ name: uniqueName('Certificat'), definition: { fields: [text('scop', 'Scopul')] } });
    const v1 = await call(t, 'POST', `/api/forms/${form.id}/publish`, DEMO.superadmin);
    expect(v1.statusCode).toBe(200);
    expect(v1.json().data).toMatchObject({
      status: 'published',
      latest_version: 1,
      has_unpublished_changes: false,
      abilities: { canPublish: false },
    });
    expect(v1.json().data.versions).toHaveLength(1);

    // Publishing the same draft again adds nothing.
    const again = await call(t, 'POST', `/api/forms/${form.id}/publish`, DEMO.superadmin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'CONFLICT', data: { reason: 'unchanged', version: 1 } });

    const edited = await call(t, 'PATCH', `/api/forms/${form.id}`, DEMO.superadmin, {
      definition: { fields: [text('scop', 'Scopul solicitării'), { key: 'teren', type: 'decimal', label: 'Teren' }] },
    });
    expect(edited.json().data).toMatchObject({ status: 'published', latest_version: 1, has_unpublished_changes: true });

    const v2 = await call(t, 'POST', `/api/forms/${form.id}/publish`, DEMO.superadmin);
    expect(v2.json().data).toMatchObject({ latest_version: 2, published_version_id: expect.any(Number) });
    expect(v2.json().data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const first = await call(t, 'GET', `/api/forms/${form.id}/versions/1`, DEMO.superadmin);
    expect(first.json().data).toMatchObject({
      form_id: form.id,
      version: 1,
      definition: { fields: [{ key: 'scop', label: 'Scopul' }] },
    });
    expect(first.json().data.definition.fields).toHaveLength(1);
    const second = await call(t, 'GET', `/api/forms/${form.id}/versions/2`, DEMO.superadmin);
    expect(second.json().data.definition.fields.map((f: { key: string }) => f.key)).toEqual(['scop', 'teren']);
    expect((await call(t, 'GET', `/api/forms/${form.id}/versions/3`, DEMO.superadmin)).statusCode).toBe(404);

    // What the applications module reads: the latest version for new filings, any version by id.
    const latest = await findPublishedFormVersion(t.ctx.db, form.id);
    expect(latest).toMatchObject({ formId: form.id, version: 2 });
    expect(await findFormVersion(t.ctx.db, first.json().data.id)).toMatchObject({
      version: 1,
      definition: { fields: [{ label: 'Scopul' }] },
    });
    expect(await findPublishedFormVersion(t.ctx.db, (await createForm({ name: uniqueName('Nepublicat') })).id)).toBeNull();

    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'form'), eq(auditLog.entityId, String(form.id))))
        .orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(actions).toEqual(['form.create', 'form.publish', 'form.update', 'form.publish']);
  });
});

describe('forms: list', () => {
  it('filters, searches, pages and trims records for the autocomplete', async () => {
    const published = await createForm({ name: uniqueName('Aviz listă'), definition: { fields: [text('a')] } });
    await call(t, 'POST', `/api/forms/${published.id}/publish`, DEMO.superadmin);
    await createForm({ name: uniqueName('Aviz ciornă') });

    // Accent- and case-insensitive: 'aviz lista' finds 'Aviz listă …'.
    const search = await call(
      t,
      'GET',
      `/api/forms?orLikeQuery=${encodeURIComponent('aviz lista')}&pagination=true`,
      DEMO.superadmin,
    );
    expect(search.json().data.map((f: { id: number }) => f.id)).toEqual([published.id]);
    const byName = await call(
      t,
      'GET',
      `/api/forms?name[contains]=${encodeURIComponent('aviz lista')}&pagination=true`,
      DEMO.superadmin,
    );
    expect(byName.json().data.map((f: { id: number }) => f.id)).toEqual([published.id]);
    expect(byName.json().data[0]).toMatchObject({ status: 'published', latest_version: 1, has_unpublished_changes: false });

    const onlyPublished = await call(t, 'GET', '/api/forms?status[eq]=published&limit=500', DEMO.superadmin);
    expect(onlyPublished.json().data.every((f: { status: string }) => f.status === 'published')).toBe(true);

    const autocomplete = await call(t, 'GET', '/api/forms?limit=500&fields=id,name', DEMO.superadmin);
    expect(autocomplete.statusCode).toBe(200);
    for (const record of autocomplete.json().data) expect(Object.keys(record).sort()).toEqual(['id', 'name']);
    expect((await call(t, 'GET', '/api/forms?fields=name', DEMO.superadmin)).json().data[0]).toHaveProperty('id');

    const sorted = await call(t, 'GET', '/api/forms?latest_version[ge]=1&sortKey=-latest_version&limit=1', DEMO.superadmin);
    expect(sorted.json().data[0].latest_version).not.toBeNull();

    expect((await call(t, 'GET', '/api/forms?fields=id,definition', DEMO.superadmin)).json()).toEqual({
      message: 'INVALID_QUERY',
      data: { reason: 'unknown_field', param: 'fields', field: 'definition' },
    });
    expect((await call(t, 'GET', '/api/forms?color[eq]=red', DEMO.superadmin)).json().data.reason).toBe('unknown_field');
    expect((await call(t, 'GET', '/api/forms?limit=501', DEMO.superadmin)).json().data.reason).toBe('limit_out_of_range');
  });
});

describe('forms: deletion', () => {
  it('keeps a form an application type uses or an application was filed with (CONFLICT referenced)', async () => {
    const county = await countyCouncilId(t);
    const usedByType = await createForm({ name: uniqueName('Folosit de tip'), definition: { fields: [text('a')] } });
    const type = await call(t, 'POST', '/api/application-types', DEMO.superadmin, {
      name: uniqueName('Tip cu formular'),
      organisation_id: county,
      staff_form_id: usedByType.id,
    });
    expect(type.statusCode).toBe(201);
    const refused = await call(t, 'DELETE', `/api/forms/${usedByType.id}`, DEMO.superadmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'CONFLICT',
      data: { reason: 'referenced', application_types: 1, applications: 0 },
    });
    expect((await call(t, 'GET', `/api/forms/${usedByType.id}`, DEMO.superadmin)).json().data).toMatchObject({
      usage: { application_types: 1, applications: 0 },
      abilities: { canDelete: false },
    });

    // An application filed with a version keeps the form even after the type moved to another form.
    const filedWith = await createForm({ name: uniqueName('Folosit de cerere'), definition: { fields: [text('a')] } });
    const published = (await call(t, 'POST', `/api/forms/${filedWith.id}/publish`, DEMO.superadmin)).json().data;
    const citizen = await userId(t, DEMO.citizen);
    await t.ctx.db.insert(applications).values({
      applicationTypeId: type.json().data.id,
      formVersionId: published.published_version_id,
      organisationId: county,
      applicantUserId: citizen,
      createdBy: citizen,
    });
    const kept = await call(t, 'DELETE', `/api/forms/${filedWith.id}`, DEMO.superadmin);
    expect(kept.json()).toEqual({ message: 'CONFLICT', data: { reason: 'referenced', application_types: 0, applications: 1 } });
    expect((await call(t, 'GET', `/api/forms/${filedWith.id}/versions/1`, DEMO.superadmin)).statusCode).toBe(200);
  });

  it('deletes an unused form with its versions', async () => {
    const form = await createForm({ name: uniqueName('De șters'), definition: { fields: [text('a')] } });
    await call(t, 'POST', `/api/forms/${form.id}/publish`, DEMO.superadmin);
    expect((await call(t, 'DELETE', `/api/forms/${form.id}`, DEMO.superadmin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/forms/${form.id}`, DEMO.superadmin)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/forms/${form.id}/versions/1`, DEMO.superadmin)).statusCode).toBe(404);
  });
});

describe('forms: contract', () => {
  it('documents the configuration routes in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/forms',
        '/api/forms/{id}',
        '/api/forms/{id}/publish',
        '/api/forms/{id}/versions/{version}',
        '/api/application-types',
        '/api/application-types/organisation',
        '/api/application-types/{id}/citizen-form',
        '/api/application-types/{id}/all-taxes',
        '/api/document-series-types/{id}',
        '/api/document-series/{id}',
      ]),
    );
    const field = JSON.stringify(response.json().paths['/api/forms'].post);
    expect(field).toContain('repeatable_group');
  });
});
