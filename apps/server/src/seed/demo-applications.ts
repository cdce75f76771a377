import { type FormDefinitionInput, type FormFieldInput, ZFormDefinition } from '@ghiseu/domain';
import { and, eq, sql } from 'drizzle-orm';
import { applicationTypes, documentSeries, documentSeriesTypes, formVersions, forms, organisations } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/**
 * Demo configuration of the county council of Mureș: series types, its registers, four published
 * urbanism forms and the application types citizens file with them (certificat de urbanism,
 * autorizație de construire, autorizație de desființare, aviz). Idempotent: what already exists
 * (by name) is kept, so it can run on a database seeded before it existed.
 */

const COUNTY_COUNCIL = 'Consiliul Județean Mureș';

/* ───────────────────────────── Reusable fields ───────────────────────────── */

const PDF = ['application/pdf'];
const PDF_OR_IMAGE = ['application/pdf', 'image/jpeg', 'image/png'];

const section = (key: string, label: string, description?: string): FormFieldInput => ({
  key,
  type: 'section_title',
  label,
  ...(description ? { description } : {}),
});

const realEstates: FormFieldInput = {
  key: 'imobile',
  type: 'real_estate_target',
  label: 'Imobilele vizate',
  description: 'Numărul cadastral și UAT-ul fiecărui imobil; suprafața se verifică în evidența cadastrală.',
  required: true,
  maxItems: 10,
};

const beneficiaries: FormFieldInput = {
  key: 'beneficiari',
  type: 'beneficiaries',
  label: 'Beneficiari',
  description: 'Persoanele fizice sau juridice pe numele cărora se emite actul.',
  required: true,
  maxItems: 20,
};

const attachment = (
  key: string,
  documentType: string,
  options: { required?: boolean; minFiles?: number; maxFiles?: number; accept?: string[]; description?: string } = {},
): FormFieldInput => ({
  key,
  type: 'attachments',
  label: documentType,
  documentType,
  required: options.required ?? true,
  minFiles: options.minFiles ?? (options.required === false ? 0 : 1),
  maxFiles: options.maxFiles ?? 2,
  accept: options.accept ?? PDF,
  ...(options.description ? { description: options.description } : {}),
});

const feeProof = attachment('dovada_achitarii_taxei', 'Dovada achitării taxei', {
  required: false,
  accept: PDF_OR_IMAGE,
  description: 'Opțional: dacă ați plătit deja taxa la ghișeu sau prin ordin de plată.',
});

const urbanismCertificateReference: FormFieldInput[] = [
  {
    key: 'numar_certificat_urbanism',
    type: 'text',
    label: 'Numărul certificatului de urbanism',
    required: true,
    maxLength: 50,
    width: 'half',
  },
  {
    key: 'data_certificat_urbanism',
    type: 'date',
    label: 'Data emiterii certificatului de urbanism',
    required: true,
    notInFuture: true,
    width: 'half',
  },
];

/* ───────────────────────────── Forms ───────────────────────────── */

