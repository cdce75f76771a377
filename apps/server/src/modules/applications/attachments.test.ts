import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { PNG_1x1 } from '../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { userId } from '../../../test/administration-kit.js';
import { uniqueFileName } from './files-service.js';
import {
  call,
  createDraft,
  completeDraft,
  createFilingFixture,
  DEMO,
  type FilingFixture,
  startAnafStandIn,
  uploadFile,
} from '../../../test/applications-kit.js';

/**
 * Attachments of a draft (spec §5): the file is the actor's own upload; the attachment field's
 * MIME types and count; 25 files per application; duplicate names get ' (1)'.
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let fixture: FilingFixture;
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  fixture = await createFilingFixture(t);
});
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

const attach = (id: number, fileId: number, category: string, who: string = DEMO.citizen) =>
  call(t, 'POST', `/api/applications/${id}/files`, who, { file_id: fileId, category });

/** File rows owned by `who` without going through the upload (the 25-file limit needs many). */
async function fakeUploads(who: string, count: number): Promise<number[]> {
  const owner = await userId(t, who);
  const rows = await t.ctx.db
    .insert(files)
    .values(
      Array.from({ length: count }, (_, i) => ({
        storageKey: `test/${randomUUID()}`,
        name: `act-${i}.pdf`,
        mimeType: 'application/pdf',
        size: 100,
        sha256: createHash('sha256').update(String(i)).digest('hex'),
        purpose: 'default',
        ownerUserId: owner,
      })),
    )
    .returning({ id: files.id });
  return rows.map((r) => r.id);
}

describe('attaching files', () => {
  it('attaches an own upload to an attachment field and lists it', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const fileId = await uploadFile(t, DEMO.citizen, 'plan.pdf');
    const response = await attach(id, fileId, 'plan_situatie');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      file_id: fileId,
      name: 'plan.pdf',
      mime_type: 'application/pdf',
      file_type: 'input',
      status: null,
      category: 'plan_situatie',
      qr: true,
      canBeDeleted: true,
      is_public: false,
      is_preview: false,
    });
    expect(response.json().data.created_by).not.toBe('system');
  });

  it('refuses an unknown field, a type the field does not accept and a file attached twice', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const pdf = await uploadFile(t, DEMO.citizen);
    const unknown = await attach(id, pdf, 'nu_exista');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields).toEqual([
      { path: 'body.category', message: 'Câmpul de atașamente nu există în formularul cererii.' },
    ]);
    // A field that is not an attachment field is no category either.
    expect((await attach(id, pdf, 'denumire_lucrare')).statusCode).toBe(400);

    const png = await uploadFile(t, DEMO.citizen, 'poza.png', PNG_1x1);
    const wrongType = await attach(id, png, 'plan_situatie');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({
      message: 'VALIDATION.UPLOADED_FILE_TYPE',
      data: { allowed: ['application/pdf'], detected: 'image/png' },
    });
    expect((await attach(id, png, 'acte_identitate')).statusCode).toBe(201);

    expect((await attach(id, pdf, 'plan_situatie')).statusCode).toBe(201);
    const twice = await attach(id, pdf, 'acte_identitate');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().data.fields[0]).toEqual({ path: 'body.file_id', message: 'Fișierul este deja atașat unei cereri.' });
    const elsewhere = await createDraft(t, DEMO.citizen, fixture.typeId);
    expect((await attach(elsewhere, pdf, 'plan_situatie')).statusCode).toBe(400);
    expect((await attach(id, 999999, 'plan_situatie')).json()).toEqual({ message: 'FILE_NOT_EXISTS' });
  });

  it('keeps the count of a field', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const [a, b, c] = await fakeUploads(DEMO.citizen, 3);
    expect((await attach(id, a, 'plan_situatie')).statusCode).toBe(201);
    expect((await attach(id, b, 'plan_situatie')).statusCode).toBe(201);
    const third = await attach(id, c, 'plan_situatie');
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({
      message: 'VALIDATION.MAX_UPLOADED_FILES',
      data: { maximum: 2, remaining: 0, category: 'plan_situatie' },
    });
  });

  it('takes at most 25 files per application', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const ids = await fakeUploads(DEMO.citizen, 26);
    for (const fileId of ids.slice(0, 25)) expect((await attach(id, fileId, 'acte_identitate')).statusCode).toBe(201);
    const over = await attach(id, ids[25], 'acte_identitate');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'VALIDATION.MAX_UPLOADED_FILES', data: { maximum: 25, remaining: 0 } });
  });

  it('renames a duplicate name with a numeric suffix', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const fileId = await uploadFile(t, DEMO.citizen, 'act identitate.pdf');
      names.push((await attach(id, fileId, 'acte_identitate')).json().data.name);
    }
    expect(names).toEqual(['act identitate.pdf', 'act identitate (1).pdf', 'act identitate (2).pdf']);
    expect(uniqueFileName('plan', new Set(['plan']))).toBe('plan (1)');
    expect(uniqueFileName('a.tar.gz', new Set(['a.tar.gz']))).toBe('a.tar (1).gz');
  });

  it('detaches a file; the upload stays the user’s', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const fileId = await uploadFile(t, DEMO.citizen);
    await attach(id, fileId, 'plan_situatie');
    expect((await call(t, 'DELETE', `/api/applications/${id}/files/${fileId}`, DEMO.citizen)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data.attachments).toEqual([]);
    expect((await call(t, 'DELETE', `/api/applications/${id}/files/${fileId}`, DEMO.citizen)).statusCode).toBe(404);
    // Free again: it can be attached once more.
    expect((await attach(id, fileId, 'plan_situatie')).statusCode).toBe(201);
  });
});

describe('downloading attachments', () => {
  it('lets staff of the organisation download a submitted application attachment, and nobody else', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    await completeDraft(t, DEMO.citizen, id, 77);
    const detail = (await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data;
    const fileId = (detail.files as { id?: number; file_id?: number }[]).map((f) => f.file_id ?? f.id)[0] as number;
    const tokenFor = (who: string) => call(t, 'POST', `/api/files/${fileId}/download-tokens`, who);

    // A draft is the citizen's own business: a file one may not read answers like a missing one.
    expect((await tokenFor(DEMO.staff)).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen)).statusCode).toBe(200);
    expect((await tokenFor(DEMO.citizen)).statusCode).toBe(200);
    expect((await tokenFor(DEMO.staff)).statusCode).toBe(200);
    expect((await tokenFor(DEMO.company)).json()).toEqual({ message: 'FILE_NOT_EXISTS' });
  });
});
