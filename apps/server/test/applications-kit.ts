import { cnpControlDigit, cuiControlDigit, type FormDefinitionInput, ZFormDefinition } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { applicationTypes, documentSeries, documentSeriesTypes, forms, formVersions } from '../src/db/schema/index.js';
import { multipartFile, SMALL_PDF } from './multipart.js';
import type { TestApp } from './test-app.js';
import { call, countyCouncilId, DEMO } from './administration-kit.js';

/**
 * Fixtures of the applications, beneficiaries and real-estate tests (not a test file itself):
 * an application type with a published citizen form and an incoming series, written straight
 * into the tables (the forms and series modules have their own tests; `buildApplicationType` in
 * factories.ts makes the same through the API), plus small API helpers.
 */

export { call, DEMO };
export const TARGU_MURES = 114319;
export const SIGHISOARA = 114514;
export const CLUJ_NAPOCA = 54975;

/** The citizen form of a building-permit-like type: answers, attachments, both markers. */
export const STANDARD_FORM: FormDefinitionInput = {
  fields: [
    { type: 'section_title', key: 'date_lucrare', label: 'Date despre lucrare' },
    { type: 'text', key: 'denumire_lucrare', label: 'Denumirea lucrării', required: true },
    {
      type: 'select',
      key: 'tip_lucrare',
      label: 'Tipul lucrării',
      required: true,
      options: [
        { value: 'construire', label: 'Construire' },
        { value: 'desfiintare', label: 'Desființare' },
      ],
    },
    { type: 'decimal', key: 'suprafata_construita', label: 'Suprafața construită', unit: 'mp', min: 0 },
    {
      type: 'attachments',
      key: 'plan_situatie',
      label: 'Plan de situație',
      documentType: 'Plan de situație',
      required: true,
      maxFiles: 2,
      accept: ['application/pdf'],
    },
    {
      type: 'attachments',
      key: 'acte_identitate',
      label: 'Acte de identitate',
      documentType: 'Act de identitate',
      accept: ['application/pdf', 'image/jpeg', 'image/png'],
    },
    {
      type: 'attachments',
      key: 'memoriu_desfiintare',
      label: 'Memoriu de desființare',
      documentType: 'Memoriu',
      required: true,
      visibleWhen: { field: 'tip_lucrare', equals: 'desfiintare' },
    },
    { type: 'beneficiaries', key: 'beneficiari', label: 'Beneficiari', required: true },
    { type: 'real_estate_target', key: 'imobile', label: 'Imobile vizate', required: true },
  ],
};