const CERTIFICAT_DE_URBANISM: FormDefinitionInput = {
  fields: [
    section('date_solicitare', 'Date despre solicitare'),
    {
      key: 'scopul_solicitarii',
      type: 'select',
      label: 'Scopul solicitării',
      required: true,
      options: [
        { value: 'construire', label: 'Construire' },
        { value: 'desfiintare', label: 'Desființare' },
        { value: 'vanzare_cumparare', label: 'Vânzare-cumpărare' },
        { value: 'dezmembrare_alipire', label: 'Dezmembrare sau alipire' },
        { value: 'concesionare', label: 'Concesionare' },
        { value: 'intabulare', label: 'Intabulare construcții' },
        { value: 'informare', label: 'Informare' },
        { value: 'alt_scop', label: 'Alt scop' },
      ],
    },
    {
      key: 'alt_scop',
      type: 'text',
      label: 'Precizați scopul',
      required: true,
      visibleWhen: { field: 'scopul_solicitarii', equals: 'alt_scop' },
    },
    {
      key: 'descrierea_lucrarilor',
      type: 'textarea',
      label: 'Descrierea lucrărilor',
      description: 'Ce urmează să se construiască sau să se desființeze: destinație, regim de înălțime, suprafețe estimate.',
      required: true,
      maxLength: 4000,
      visibleWhen: { field: 'scopul_solicitarii', in: ['construire', 'desfiintare'] },
    },
    {
      key: 'suprafata_terenului',
      type: 'decimal',
      label: 'Suprafața terenului',
      unit: 'mp',
      required: true,
      min: 1,
      width: 'half',
    },
    {
      key: 'regim_juridic',
      type: 'radio',
      label: 'Solicitantul deține imobilul în calitate de',
      required: true,
      options: [
        { value: 'proprietar', label: 'Proprietar' },
        { value: 'concesionar', label: 'Concesionar' },
        { value: 'alt_drept', label: 'Alt drept real' },
      ],
    },
    section('date_imobil', 'Imobilul'),
    realEstates,
    section('date_beneficiari', 'Beneficiari'),
    beneficiaries,
    section('documente', 'Documente anexate', 'Fișierele se încarcă scanate, lizibile; planurile semnate de proiectant.'),
    attachment('plan_incadrare_zona', 'Plan de încadrare în zonă', {
      minFiles: 1,
      maxFiles: 2,
      description: 'Scara 1:5000 sau 1:10000.',
    }),
    attachment('plan_situatie', 'Plan de situație', {
      minFiles: 1,
      maxFiles: 2,
      description: 'Scara 1:500 sau 1:2000, vizat de OCPI.',
    }),
    attachment('extras_carte_funciara', 'Extras de carte funciară pentru informare', {
      maxFiles: 1,
      accept: ['application/pdf', 'image/jpeg'],
      description: 'Emis cu cel mult 30 de zile înainte de depunere.',
    }),
    feeProof,
  ],
};

const AUTORIZATIE_DE_CONSTRUIRE: FormDefinitionInput = {
  fields: [
    section('date_certificat', 'Certificatul de urbanism'),
    ...urbanismCertificateReference,
    section('date_lucrari', 'Lucrările'),
    {
      key: 'categoria_lucrarilor',
      type: 'select',
      label: 'Categoria lucrărilor',
      description: 'Decide cota taxei: 0,5% pentru locuințe și anexe, 1% pentru alte construcții.',
      required: true,
      options: [
        { value: 'locuinta', label: 'Locuință și anexe gospodărești' },
        { value: 'alte_constructii', label: 'Alte construcții' },
      ],
    },
    { key: 'descrierea_lucrarilor', type: 'textarea', label: 'Descrierea lucrărilor', required: true, maxLength: 4000 },
    {
      key: 'valoarea_lucrarilor',
      type: 'decimal',
      label: 'Valoarea estimată a lucrărilor',
      unit: 'lei',
      required: true,
      min: 1,
      width: 'half',
    },
    {
      key: 'durata_executiei',
      type: 'number',
      label: 'Durata de execuție',
      unit: 'luni',
      required: true,
      min: 1,
      max: 120,
      width: 'half',
    },
    {
      key: 'suprafata_terenului',
      type: 'decimal',
      label: 'Suprafața terenului',
      unit: 'mp',
      required: true,
      min: 1,
      width: 'half',
    },
    {
      key: 'corpuri_cladire',
      type: 'repeatable_group',
      label: 'Corpuri de clădire',
      itemLabel: 'Corp',
      required: true,
      maxItems: 20,
      fields: [
        { key: 'denumire_corp', type: 'text', label: 'Denumirea corpului', required: true, maxLength: 100, width: 'half' },
        { key: 'regim_inaltime', type: 'text', label: 'Regim de înălțime', placeholder: 'P+1E+M', maxLength: 30, width: 'half' },
        { key: 'numar_niveluri', type: 'number', label: 'Număr de niveluri', required: true, min: 1, max: 50, width: 'third' },
        { key: 'arie_construita', type: 'decimal', label: 'Aria construită', unit: 'mp', required: true, min: 1, width: 'third' },
        {
          key: 'arie_desfasurata',
          type: 'computed',
          label: 'Aria desfășurată',
          unit: 'mp',
          operation: 'product',
          operands: ['arie_construita', 'numar_niveluri'],
          width: 'third',
        },
      ],
    },
    {
      key: 'total_arie_construita',
      type: 'computed',
      label: 'Aria construită totală',
      unit: 'mp',
      operation: 'sum',
      operands: ['corpuri_cladire.arie_construita'],
      width: 'half',
    },
    {
      key: 'total_arie_desfasurata',
      type: 'computed',
      label: 'Aria desfășurată totală',
      unit: 'mp',
      operation: 'sum',
      operands: ['corpuri_cladire.arie_desfasurata'],
      width: 'half',
    },
    section('date_imobil', 'Imobilul'),
    realEstates,
    section('date_beneficiari', 'Beneficiari'),
    beneficiaries,
    section('documente', 'Documente anexate'),
    attachment('certificat_urbanism', 'Certificatul de urbanism', { maxFiles: 1 }),
    attachment('extras_carte_funciara', 'Extras de carte funciară pentru informare', {
      maxFiles: 1,
      accept: ['application/pdf', 'image/jpeg'],
    }),
    attachment('documentatie_dtac', 'Documentația tehnică D.T.A.C.', {
      maxFiles: 10,
      accept: ['application/pdf', 'application/zip'],
      description: 'Piesele scrise și desenate semnate și ștampilate de proiectant; o arhivă zip sau fișiere PDF.',
    }),
    attachment('avize_acorduri', 'Avize și acorduri cerute prin certificatul de urbanism', { required: false, maxFiles: 25 }),
    feeProof,
  ],
};

