import type { ApplicationTypeRecord } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import {
  applicationTypeCreateBody,
  applicationTypePatch,
  applicationTypeValues,
  errorAt,
  formVersionLabel,
  IS_AUTO_RULE,
  sectionsWithErrors,
  serverFieldErrors,
  validateApplicationType,
  withAuto,
  withOrganisation,
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

describe('application type form model', () => {
  it('starts a new type with the contract defaults', () => {
    const values = applicationTypeValues(null, { organisationId: 2 });
    expect(values).toMatchObject({
      organisation_id: '2',
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
    expect(applicationTypePatch(record(), applicationTypeValues(record()))).toEqual({});
  });

  it('patches only changed fields, the series uses key by key', () => {
    const values = applicationTypeValues(record());
    const patch = applicationTypePatch(record(), {
      ...values,
      remaining_period: 45,
      series_type_ids: { ...values.series_type_ids, outgoing: null, visa1: '9' },
      reference_type_ids: ['8', '7'],
    });
    expect(patch).toEqual({ remaining_period: 45, series_type_ids: { outgoing: null, visa1: 9 } });
  });

  it('keeps a custom seal only while the type is sealed', () => {
    const sealed = record({ digital_seal: true, custom_seal_file_id: 31 });
    const values = applicationTypeValues(sealed);
    expect(values.custom_seal_file_id).toBe('31');
    expect(applicationTypePatch(sealed, { ...values, custom_seal_file_id: '32' })).toEqual({ custom_seal_file_id: 32 });
    expect(applicationTypePatch(sealed, { ...values, digital_seal: false })).toEqual({
      digital_seal: false,
      custom_seal_file_id: null,
    });
  });

  it('clears and blocks the reference types of an automatic type', () => {
    const values = withAuto(applicationTypeValues(record()), true);
    expect(values.reference_type_ids).toEqual([]);
    expect(applicationTypePatch(record(), values)).toEqual({ is_auto: true, reference_type_ids: [] });
    expect(validateApplicationType({ ...values, reference_type_ids: ['7'] }).reference_type_ids).toBe(IS_AUTO_RULE);
  });

  it('forgets the UATs, departments and functions of the previous organisation', () => {
    const values = withOrganisation({ ...applicationTypeValues(record()), uat_ids: ['1'] }, '9');
    expect(values).toMatchObject({ organisation_id: '9', uat_ids: [], department_ids: [], function_ids: [] });
  });

  it('checks the name, the response period, the order and the discounts', () => {
    const values = applicationTypeValues(null);
    const errors = validateApplicationType(
      { ...values, remaining_period: 10000, list_order: '', discounts: [{ name: '', percent: 120 }] },
      { requireOrganisation: true },
    );
    expect(Object.keys(errors).sort()).toEqual([
      'discounts.0.name',
      'discounts.0.percent',
      'list_order',
      'name',
      'organisation_id',
      'remaining_period',
    ]);
    expect(sectionsWithErrors(errors)).toEqual(['general', 'discounts']);
  });

  it('builds the create body without empty series uses', () => {
    const values = {
      ...applicationTypeValues(null, { organisationId: 2 }),
      name: ' Tip test ',
      citizen_form_id: '11',
      series_type_ids: { incoming: '1', outgoing: null, visa1: null, visa2: null, visa_rejection: null },
      usage_categories: ['Locuințe', ' Locuințe', ''],
    };
    const body = applicationTypeCreateBody(values);
    expect(body).toMatchObject({
      name: 'Tip test',
      organisation_id: 2,
      citizen_form_id: 11,
      series_type_ids: { incoming: 1 },
      usage_categories: ['Locuințe'],
      remaining_period: 30,
    });
  });

  it('reads the server field paths and finds nested problems', () => {
    const errors = serverFieldErrors([
      { path: 'body.citizen_form_id', message: 'Formularul nu are o versiune publicată' },
      { path: 'body.series_type_ids.incoming', message: 'Tipul de serie nu există' },
      { path: 'body.uat_ids', message: 'UAT-ul nu se află în jurisdicția instituției' },
    ]);
    expect(errors.citizen_form_id).toBe('Formularul nu are o versiune publicată');
    expect(errorAt(errors, 'series_type_ids.incoming')).toBe('Tipul de serie nu există');
    expect(errorAt({ 'discounts.1.name': 'x' }, 'discounts')).toBe('x');
  });

  it('labels the form version', () => {
    expect(formVersionLabel({ latest_version: 2 })).toBe('v2');
    expect(formVersionLabel({ latest_version: null })).toBeNull();
  });
});