/** A form without markers (a request for information). */
export const SIMPLE_FORM: FormDefinitionInput = {
  fields: [
    { type: 'textarea', key: 'mesaj', label: 'Mesaj', required: true },
    { type: 'attachments', key: 'documente', label: 'Documente', documentType: 'Documente' },
  ],
};

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}-${Math.random().toString(36).slice(2, 7)}`;

export interface FilingFixture {
  typeId: number;
  formId: number;
  versionId: number;
  seriesId: number | null;
  organisationId: number;
}

/**
 * An application type of the county council (or `organisationId`) with a published citizen
 * form and, unless `series: false`, an incoming series `prefix/N/year` (a fresh prefix by default).
 */
export async function createFilingFixture(
  t: TestApp,
  options: {
    definition?: FormDefinitionInput;
    organisationId?: number;
    prefix?: string;
    series?: boolean;
    remainingPeriod?: number;
    status?: 'active' | 'inactive';
    category?: 'inbound' | 'outbound' | 'internal';
  } = {},
): Promise<FilingFixture> {
  const organisationId = options.organisationId ?? (await countyCouncilId(t));
  const definition = ZFormDefinition.parse(options.definition ?? STANDARD_FORM);
  return t.ctx.db.transaction(async (tx) => {
    const [form] = await tx
      .insert(forms)
      .values({ name: unique('Formular'), status: 'published', draftDefinition: definition })
      .returning({ id: forms.id });
    const [version] = await tx
      .insert(formVersions)
      .values({ formId: form.id, version: 1, definition })
      .returning({ id: formVersions.id });
    await tx.update(forms).set({ publishedVersionId: version.id }).where(eq(forms.id, form.id));
    let seriesId: number | null = null;
    const seriesTypeIds: Record<string, number> = {};
    if (options.series !== false) {
      const [seriesType] = await tx
        .insert(documentSeriesTypes)
        .values({ name: unique('Intrări') })
        .returning({ id: documentSeriesTypes.id });
      const [series] = await tx
        .insert(documentSeries)
        // Prefixes differ per series: entry numbers are unique per organisation.
        .values({
          typeId: seriesType.id,
          organisationId,
          name: unique('Registratura'),
          prefix: options.prefix ?? `T${++sequence}`,
          separator: '/',
        })
        .returning({ id: documentSeries.id });
      seriesId = series.id;
      seriesTypeIds.incoming = seriesType.id;
    }
    const [type] = await tx
      .insert(applicationTypes)
      .values({
        organisationId,
        name: unique('Certificat de urbanism'),
        citizenFormId: form.id,
        seriesTypeIds,
        remainingPeriod: options.remainingPeriod ?? 30,
        status: options.status ?? 'active',
        category: options.category ?? 'inbound',
      })
      .returning({ id: applicationTypes.id });
    return { typeId: type.id, formId: form.id, versionId: version.id, seriesId, organisationId };
  });
}

/** A valid CNP (Mureș, born `birth` yymmdd, first digit `sex`), different for every `n` (1–999). */
export function makeCnp(n: number, birth = '850101', sex = '1'): string {
  const first12 = `${sex}${birth}26${String(n % 1000).padStart(3, '0')}`;
  return `${first12}${cnpControlDigit(first12)}`;
}

/** A valid CUI with `body` (up to 9 digits) before the control digit. */
export function makeCui(body: number): string {
  const digits = String(body);
  return `${digits}${cuiControlDigit(digits)}`;
}

/** Uploads a file as `who` and returns its id. */
/** Who makes a call: a demo e-mail or the headers of a signed-in person (see factories.ts). */
type Who = string | Record<string, string>;

export async function uploadFile(t: TestApp, who: Who, name = 'plan.pdf', data: Buffer = SMALL_PDF): Promise<number> {
  const token = (await call(t, 'POST', '/api/files/upload-tokens', who, { purpose: 'default' })).json().data.token;
  const { payload, headers } = multipartFile(name, data);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...(typeof who === 'string' ? await t.authHeaders(who) : who), ...headers, 'x-file-upload-access-token': token },
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}

export async function createDraft(t: TestApp, who: Who, typeId: number, body: Record<string, unknown> = {}): Promise<number> {
  const response = await call(t, 'POST', '/api/applications?echo=true', who, { application_type_id: typeId, ...body });
  if (response.statusCode !== 201) throw new Error(`draft: ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}

export const individual = (n: number, extra: Record<string, unknown> = {}) => ({
  person_type: 'individual',
  first_name: 'Ion',
  last_name: `Popescu${n}`,
  personal_numeric_code: makeCnp(n),
  ...extra,
});

/** Fills everything the standard form needs: answers, the site plan, a beneficiary, a real estate. */
export async function completeDraft(t: TestApp, who: Who, id: number, n = 1): Promise<void> {
  const steps = [
    await call(t, 'PATCH', `/api/applications/${id}`, who, {
      form: { denumire_lucrare: 'Locuință P+1', tip_lucrare: 'construire', suprafata_construita: 120.5 },
    }),
    await call(t, 'POST', `/api/applications/${id}/files`, who, { file_id: await uploadFile(t, who), category: 'plan_situatie' }),
    await call(t, 'POST', `/api/applications/${id}/beneficiaries`, who, individual(n)),
    await call(t, 'POST', `/api/applications/${id}/real-estates`, who, {
      cadastral_number: String(200000 + n),
      uat_id: TARGU_MURES,
      type: 'land',
      area: 500,
    }),
  ];
  for (const step of steps) if (step.statusCode >= 300) throw new Error(`complete: ${step.statusCode} ${step.body}`);
}

export { type AnafCompanyFixture, startAnafStandIn } from './anaf-stand-in.js';