const AUTORIZATIE_DE_DESFIINTARE: FormDefinitionInput = {
  fields: [
    section('date_certificat', 'Certificatul de urbanism'),
    ...urbanismCertificateReference,
    section('date_lucrari', 'Construcțiile desființate'),
    { key: 'motivul_desfiintarii', type: 'textarea', label: 'Motivul desființării', required: true, maxLength: 2000 },
    {
      key: 'suprafata_desfiintata',
      type: 'decimal',
      label: 'Aria construită desființată',
      unit: 'mp',
      required: true,
      min: 1,
      width: 'half',
    },
    {
      key: 'valoarea_lucrarilor',
      type: 'decimal',
      label: 'Valoarea estimată a lucrărilor',
      unit: 'lei',
      required: true,
      min: 1,
      width: 'half',
    },
    section('date_imobil', 'Imobilul'),
    realEstates,
    section('date_beneficiari', 'Beneficiari'),
    beneficiaries,
    section('documente', 'Documente anexate'),
    attachment('certificat_urbanism', 'Certificatul de urbanism', { maxFiles: 1 }),
    attachment('extras_carte_funciara', 'Extras de carte funciară pentru informare', {
      maxFiles: 1,
      accept: ['application/pdf', 'image/jpeg'],
    }),
    attachment('documentatie_dtad', 'Documentația tehnică D.T.A.D.', {
      maxFiles: 10,
      accept: ['application/pdf', 'application/zip'],
    }),
    attachment('avize_acorduri', 'Avize și acorduri cerute prin certificatul de urbanism', { required: false, maxFiles: 25 }),
    feeProof,
  ],
};

const AVIZ: FormDefinitionInput = {
  fields: [
    section('date_solicitare', 'Date despre solicitare'),
    {
      key: 'tipul_avizului',
      type: 'radio',
      label: 'Avizul solicitat',
      required: true,
      options: [
        { value: 'oportunitate', label: 'Aviz de oportunitate (P.U.Z.)' },
        { value: 'arhitect_sef', label: 'Avizul arhitectului-șef' },
        { value: 'drum_judetean', label: 'Aviz de amplasare în zona drumului județean' },
      ],
    },
    {
      key: 'drumul_judetean',
      type: 'text',
      label: 'Drumul județean și poziția kilometrică',
      placeholder: 'DJ 151B, km 12+300',
      required: true,
      maxLength: 100,
      visibleWhen: { field: 'tipul_avizului', equals: 'drum_judetean' },
    },
    { key: 'obiectul_documentatiei', type: 'textarea', label: 'Obiectul documentației', required: true, maxLength: 2000 },
    section('date_imobil', 'Imobilul'),
    realEstates,
    section('date_beneficiari', 'Beneficiari'),
    beneficiaries,
    section('documente', 'Documente anexate'),
    attachment('documentatie', 'Documentația pentru aviz', { maxFiles: 10, accept: ['application/pdf', 'application/zip'] }),
    attachment('plan_situatie', 'Plan de situație', { maxFiles: 2 }),
    feeProof,
  ],
};

