import type { ApplicationTypeRecord } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import '../../lib/validation';
import {
  type ApplicationTypeValues,
  applicationTypeCreateBody,
  applicationTypeFormSchema,
  applicationTypePatch,
  applicationTypeValues,
  errorAt,
  formVersionLabel,
  IS_AUTO_RULE,
  sectionsWithErrors,
  serverFieldErrors,
} from './form-model';

const record = (overrides: Partial<ApplicationTypeRecord> = {}): ApplicationTypeRecord => ({
  id: 5,
  name: 'Certificat de urbanism',
  description: 'Regimul juridic al imobilului',
  status: 'active',
  domain: 'urbanism',
  category: 'inbound',
  organisation_id: 2,
  organisation_name: 'Consiliul Județean Mureș',
  citizen_form_id: 11,
  staff_form_id: null,
  reject_form_id: null,
  citizen_form: { id: 11, name: 'Cerere CU', status: 'published', published_version_id: 31, latest_version: 2 },
  staff_form: null,
  reject_form: null,
  document_template_ids: { staff: null, rejection: null, clarification: null, public: null, citizen: null },
  series_type_ids: { incoming: 1, outgoing: 2, visa1: null, visa2: null, visa_rejection: null },
  tax_category_ids: { construction: null, land: null, extra: null },
  reference_type_ids: [7, 8],
  archive_document_type_code: null,
  workflow_id: null,
  is_auto: false,
  remaining_period: 30,
  list_order: 1,
  discounts: [{ name: 'Pensionari', percent: 50 }],
  uat_ids: [],
  dynamic_form: true,
  digital_seal: false,
  custom_seal_file_id: null,
  related_clarification_type_id: null,
  related_internal_type_id: null,
  department_ids: [3],
  function_ids: [],
  usage_categories: ['Locuințe'],
  application_count: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

/** The schema's output (what the form submits) for valid values. */
const submitted = (values: ApplicationTypeValues, requireOrganisation = false) =>
  applicationTypeFormSchema({ requireOrganisation }).parse(values);

/** The schema's messages by field path, as the form shows them (empty when valid). */
function fieldErrors(values: unknown, requireOrganisation = false): Record<string, string> {
  const result = applicationTypeFormSchema({ requireOrganisation }).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('application type form model', () => {
  it('starts a new type with the contract defaults', () => {
    const values = applicationTypeValues(null, { organisationId: 2 });
    expect(values).toMatchObject({
      organisation_id: 2,
      domain: 'urbanism',
      category: 'inbound',
      status: 'active',
      remaining_period: 30,
      list_order: 0,
      dynamic_form: true,
      is_auto: false,
    });
    expect(values.series_type_ids.incoming).toBeNull();
  });

  it('round-trips a record without changes into an empty patch', () => {
    expect(applicationTypePatch(record(), submitted(applicationTypeValues(record())))).toEqual({});
  });

  it('patches only changed fields, the series uses key by key', () => {
    const values = applicationTypeValues(record());
    const patch = applicationTypePatch(
      record(),
      submitted({
        ...values,
        remaining_period: 45,
        series_type_ids: { ...values.series_type_ids, outgoing: null, visa1: 9 },
        reference_type_ids: [8, 7],
      }),
    );
    expect(patch).toEqual({ remaining_period: 45, series_type_ids: { outgoing: null, visa1: 9 } });
  });

  it('keeps a custom seal only while the type is sealed', () => {
    const sealed = record({ digital_seal: true, custom_seal_file_id: 31 });
    const values = applicationTypeValues(sealed);
    expect(values.custom_seal_file_id).toBe(31);
    expect(applicationTypePatch(sealed, submitted({ ...values, custom_seal_file_id: 32 }))).toEqual({ custom_seal_file_id: 32 });
    expect(applicationTypePatch(sealed, submitted({ ...values, digital_seal: false }))).toEqual({
      digital_seal: false,
      custom_seal_file_id: null,
    });
  });

  it('refuses reference types on an automatic type', () => {
    const values = { ...applicationTypeValues(record()), is_auto: true };
    expect(fieldErrors(values)).toEqual({ reference_type_ids: IS_AUTO_RULE });
    expect(applicationTypePatch(record(), submitted({ ...values, reference_type_ids: [] }))).toEqual({
      is_auto: true,
      reference_type_ids: [],
    });
  });

  it("checks the name, the response period, the order and the discounts with the contract's messages", () => {
    const values = applicationTypeValues(null);
    const errors = fieldErrors(
      { ...values, remaining_period: 10000, list_order: null, discounts: [{ name: '', percent: 120 }] },
      true,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'discounts.0.name',
      'discounts.0.percent',
      'list_order',
      'name',
      'organisation_id',
      'remaining_period',
    ]);
    expect(errors.name).toBe('Acest câmp este obligatoriu');
    expect(errors.remaining_period).toBe('Introdu un numar');
    expect(errors['discounts.0.percent']).toBe('Valoarea poate fi cel mult 100');
    expect(sectionsWithErrors(errors)).toEqual(['general', 'discounts']);
    // Others create in their own organisation: none to choose.
    expect(fieldErrors({ ...values, name: 'Tip' })).toEqual({});
  });

  it('patches the document templates role by role and sends only the chosen ones on creation', () => {
    const stored = record({
      document_template_ids: { staff: 12, rejection: null, clarification: null, public: null, citizen: null },
    });
    const values = applicationTypeValues(stored);
    expect(values.document_template_ids).toEqual({
      staff: 12,
      rejection: null,
      clarification: null,
      public: null,
      citizen: null,
    });
    const patch = applicationTypePatch(
      stored,
      submitted({ ...values, document_template_ids: { ...values.document_template_ids, staff: null, rejection: 13 } }),
    );
    expect(patch).toEqual({ document_template_ids: { staff: null, rejection: 13 } });
    const created = applicationTypeCreateBody(
      submitted({
        ...applicationTypeValues(null, { organisationId: 2 }),
        name: 'Tip cu șabloane',
        citizen_form_id: 11,
        document_template_ids: { staff: 12, rejection: 13, clarification: null, public: null, citizen: null },
      }),
    );
    expect(created.document_template_ids).toEqual({ staff: 12, rejection: 13 });
  });

  it('builds the create body without empty series uses', () => {
    const values: ApplicationTypeValues = {
      ...applicationTypeValues(null, { organisationId: 2 }),
      name: ' Tip test ',
      citizen_form_id: 11,
      series_type_ids: { incoming: 1, outgoing: null, visa1: null, visa2: null, visa_rejection: null },
      usage_categories: ['Locuințe', ' Locuințe'],
    };
    const body = applicationTypeCreateBody(submitted(values, true));
    expect(body).toMatchObject({
      name: 'Tip test',
      organisation_id: 2,
      citizen_form_id: 11,
      series_type_ids: { incoming: 1 },
      usage_categories: ['Locuințe'],
      remaining_period: 30,
    });
    expect(applicationTypeCreateBody(submitted({ ...values, organisation_id: null }))).not.toHaveProperty('organisation_id');
  });

  it('reads the server field paths and finds nested problems', () => {
    const errors = serverFieldErrors([
      { path: 'body.citizen_form_id', message: 'Formularul nu are o versiune publicată' },
      { path: 'body.series_type_ids.incoming', message: 'Tipul de serie nu există' },
      { path: 'body.uat_ids.2', message: 'UAT-ul nu se află în jurisdicția instituției' },
    ]);
    expect(errors).toEqual({
      citizen_form_id: 'Formularul nu are o versiune publicată',
      'series_type_ids.incoming': 'Tipul de serie nu există',
      uat_ids: 'UAT-ul nu se află în jurisdicția instituției',
    });
    expect(errorAt({ series_type_ids: { incoming: { type: 'server', message: 'x' } } }, 'series_type_ids.incoming')).toBe('x');
    expect(errorAt({ discounts: [undefined, { name: { type: 'server', message: 'y' } }] }, 'discounts')).toBe('y');
  });

  it('labels the form version', () => {
    expect(formVersionLabel({ latest_version: 2 })).toBe('v2');
    expect(formVersionLabel({ latest_version: null })).toBeNull();
  });
});
