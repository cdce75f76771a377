import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSeries, documentSeriesTypes, domainEvents, localities } from '../../db/schema/index.js';
import { call, countyCouncilId, DEMO, TARGU_MURES } from '../../../test/administration-kit.js';
import { makeCnp, uploadFile } from '../../../test/applications-kit.js';
import { buildOrganisation, buildStaff, type SignedIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { closingReportRenderer } from './report.js';

/**
 * The closing report of a control from a document template (issue 15): a template of system
 * type `raport_control` takes only the organisation and control placeholders (UNKNOWN_PLACEHOLDER
 * otherwise, also when a PATCH changes the system type); when the control's organisation has an
 * active one (its own before a common one) the report is that template with the control's values,
 * otherwise the built-in layout.
 */

let t: TestApp;
let council: number;
let other: number;
let otherStaff: SignedIn;
let typeId: number;
let otherTypeId: number;
let localityId: number;
const key = Date.now().toString(36).slice(-5).toUpperCase();
const prefix = `RCT${key}`;

const text = (value: string) => ({ type: 'text', text: value });
const placeholder = (name: string) => ({ type: 'placeholder', attrs: { key: name } });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const LAYOUT = { rows: [[{ index: 1, label: 'Inspector de control', signer: 'assignee' }]] };

const reportContent = (title: string) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text(title)] },
    para(text('Instituția: '), placeholder('organisation.name')),
    para(text('Controlul nr. '), placeholder('control.entry_code'), text(' din '), placeholder('control.date')),
    para(text('Tipul: '), placeholder('control.type_name'), text('; UAT: '), placeholder('control.uat')),
    para(text('Localitatea: '), placeholder('control.locality'), text('; adresa: '), placeholder('control.address')),
    para(text('Nr. cadastral: '), placeholder('control.cadastral_number')),
    para(text('Echipa:'), { type: 'hardBreak' }, placeholder('control.staff')),
    para(text('Contravenienți:'), { type: 'hardBreak' }, placeholder('control.offenders')),
    para(text('Martori:'), { type: 'hardBreak' }, placeholder('control.witnesses')),
    para(text('Corpuri:'), { type: 'hardBreak' }, placeholder('control.building_bodies')),
    para(text('Documente:'), { type: 'hardBreak' }, placeholder('control.documents')),
    para(
      text('Sesizarea: '),
      placeholder('control.complaint_code'),
      text('; data raportului: '),
      placeholder('control.report_date'),
    ),
  ],
});

const createTemplate = (who: string | Record<string, string>, body: Record<string, unknown> = {}) =>
  call(t, 'POST', '/api/document-templates', who, {
    name: `Raport de control ${key} ${Math.random().toString(36).slice(2, 7)}`,
    system_type: 'raport_control',
    content: reportContent('Proces-verbal din șablon'),
    signing_layout: LAYOUT,
    ...body,
  });

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'control-tpl-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function download(who: string | Record<string, string>, fileId: number) {
  const token = await call(t, 'POST', `/api/files/${fileId}/download-tokens`, who);
  expect(token.statusCode, token.body).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: token.json().data.url });
  return file.rawPayload;
}

const act = (id: number, action: string, version: number, who: string | Record<string, string> = DEMO.staff) =>
  call(t, 'POST', `/api/controls/${id}/${action}`, who, { version });

interface RegisteredControl {
  id: number;
  version: number;
  entry_code: string;
}

