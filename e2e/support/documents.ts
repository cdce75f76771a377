import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect } from '@playwright/test';
import { bearer, smsCodeFromOutbox } from './administration';
import { PNG_1x1 } from './files';
import {
  CITIZEN_QUESTION,
  type Clerk,
  createClerk,
  createFunction,
  createOrganisation,
  created,
  fileApplication,
  publishedForm,
  staffAction,
} from './staff';

/**
 * Set-up of the documents journeys (issue 12), all through the API: an organisation of its own
 * with an entry and an outgoing series (rejections numbered RES), a common template made by the
 * super administrator, a type that issues it (sealed or not), a clerk and a president who are
 * enrolled with a valid profile, and applications of the demo citizen brought to APPROVED with a
 * generated document. What a journey looks at is then done in the browser.
 */

const run = promisify(execFile);

export interface Signer extends Clerk {
  id: number;
}

export interface DocumentsOffice {
  organisationId: number;
  typeId: number;
  clerk: Signer;
  president: Signer | null;
}

type Cell = { index: number; label: string; signer: 'president' | 'assignee' | 'applicant' };

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

async function userId(request: APIRequestContext, token: string): Promise<number> {
  return (await ok<{ user_id: number }>(await request.get('/api/users/me', { headers: bearer(token) }), 'users/me')).user_id;
}

/** The clerk sends an enrollment (ID data and a picture of the ID) and the super administrator approves it. */
async function enroll(request: APIRequestContext, superToken: string, clerk: Clerk, cnp: string): Promise<void> {
  const token = await ok<{ token: string }>(
    await request.post('/api/files/upload-tokens', { headers: bearer(clerk.token), data: { purpose: 'default' } }),
    'upload token',
  );
  const picture = await ok<{ id: number }>(
    await request.post('/api/files?echo=true', {
      headers: { ...bearer(clerk.token), 'x-file-upload-access-token': token.token },
      multipart: { file: { name: 'buletin.png', mimeType: 'image/png', buffer: PNG_1x1 } },
    }),
    'ID picture',
  );
  const enrollment = await ok<{ id: number }>(
    await request.post('/api/video-enrollment', {
      headers: bearer(clerk.token),
      data: {
        personal_numeric_code: cnp,
        id_card_series: 'MS',
        id_card_number: '123987',
        id_card_issue_date: '2021-05-10',
        id_card_expiry_date: '2031-05-10',
        id_card_issuer: 'SPCLEP Târgu Mureș',
        id_document_file_id: picture.id,
      },
    }),
    'enrollment',
  );
  await ok(await request.put(`/api/enrollments/${enrollment.id}/approve`, { headers: bearer(superToken) }), 'approve');
}

/** The CNP the clerk's profile holds (completeStaffProfile wrote it): the enrollment repeats it. */
async function profileCnp(request: APIRequestContext, token: string): Promise<string> {
  const profile = await ok<{ personal_numeric_code: string }>(
    await request.get('/api/profiles/me', { headers: bearer(token) }),
    'profile',
  );
  return profile.personal_numeric_code;
}

async function signer(
  request: APIRequestContext,
  superToken: string,
  organisationId: number,
  person: { email: string; first_name: string; last_name: string; function_ids: number[] },
): Promise<Signer> {
  const clerk = await createClerk(request, superToken, organisationId, person);
  await enroll(request, superToken, clerk, await profileCnp(request, clerk.token));
  return { ...clerk, id: await userId(request, clerk.token) };
}

const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string) => ({ type: 'text', text: value });
const placeholder = (key: string) => ({ type: 'placeholder', attrs: { key } });

/**
 * An organisation that issues documents: `layout` names the cells (president first row, highest
 * index), `seal` whether the organisation's seal follows the signatures.
 */
