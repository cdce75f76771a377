import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments, applications } from '../../../db/schema/index.js';
import { call, countyCouncilId, DEMO, userId } from '../../../../test/administration-kit.js';
import { createFilingFixture, type FilingFixture, TARGU_MURES } from '../../../../test/applications-kit.js';
import { buildOrganisation, buildStaff, type SignedIn } from '../../../../test/factories.js';
import { SMALL_PDF } from '../../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { storeGeneratedFile } from '../../files/index.js';

/**
 * Issued documents (spec §2 /issued-documents: "my issuances for citizens, general register for
 * staff", §6 issuedDocumentView) and the series search on the output number (spec §7
 * find/findAll?series=). The issued rows are written here as the signing flow writes them.
 */

let t: TestApp;
let fixture: FilingFixture;
let otherFixture: FilingFixture;
let otherStaff: SignedIn;
let citizenId: number;
let companyId: number;
const tag = `E${Date.now().toString(36).slice(-5).toUpperCase()}`;
/** A tag the other searches (by `tag`) never match. */
const limTag = `Q${tag.split('').reverse().join('')}Z`;
const docs: Record<string, { applicationId: number; documentId: number; fileId: number }> = {};

async function issue(
  key: string,
  options: {
    fixture: FilingFixture;
    applicant: number;
    number: string;
    kind?: 'answer' | 'rejection';
    issuedAt: string;
    status?: 'RESOLVED' | 'REJECTED' | 'SIGN_PENDING';
    internal?: boolean;
  },
) {
  await t.ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .insert(applications)
      .values({
        applicationTypeId: options.fixture.typeId,
        organisationId: options.fixture.organisationId,
        applicantUserId: options.applicant,
        createdBy: options.applicant,
        status: options.status ?? 'RESOLVED',
        identificationNumber: `IN-${key}-${tag}`,
        applicationDate: new Date(options.issuedAt),
        allocatedDocumentSeries: options.number,
        issuedAt: options.status === 'SIGN_PENDING' ? null : new Date(options.issuedAt),
        isInternal: options.internal ?? false,
      })
      .returning({ id: applications.id });
    const file = await storeGeneratedFile(tx, t.ctx.storage, {
      data: SMALL_PDF,
      name: `${options.number.replace(/\//g, '-')}.pdf`,
      mimeType: 'application/pdf',
      purpose: 'output',
      organisationId: options.fixture.organisationId,
      ownerUserId: null,
    });
    const [document] = await tx
      .insert(applicationDocuments)
      .values({
        applicationId: application.id,
        organisationId: options.fixture.organisationId,
        kind: options.kind ?? 'answer',
        revision: 1,
        state: options.status === 'SIGN_PENDING' ? 'signing' : 'issued',
        fileId: file.id,
        generatedFileId: file.id,
        outputNumber: options.number,
        verificationCode: `${key}-${tag}`,
        issuedAt: options.status === 'SIGN_PENDING' ? null : new Date(options.issuedAt),
      })
      .returning({ id: applicationDocuments.id });
    docs[key] = { applicationId: application.id, documentId: document.id, fileId: file.id };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const council = await countyCouncilId(t);
  const other = await buildOrganisation(t, { uat_id: TARGU_MURES });
  [fixture, otherFixture, otherStaff] = await Promise.all([
    createFilingFixture(t, { organisationId: council }),
    createFilingFixture(t, { organisationId: other.id }),
    buildStaff(t, other.id),
  ]);
  [citizenId, companyId] = await Promise.all([userId(t, DEMO.citizen), userId(t, DEMO.company)]);
  await issue('a', { fixture, applicant: citizenId, number: `CU/${tag}/1`, issuedAt: '2026-02-01T10:00:00Z' });
  await issue('b', {
    fixture,
    applicant: citizenId,
    number: `CU/${tag}/2`,
    issuedAt: '2026-03-01T10:00:00Z',
    kind: 'rejection',
    status: 'REJECTED',
  });
  await issue('c', { fixture, applicant: companyId, number: `CU/${tag}/3`, issuedAt: '2026-03-05T10:00:00Z' });
  await issue('d', { fixture: otherFixture, applicant: citizenId, number: `AU/${tag}/1`, issuedAt: '2026-03-10T10:00:00Z' });
  await issue('pending', {
    fixture,
    applicant: citizenId,
    number: `CU/${tag}/4`,
    issuedAt: '2026-03-11T10:00:00Z',
    status: 'SIGN_PENDING',
  });
  await issue('internal', {
    fixture,
    applicant: citizenId,
    number: `CU/${tag}/5`,
    issuedAt: '2026-03-12T10:00:00Z',
    internal: true,
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((d) => d.id);
const list = (who: string | Record<string, string>, query = '') =>
  call(t, 'GET', `/api/issued-documents?output_number[contains]=${tag}${query}`, who);

describe('GET /issued-documents', () => {
  it('shows an applicant the issued documents of their own applications, newest first, of every organisation', async () => {
    const response = await list(DEMO.citizen, '&pagination=true');
    expect(response.statusCode, response.body).toBe(200);
    expect(ids(response)).toEqual([docs.internal.documentId, docs.d.documentId, docs.b.documentId, docs.a.documentId]);
    expect(response.json().pagination.total).toBe(4);
    expect(response.json().data[1]).toMatchObject({
      application_id: docs.d.applicationId,
      output_number: `AU/${tag}/1`,
      kind: 'answer',
      kind_label: 'Răspuns',
      issued_at: '2026-03-10T10:00:00.000Z',
      file: { id: docs.d.fileId },
    });
    expect(ids(await list(DEMO.company))).toEqual([docs.c.documentId]);
  });

  it('filters by number, type, kind and issue dates', async () => {
    expect(ids(await list(DEMO.citizen, '&kind[eq]=rejection'))).toEqual([docs.b.documentId]);
    expect(ids(await list(DEMO.citizen, `&application_type_id[eq]=${otherFixture.typeId}`))).toEqual([docs.d.documentId]);
    expect(ids(await list(DEMO.citizen, '&issued_at[ge]=2026-02-15&issued_at[lt]=2026-03-06'))).toEqual([docs.b.documentId]);
    expect(ids(await call(t, 'GET', `/api/issued-documents?output_number[contains]=cu/${tag}/1`, DEMO.citizen))).toEqual([
      docs.a.documentId,
    ]);
    expect(ids(await list(DEMO.citizen, '&sortKey=issued_at'))[0]).toBe(docs.a.documentId);
    expect((await list(DEMO.citizen, '&status[eq]=x')).statusCode).toBe(400);
  });

  it('shows staff the general register of their organisation only; the super administrator every one', async () => {
    expect(ids(await list(DEMO.staff))).toEqual([
      docs.internal.documentId,
      docs.c.documentId,
      docs.b.documentId,
      docs.a.documentId,
    ]);
    expect(ids(await list(otherStaff.headers))).toEqual([docs.d.documentId]);
    expect(ids(await list(DEMO.superadmin))).toHaveLength(5);
    expect((await list(DEMO.archiver)).statusCode).toBe(403);
    expect((await list(DEMO.consultant)).statusCode).toBe(403);
  });

  it('gives a download link of the issued PDF to its applicant and the organisation’s staff only', async () => {
    const token = (who: string | Record<string, string>, fileId: number) =>
      call(t, 'POST', `/api/files/${fileId}/download-tokens`, who);
    const own = await token(DEMO.citizen, docs.a.fileId);
    expect(own.statusCode, own.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: own.json().data.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect((await token(DEMO.staff, docs.a.fileId)).statusCode).toBe(200);
    expect((await token(DEMO.company, docs.a.fileId)).statusCode).toBe(404);
    expect((await token(otherStaff.headers, docs.a.fileId)).statusCode).toBe(404);
    expect((await token(DEMO.citizen, docs.c.fileId)).statusCode).toBe(404);
  });
});

describe('series search on the output number', () => {
  it('findAll: finished, not internal, own applications for an applicant, newest issue first, tenant filter', async () => {
    const response = await call(t, 'GET', `/api/applications/findAll?series=${tag}`, DEMO.citizen);
    expect(response.statusCode, response.body).toBe(200);
    expect(ids(response)).toEqual([docs.d.applicationId, docs.b.applicationId, docs.a.applicationId]);
    expect(response.json().data[0]).toMatchObject({
      allocated_document_series: `AU/${tag}/1`,
      issued_at: '2026-03-10T10:00:00.000Z',
    });
    const tenant = await call(
      t,
      'GET',
      `/api/applications/findAll?series=${tag}&organisation_id=${otherFixture.organisationId}`,
      DEMO.citizen,
    );
    expect(ids(tenant)).toEqual([docs.d.applicationId]);
    expect(ids(await call(t, 'GET', `/api/applications/findAll?series=${tag}`, DEMO.company))).toEqual([docs.c.applicationId]);
  });

  it('findAll answers at most 100, newest issue first', async () => {
    await t.ctx.db.insert(applications).values(
      Array.from({ length: 105 }, (_, i) => ({
        applicationTypeId: fixture.typeId,
        organisationId: fixture.organisationId,
        applicantUserId: companyId,
        createdBy: companyId,
        status: 'RESOLVED' as const,
        identificationNumber: `LIM-${i}-${limTag}`,
        allocatedDocumentSeries: `LIM/${limTag}/${i}`,
        issuedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const rows = (await call(t, 'GET', `/api/applications/findAll?series=LIM/${limTag}/`, DEMO.company)).json().data;
    expect(rows).toHaveLength(100);
    expect(rows[0].allocated_document_series).toBe(`LIM/${limTag}/104`);
  });

  it('findAll for staff: their organisation', async () => {
    expect(ids(await call(t, 'GET', `/api/applications/findAll?series=${tag}`, DEMO.staff))).toEqual([
      docs.c.applicationId,
      docs.b.applicationId,
      docs.a.applicationId,
    ]);
    expect(ids(await call(t, 'GET', `/api/applications/findAll?series=${tag}`, otherStaff.headers))).toEqual([
      docs.d.applicationId,
    ]);
  });

  it('find: the exact number (any case), 404 otherwise, 400 without series', async () => {
    const found = await call(
      t,
      'GET',
      `/api/applications/find?series=${encodeURIComponent(`cu/${tag.toLowerCase()}/2`)}`,
      DEMO.citizen,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.id).toBe(docs.b.applicationId);
    // Not finished yet, internal, someone else's: not found.
    for (const n of [4, 5, 3])
      expect(
        (await call(t, 'GET', `/api/applications/find?series=${encodeURIComponent(`CU/${tag}/${n}`)}`, DEMO.citizen)).statusCode,
      ).toBe(404);
    expect((await call(t, 'GET', '/api/applications/find', DEMO.citizen)).statusCode).toBe(400);
    expect((await call(t, 'GET', `/api/applications/find?series=${tag}`, DEMO.archiver)).statusCode).toBe(403);
  });
});