/** A registered control with a staff member, an offender, a witness, a body and a document; answers its detail. */
async function preparedControl(who: string | Record<string, string> = DEMO.staff, type = typeId, n = 1) {
  const created = await call(t, 'POST', '/api/controls', who, {
    control_type_id: type,
    control_date: '2026-11-20',
    uat_id: TARGU_MURES,
    locality_id: localityId,
    address: 'Str. Gheorghe Doja nr. 5',
    cadastral_number: '123456',
    staff: [
      {
        name: 'Dan Mureșan',
        function: 'Inspector',
        control_body: 'Inspectoratul de control',
        id_number: 'LEG-0042',
        id_expiry: '2027-12-31',
        id_issuer: 'Consiliul Județean Mureș',
      },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const add = async (url: string, body: Record<string, unknown>) => {
    const response = await call(t, 'POST', `/api/controls/${id}/${url}`, who, body);
    expect(response.statusCode, response.body).toBe(200);
  };
  await add('persons', {
    role: 'offender',
    first_name: 'Vasile',
    last_name: `Contravenient${n}`,
    personal_numeric_code: makeCnp(300 + n),
    address: 'Str. Mare nr. 1',
  });
  await add('persons', { role: 'witness', first_name: 'Maria', last_name: 'Martorescu', passport_number: `P${key}${n}` });
  await add('building-bodies', { name: 'C1', function: 'CL', height_regime: 'P+1E', built_area: 120.5 });
  await add('files', { file_id: await uploadFile(t, who, 'fotografie.pdf') });
  const current = (await call(t, 'GET', `/api/controls/${id}`, who)).json().data;
  return (await act(id, 'register', current.version, who)).json().data as RegisteredControl;
}

async function generatedText(control: RegisteredControl, who: string | Record<string, string> = DEMO.staff) {
  const generated = await act(control.id, 'generate-report', control.version, who);
  expect(generated.statusCode, generated.body).toBe(200);
  const data = generated.json().data;
  expect(data).toMatchObject({ status: 'generated', locked: true });
  return pdfText(await download(who, data.closing_report.file_id)).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createTestApp();
  council = await countyCouncilId(t);
  other = (await buildOrganisation(t, { uat_id: TARGU_MURES })).id;
  otherStaff = await buildStaff(t, other);
  const [seriesType] = await t.ctx.db
    .insert(documentSeriesTypes)
    .values({ name: `Controale ${key}` })
    .returning({ id: documentSeriesTypes.id });
  await t.ctx.db.insert(documentSeries).values([
    { typeId: seriesType.id, organisationId: council, name: `Controale ${key}`, prefix, separator: '/' },
    { typeId: seriesType.id, organisationId: other, name: `Controale ${key}`, prefix: `${prefix}O`, separator: '/' },
  ]);
  const createType = async (organisation: number) => {
    const response = await call(t, 'POST', '/api/control-types', DEMO.superadmin, {
      name: `Disciplina în construcții ${key}`,
      series_type_id: seriesType.id,
      organisation_id: organisation,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  typeId = await createType(council);
  otherTypeId = await createType(other);
  const [locality] = await t.ctx.db
    .select({ id: localities.id })
    .from(localities)
    .where(eq(localities.uatId, TARGU_MURES))
    .limit(1);
  localityId = locality.id;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('templates of system type raport_control', () => {
  it('offer and accept only the organisation and control placeholders', async () => {
    const offered = (
      await call(t, 'GET', '/api/document-templates/placeholders?system_type=raport_control', DEMO.superadmin)
    ).json().data as { key: string; group: string }[];
    expect(new Set(offered.map((p) => p.group))).toEqual(new Set(['organisation', 'control']));
    expect(offered.map((p) => p.key)).toEqual(expect.arrayContaining(['control.offenders', 'organisation.name']));
    const forAviz = (await call(t, 'GET', '/api/document-templates/placeholders?system_type=aviz', DEMO.superadmin)).json()
      .data as { group: string }[];
    expect(forAviz.some((p) => p.group === 'control')).toBe(false);
    expect(forAviz.some((p) => p.group === 'application')).toBe(true);

    // An application placeholder in a control report is refused…
    const refused = await createTemplate(DEMO.superadmin, {
      content: { type: 'doc', content: [para(placeholder('control.entry_code'), placeholder('applicant.name'))] },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'UNKNOWN_PLACEHOLDER', data: { key: 'applicant.name' } });
    // …and a control placeholder in an application's document.
    const inAviz = await createTemplate(DEMO.superadmin, { system_type: 'aviz' });
    expect(inAviz.statusCode).toBe(400);
    expect(inAviz.json()).toMatchObject({ message: 'UNKNOWN_PLACEHOLDER', data: { key: 'control.entry_code' } });

    // A PATCH checks the text against the system type it will have.
    const plain = await createTemplate(DEMO.superadmin, {
      system_type: 'aviz',
      status: 'inactive',
      content: { type: 'doc', content: [para(text('Solicitant: '), placeholder('applicant.name'))] },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const switched = await call(t, 'PATCH', `/api/document-templates/${plain.json().data.id}`, DEMO.superadmin, {
      system_type: 'raport_control',
    });
    expect(switched.statusCode).toBe(400);
    expect(switched.json()).toMatchObject({ message: 'UNKNOWN_PLACEHOLDER', data: { key: 'applicant.name' } });
    const both = await call(t, 'PATCH', `/api/document-templates/${plain.json().data.id}`, DEMO.superadmin, {
      system_type: 'raport_control',
      content: reportContent('Schimbat'),
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data).toMatchObject({
      system_type: 'raport_control',
      system_type_label: 'Raport de închidere a controlului',
    });
    const backToAviz = await call(t, 'PATCH', `/api/document-templates/${plain.json().data.id}`, DEMO.superadmin, {
      system_type: 'aviz',
    });
    expect(backToAviz.json().message).toBe('UNKNOWN_PLACEHOLDER');
    // Not offered to the application types.
    const options = (await call(t, 'GET', '/api/document-templates/options', DEMO.superadmin)).json().data as {
      system_type: string | null;
    }[];
    expect(options.some((o) => o.system_type === 'raport_control')).toBe(false);
  });
});

describe('the closing report', () => {
  it('uses the built-in layout when the organisation has no active raport_control template', async () => {
    const report = await generatedText(await preparedControl(DEMO.staff, typeId, 1));
    expect(report).toContain('Raport de închidere a controlului');
    expect(report).toContain('Echipa de control');
    expect(report).not.toContain('Proces-verbal din șablon');
  });

  it('is the template with the control’s values when there is one (the organisation’s before a common one)', async () => {
    // A common template (super administrator), inactive first: still the built-in layout.
    const common = await createTemplate(DEMO.superadmin, { status: 'inactive', content: reportContent('Raport comun') });
    expect(common.statusCode, common.body).toBe(201);
    expect(await generatedText(await preparedControl(DEMO.staff, typeId, 2))).not.toContain('Raport comun');
    const activated = await call(t, 'PATCH', `/api/document-templates/${common.json().data.id}`, DEMO.superadmin, {
      status: 'active',
    });
    expect(activated.statusCode, activated.body).toBe(200);

    const control = await preparedControl(DEMO.staff, typeId, 3);
    const entryCode = control.entry_code as string;
    const report = await generatedText(control);
    expect(report).toContain('Raport comun');
    expect(report).not.toContain('Echipa de control');
    expect(report).toContain(`Controlul nr. ${entryCode} din 20.11.2026`);
    expect(report).toContain(`Nr. ${entryCode}`);
    expect(report).toContain('Tipul: Disciplina în construcții');
    expect(report).toContain('UAT: Târgu Mureș');
    expect(report).toContain('adresa: Str. Gheorghe Doja nr. 5');
    expect(report).toContain('Nr. cadastral: 123456');
    expect(report).toContain(
      '1. Dan Mureșan – Inspector, Inspectoratul de control, legitimația LEG-0042, valabilă până la 31.12.2027, emisă de Consiliul Județean Mureș',
    );
    expect(report).toContain(`1. Contravenient3 Vasile (cetățean român), CNP ${makeCnp(303)}, adresa: Str. Mare nr. 1`);
    expect(report).toContain(`1. Martorescu Maria (cetățean român), pașaport P${key}3`);
    expect(report).toContain('1. Corpul C1: Clădire de locuit (CL), regim de înălțime P+1E, Ac 120,5 m²');
    expect(report).toContain('1. fotografie.pdf');
    expect(report).toContain('Sesizarea: –');
    expect(report).toContain('Inspector de control');
    expect(report).toContain('Document generat de Ghișeul Unic');
    // A control has no public verification page: no QR, no address to check.
    expect(report).not.toContain('Verificați autenticitatea');
    const [event] = await t.ctx.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'control.report_generated'), eq(domainEvents.entityId, control.id)));
    expect(event.payload).toMatchObject({ template_id: common.json().data.id });

    // The organisation's own template wins over the common one.
    const own = await createTemplate(DEMO.admin, { content: reportContent('Raportul instituției') });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.organisation_id).toBe(council);
    const mine = await generatedText(await preparedControl(DEMO.staff, typeId, 4));
    expect(mine).toContain('Raportul instituției');
    expect(mine).not.toContain('Raport comun');

    // Another organisation has only the common template.
    const theirs = await generatedText(await preparedControl(otherStaff.headers, otherTypeId, 5), otherStaff.headers);
    expect(theirs).toContain('Raport comun');
  });

  it('keeps the failure handling: a template that fails to render sets error, and the retry generates it', async () => {
    const control = await preparedControl(DEMO.staff, typeId, 6);
    const original = closingReportRenderer.render;
    closingReportRenderer.render = async (data, fromTemplate) => {
      if (fromTemplate) throw new Error('template broken');
      return original(data, fromTemplate);
    };
    try {
      const failed = await act(control.id, 'generate-report', control.version);
      expect(failed.statusCode).toBe(500);
      expect(failed.json().message).toBe('CLOSING_REPORT_GENERATION_ERROR');
    } finally {
      closingReportRenderer.render = original;
    }
    const current = (await call(t, 'GET', `/api/controls/${control.id}`, DEMO.staff)).json().data;
    expect(current).toMatchObject({ status: 'error', report_error: 'CLOSING_REPORT_GENERATION_ERROR', locked: false });
    expect(await generatedText(current)).toContain('Raportul instituției');
  });
});