export async function createDocumentsOffice(
  request: APIRequestContext,
  superToken: string,
  run: string,
  options: { layout: Cell[][]; seal: boolean; prefix: string },
): Promise<DocumentsOffice> {
  const organisationId = await createOrganisation(request, superToken, `Primăria Documente ${run}`);
  const handling = await createFunction(request, superToken, organisationId, `Urbanism ${run}`, [
    'CAN_VIEW_ORGANISATIONS_APPLICATIONS',
    'CAN_ASSIGN_APPLICATION',
  ]);
  const functions = await ok<{ id: number }[]>(
    await request.get(`/api/functions?organisation_id[eq]=${organisationId}&system_key[eq]=president`, {
      headers: bearer(superToken),
    }),
    'president function',
  );
  const presidentFunction = functions[0]?.id as number;
  const clerk = await signer(request, superToken, organisationId, {
    email: `urbanism-${run}@e2e.ghiseu.ro`,
    first_name: 'Ioana',
    last_name: 'Mureșan',
    function_ids: [handling],
  });
  const hasPresident = options.layout.flat().some((cell) => cell.signer === 'president');
  const president = hasPresident
    ? await signer(request, superToken, organisationId, {
        email: `presedinte-${run}@e2e.ghiseu.ro`,
        first_name: 'Ștefan',
        last_name: 'Țărău',
        function_ids: [presidentFunction, handling],
      })
    : null;

  const incoming = await created(request, superToken, '/api/document-series-types', { name: `Intrări ${run}` });
  await created(request, superToken, '/api/document-series', {
    type_id: incoming.id,
    organisation_id: organisationId,
    name: `Registratura ${run}`,
    prefix: options.prefix,
    separator: '/',
  });
  const outgoing = await created(request, superToken, '/api/document-series-types', { name: `Ieșiri ${run}` });
  await created(request, superToken, '/api/document-series', {
    type_id: outgoing.id,
    organisation_id: organisationId,
    name: `Ieșiri ${run}`,
    prefix: `${options.prefix}-CU`,
    rejected_prefix: `${options.prefix}-RES`,
    separator: '/',
  });
  const template = await created(request, superToken, '/api/document-templates', {
    name: `Certificat de urbanism ${run}`,
    status: 'active',
    system_type: 'certificat_urbanism',
    content: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [text('Certificat de urbanism')] },
        paragraph(text('Nr. '), placeholder('document.output_number'), text(' din '), placeholder('document.output_date')),
        paragraph(
          text('Solicitant: '),
          placeholder('applicant.name'),
          text('. Cererea nr. '),
          placeholder('application.entry_number'),
        ),
        paragraph(text('Obiectul: '), placeholder(`form.${CITIZEN_QUESTION.key}`)),
        paragraph(text('Se certifică regimul juridic, economic și tehnic al imobilului, în vederea construirii.')),
      ],
    },
    signing_layout: { rows: options.layout.map((row) => row.map((cell) => ({ ...cell }))) },
  });
  const citizenForm = await publishedForm(request, superToken, `Formular certificat ${run}`, [
    { type: 'text', key: CITIZEN_QUESTION.key, label: CITIZEN_QUESTION.label, required: true },
  ]);
  const type = await created(request, superToken, '/api/application-types', {
    name: `Certificat de urbanism ${run}`,
    organisation_id: organisationId,
    citizen_form_id: citizenForm,
    series_type_ids: { incoming: incoming.id, outgoing: outgoing.id },
    document_template_ids: { staff: template.id },
    digital_seal: options.seal,
    status: 'active',
    category: 'inbound',
    remaining_period: 30,
  });
  return { organisationId, typeId: type.id, clerk, president };
}

/** An application of the demo citizen, registered, assigned to the clerk and approved. */
export async function approvedApplication(
  request: APIRequestContext,
  citizenToken: string,
  office: DocumentsOffice,
  subject: string,
): Promise<{ id: number; number: string }> {
  const filed = await fileApplication(request, citizenToken, office.typeId, subject);
  const { token } = office.clerk;
  await staffAction(request, token, filed.id, 'register');
  await staffAction(request, token, filed.id, 'assign', { assignee_user_id: office.clerk.id });
  await staffAction(request, token, filed.id, 'approve', { comment: null }, 'PUT');
  return filed;
}

/** Generates the answer through the API and waits for the job to finish. */
export async function generatedAnswer(request: APIRequestContext, token: string, id: number): Promise<void> {
  const response = await request.put(`/api/staff-applications/${id}/approve/generate-document`, {
    headers: bearer(token),
    data: {},
  });
  expect(response.status(), await response.text()).toBe(202);
  await expect
    .poll(
      async () =>
        (
          await ok<{ state: string }>(
            await request.get(`/api/applications/${id}/check-generation-status`, { headers: bearer(token) }),
            'generation status',
          )
        ).state,
      { timeout: 30_000 },
    )
    .toBe('generated');
}

/** The signer's signature on the next cell through the API, confirmed with the SMS code from the outbox. */
export async function signThroughApi(request: APIRequestContext, who: Signer, id: number): Promise<void> {
  const since = Date.now();
  const start = await ok<{ request_id: string }>(
    await request.put(`/api/staff-applications/${id}/approve/sign`, { headers: bearer(who.token), data: {} }),
    'sign',
  );
  const pin = await smsCodeFromOutbox(request, who.phone, since);
  const confirmed = await ok<{ success: boolean }>(
    await request.put(`/api/staff-applications/${id}/confirm-signing`, {
      headers: bearer(who.token),
      data: { pin, request_id: start.request_id },
    }),
    'confirm signing',
  );
  expect(confirmed.success).toBe(true);
}

/** The text of a PDF (pdftotext from poppler-utils, which .ci/run installs). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
