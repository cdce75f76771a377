import { describe, expect, it } from 'vitest';
import type { OrganisationRecord } from '../../api/organisations';
import { EMPTY_ORGANISATION, formValuesOf, organisationFormSchema, toCreateBody, toPatch } from './organisation-form-model';

const record: OrganisationRecord = {
  id: 3,
  name: 'Primăria Municipiului Sighișoara',
  description: null,
  status: 'active',
  type: 'city_hall',
  county_id: 261,
  locality_id: null,
  uat_id: 114514,
  is_test: false,
  logo_file_id: null,
  external_link: 'https://sighisoara.org.ro',
  citizen_dashboard_visible: true,
  payment_order_details: null,
  useful_links: [],
  abilities: { canEdit: true, canEditJurisdiction: false, canDelete: false, canEditUsefulLinks: true, canWorkIn: false },
};

describe('organisation form', () => {
  it('needs the territory of its type (spec §3)', () => {
    const cityHall = organisationFormSchema.safeParse({ ...EMPTY_ORGANISATION, name: 'Primăria Ernei', county_id: '261' });
    expect(cityHall.success).toBe(false);
    expect(cityHall.error?.issues.map((issue) => issue.path.join('.'))).toContain('uat_id');
    const council = organisationFormSchema.safeParse({ ...EMPTY_ORGANISATION, name: 'CJ', type: 'county_council' });
    expect(council.error?.issues.map((issue) => issue.path.join('.'))).toContain('county_id');
    expect(
      organisationFormSchema.safeParse({ ...EMPTY_ORGANISATION, name: 'CJ', type: 'county_council', county_id: '261' }).success,
    ).toBe(true);
  });

  it('wants an https:// site', () => {
    const result = organisationFormSchema.safeParse({ ...formValuesOf(record), external_link: 'http://sighisoara.org.ro' });
    expect(result.error?.issues[0].message).toBe('Adresa trebuie să fie un URL valid care începe cu https://');
  });

  it('sends numbers for the territory and null for empty texts', () => {
    expect(toCreateBody({ ...formValuesOf(record), description: '  ', payment_order_details: 'IBAN RO…' })).toMatchObject({
      county_id: 261,
      uat_id: 114514,
      locality_id: null,
      description: null,
      payment_order_details: 'IBAN RO…',
    });
  });

  it('patches only what changed', () => {
    const values = { ...formValuesOf(record), description: 'Primăria din Sighișoara', external_link: '' };
    expect(toPatch(values, record, { jurisdiction: true })).toEqual({
      description: 'Primăria din Sighișoara',
      external_link: null,
    });
    expect(toPatch(formValuesOf(record), record, { jurisdiction: true })).toEqual({});
  });

  it('leaves the jurisdiction fields out for an organisation admin', () => {
    const values = { ...formValuesOf(record), status: 'inactive' as const, is_test: true, name: 'Primăria Sighișoara' };
    expect(toPatch(values, record, { jurisdiction: false })).toEqual({ name: 'Primăria Sighișoara' });
    expect(toPatch(values, record, { jurisdiction: true })).toEqual({
      name: 'Primăria Sighișoara',
      status: 'inactive',
      is_test: true,
    });
  });
});