/* ───────────────────────────── Records ───────────────────────────── */

const SERIES_TYPES = [
  { name: 'Intrări', description: 'Numerele de înregistrare ale cererilor primite' },
  { name: 'Ieșiri', description: 'Numerele actelor emise' },
  { name: 'Viză', description: 'Vizele aplicate pe documentații' },
] as const;

const SERIES = [
  {
    name: 'Registratură CJ Mureș',
    type: 'Intrări',
    description: 'Registrul general de intrări al Consiliului Județean Mureș',
    prefix: 'CJMS',
    rejectedPrefix: 'RES',
    registers: ['Urbanism', 'Avize'],
  },
  {
    name: 'Registru ieșiri CJ Mureș',
    type: 'Ieșiri',
    description: 'Actele emise de Direcția de urbanism',
    prefix: 'CJMS-E',
    rejectedPrefix: 'RES-E',
    registers: ['Urbanism'],
  },
  {
    name: 'Registru vize CJ Mureș',
    type: 'Viză',
    description: 'Vizele arhitectului-șef',
    prefix: 'VZ',
    rejectedPrefix: 'VZR',
    registers: ['Urbanism'],
  },
] as const;

const FORMS = [
  {
    name: 'Cerere pentru emiterea certificatului de urbanism',
    description: 'Formularul F1 din Legea 50/1991, completat online',
    definition: CERTIFICAT_DE_URBANISM,
  },
  {
    name: 'Cerere pentru emiterea autorizației de construire',
    description: 'Formularul F8 din Legea 50/1991, completat online',
    definition: AUTORIZATIE_DE_CONSTRUIRE,
  },
  {
    name: 'Cerere pentru emiterea autorizației de desființare',
    description: 'Formularul F8 din Legea 50/1991 pentru lucrări de desființare',
    definition: AUTORIZATIE_DE_DESFIINTARE,
  },
  { name: 'Cerere de aviz', description: 'Avize emise de Consiliul Județean Mureș', definition: AVIZ },
] as const;

const TYPES = [
  {
    name: 'Certificat de urbanism',
    description:
      'Informează asupra regimului juridic, economic și tehnic al imobilului și stabilește cerințele pentru autorizare.',
    form: 0,
    domain: 'urbanism',
    period: 30,
    order: 1,
    references: [] as string[],
  },
  {
    name: 'Autorizație de construire',
    description: 'Actul care permite executarea lucrărilor de construire, pe baza certificatului de urbanism și a D.T.A.C.',
    form: 1,
    domain: 'urbanism',
    period: 30,
    order: 2,
    references: ['Certificat de urbanism'],
  },
  {
    name: 'Autorizație de desființare',
    description: 'Actul care permite desființarea construcțiilor, pe baza certificatului de urbanism și a D.T.A.D.',
    form: 2,
    domain: 'urbanism',
    period: 30,
    order: 3,
    references: ['Certificat de urbanism'],
  },
  {
    name: 'Aviz',
    description: 'Aviz de oportunitate, avizul arhitectului-șef sau aviz de amplasare în zona drumurilor județene.',
    form: 3,
    domain: 'approvals',
    period: 15,
    order: 4,
    references: [] as string[],
  },
] as const;

/** Inserts `name` when missing; returns the id either way. */
async function ensure(
  find: () => Promise<{ id: number } | undefined>,
  create: () => Promise<number>,
  created: { count: number },
) {
  const existing = await find();
  if (existing) return existing.id;
  created.count++;
  return create();
}

