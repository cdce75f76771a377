import { describe, expect, it } from 'vitest';
import {
  profileFormSchema,
  profileLayout,
  profileToForm,
  requiredProfileFields,
  toProfileUpdateBody,
} from './profile-form-model';
import { buildProfile } from './testing';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('profile layout and required fields (what a complete profile is, spec §3)', () => {
  it('citizen: identity, ID card and address; no company', () => {
    const layout = profileLayout(buildProfile());
    expect(layout).toEqual({ foreigner: false, company: false, companyReadOnly: false, architectLicence: false, staff: false });
    expect([...requiredProfileFields(layout)]).toEqual([
      'personal_numeric_code',
      'id_card_series',
      'id_card_number',
      'id_card_issue_date',
      'id_card_expiry_date',
      'id_card_issuer',
      'county_id',
      'locality_id',
      'street',
      'street_number',
      'postal_code',
    ]);
  });

  it('foreigner: passport and foreign address instead', () => {
    const layout = profileLayout(buildProfile({ user_type_name: 'foreigner', citizenship: 'foreign' }));
    expect(layout.foreigner).toBe(true);
    expect([...requiredProfileFields(layout)]).toEqual(['passport_number', 'country_id', 'city', 'address']);
  });

  it('legal entity: the company too; a sub-account sees it read-only and needs only the person data', () => {
    const main = profileLayout(buildProfile({ user_type_name: 'legal_entity', account_type: 'professional' }));
    expect(main).toMatchObject({ company: true, companyReadOnly: false, architectLicence: true });
    expect(requiredProfileFields(main).has('trade_registry_number')).toBe(true);
    const sub = profileLayout(
      buildProfile({ user_type_name: 'legal_entity', account_type: 'professional', company_data_inherited: true }),
    );
    expect(sub).toMatchObject({ company: true, companyReadOnly: true });
    expect(requiredProfileFields(sub).has('company_name')).toBe(false);
  });

  it('staff see their service data', () => {
    expect(profileLayout(buildProfile({ user_type_name: 'staff' })).staff).toBe(true);
  });
});

describe('profile form rules (the shared contract)', () => {
  const values = (overrides = {}) => ({ ...profileToForm(buildProfile()), ...overrides });

  it('accepts a complete profile, and an incomplete one (forms fill in steps)', () => {
    expect(profileFormSchema.safeParse(values()).success).toBe(true);
    expect(profileFormSchema.safeParse(values({ personal_numeric_code: '', county_id: null, street: '' })).success).toBe(true);
  });

  it('checks the CNP, the ID card, the postal code, the CUI and the IBAN', () => {
    const result = profileFormSchema.safeParse(
      values({
        personal_numeric_code: '2850315260026',
        id_card_series: 'M1',
        id_card_number: '12',
        postal_code: '54004',
        company_registration_code: '18547291',
        iban: 'RO49AAAA1B31007593840001',
      }),
    );
    expect(issues(result)).toEqual({
      personal_numeric_code: 'CNP-ul nu este valid',
      id_card_series: 'Valoarea introdusă nu este validă',
      id_card_number: 'Valoarea introdusă nu este validă',
      postal_code: 'Codul poștal trebuie să conțină 6 cifre',
      company_registration_code: 'CUI/CIF-ul nu este valid',
      iban: 'IBAN-ul nu este valid',
    });
  });

  it('refuses a minor and an ID card that expires before it was issued', () => {
    const result = profileFormSchema.safeParse(
      values({ personal_numeric_code: '5100101420013', id_card_issue_date: '2030-01-01', id_card_expiry_date: '2020-01-01' }),
    );
    expect(issues(result)).toEqual({
      personal_numeric_code: 'Persoana trebuie să aibă cel puțin 18 ani',
      id_card_expiry_date: 'Data de început nu poate fi după data de sfârșit',
    });
  });

  it('normalises what it keeps: the IBAN in electronic form, the ID series upper case', () => {
    const parsed = profileFormSchema.parse(values({ iban: 'ro49 aaaa 1b31 0075 9384 0000', id_card_series: 'ms' }));
    expect(parsed).toMatchObject({ iban: 'RO49AAAA1B31007593840000', id_card_series: 'MS' });
  });
});

describe('the body of PUT /profiles/me', () => {
  it('sends the names and leaves empty fields out (the PUT clears them)', () => {
    const profile = buildProfile();
    const parsed = profileFormSchema.parse({ ...profileToForm(profile), street: '  ' });
    const body = toProfileUpdateBody(parsed, profile, profileLayout(profile));
    expect(body).toMatchObject({ first_name: 'Ioana', last_name: 'Mureșan', county_id: 261, locality_id: 114319 });
    expect(body).not.toHaveProperty('street');
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('village_id');
  });

  it("sends the company only from a legal entity's own account", () => {
    const company = { company_name: 'Atelier SRL', company_registration_code: '18547290', trade_registry_number: 'J26/1/2020' };
    const owner = buildProfile({ user_type_name: 'legal_entity', ...company });
    const sub = buildProfile({ user_type_name: 'legal_entity', company_data_inherited: true, ...company });
    const citizen = buildProfile(company);
    const body = (profile: ReturnType<typeof buildProfile>) =>
      toProfileUpdateBody(profileFormSchema.parse(profileToForm(profile)), profile, profileLayout(profile));
    expect(body(owner)).toMatchObject(company);
    expect(body(sub)).not.toHaveProperty('company_name');
    expect(body(citizen)).not.toHaveProperty('company_registration_code');
  });
});