/**
 * Seeds the demo configuration of the county council of Mureș inside the caller's transaction.
 * Returns how many records it created; nothing when the council does not exist.
 */
export async function seedDemoApplicationTypes(tx: Db): Promise<Record<string, number>> {
  const [council] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, COUNTY_COUNCIL));
  if (!council) return { seriesTypes: 0, series: 0, forms: 0, applicationTypes: 0 };
  const counts = { seriesTypes: { count: 0 }, series: { count: 0 }, forms: { count: 0 }, applicationTypes: { count: 0 } };

  const seriesTypeIds = new Map<string, number>();
  for (const type of SERIES_TYPES) {
    const id = await ensure(
      async () =>
        (
          await tx
            .select({ id: documentSeriesTypes.id })
            .from(documentSeriesTypes)
            .where(sql`lower(${documentSeriesTypes.name}) = lower(${type.name})`)
        )[0],
      async () => (await tx.insert(documentSeriesTypes).values(type).returning({ id: documentSeriesTypes.id }))[0].id,
      counts.seriesTypes,
    );
    seriesTypeIds.set(type.name, id);
  }

  for (const series of SERIES) {
    await ensure(
      async () =>
        (
          await tx
            .select({ id: documentSeries.id })
            .from(documentSeries)
            .where(and(eq(documentSeries.organisationId, council.id), eq(documentSeries.name, series.name)))
        )[0],
      async () =>
        (
          await tx
            .insert(documentSeries)
            .values({
              organisationId: council.id,
              typeId: seriesTypeIds.get(series.type) as number,
              name: series.name,
              description: series.description,
              prefix: series.prefix,
              rejectedPrefix: series.rejectedPrefix,
              separator: '/',
              registers: [...series.registers],
              yearlyReset: true,
              active: true,
            })
            .returning({ id: documentSeries.id })
        )[0].id,
      counts.series,
    );
  }

  const formIds: number[] = [];
  for (const form of FORMS) {
    const id = await ensure(
      async () => (await tx.select({ id: forms.id }).from(forms).where(eq(forms.name, form.name)))[0],
      async () => {
        // Parsed as the builder's PATCH would be: defaults filled in, structure checked.
        const definition = ZFormDefinition.parse(form.definition);
        const [row] = await tx
          .insert(forms)
          .values({ name: form.name, description: form.description, draftDefinition: definition })
          .returning({ id: forms.id });
        const [version] = await tx
          .insert(formVersions)
          .values({ formId: row.id, version: 1, definition })
          .returning({ id: formVersions.id });
        await tx.update(forms).set({ status: 'published', publishedVersionId: version.id }).where(eq(forms.id, row.id));
        return row.id;
      },
      counts.forms,
    );
    formIds.push(id);
  }

  const typeIds = new Map<string, number>();
  for (const type of TYPES) {
    const id = await ensure(
      async () =>
        (
          await tx
            .select({ id: applicationTypes.id })
            .from(applicationTypes)
            .where(and(eq(applicationTypes.organisationId, council.id), eq(applicationTypes.name, type.name)))
        )[0],
      async () =>
        (
          await tx
            .insert(applicationTypes)
            .values({
              organisationId: council.id,
              name: type.name,
              description: type.description,
              status: 'active',
              domain: type.domain,
              category: 'inbound',
              citizenFormId: formIds[type.form],
              seriesTypeIds: {
                incoming: seriesTypeIds.get('Intrări') ?? null,
                outgoing: seriesTypeIds.get('Ieșiri') ?? null,
                visa1: seriesTypeIds.get('Viză') ?? null,
              },
              referenceTypeIds: type.references.map((name) => typeIds.get(name)).filter((v): v is number => v !== undefined),
              remainingPeriod: type.period,
              listOrder: type.order,
              // Empty: every UAT of the county council's jurisdiction (the whole county).
              uatIds: [],
            })
            .returning({ id: applicationTypes.id })
        )[0].id,
      counts.applicationTypes,
    );
    typeIds.set(type.name, id);
  }

  return Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value.count]));
}
