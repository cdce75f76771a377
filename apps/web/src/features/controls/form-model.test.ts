import { CONTROL_MESSAGES, cnpControlDigit } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import {
  bodyBody,
  bodyErrors,
  bodyValues,
  createBody,
  emptyStaffRow,
  patchBody,
  personBody,
  personErrors,
  personValues,
  preparationChanged,
  preparationErrors,
  preparationValues,
  REQUIRED,
} from './form-model';
import { buildControl } from './test-support';

/** A valid CNP of someone born on 1980-05-12 in county 40 (București). */
const validCnp = () => {
  const first12 = '180051240123';
  return `${first12}${cnpControlDigit(first12)}`;
};

describe('the preparation', () => {
  it('starts a new control today with the complaint’s place and the user as inspector', () => {
    const values = preparationValues(null, {
      complaint: {
        id: 4,
        entry_code: 'SES-4',
        status: 'NEW',
        uat: { id: 11, name: 'Târgu Mureș' },
        locality: { id: 12, name: 'Târgu Mureș' },
        address: 'Str. Lungă 1',
      },
      inspector: { user_id: 5, name: 'Ana Popescu' },
    });
    expect(values).toMatchObject({ complaint_id: '4', uat_id: '11', locality_id: '12', address: 'Str. Lungă 1' });
    expect(values.control_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(values.staff).toHaveLength(1);
    expect(values.staff[0]).toMatchObject({ user_id: 5, name: 'Ana Popescu' });
  });

  it('names the missing fields, an inspector’s included, and needs at least one inspector', () => {
    const values = preparationValues(null);
    values.staff = [emptyStaffRow({ name: 'Ion' })];
    expect(preparationErrors(values)).toEqual({
      control_type_id: REQUIRED,
      uat_id: REQUIRED,
      address: REQUIRED,
      'staff.0.function': REQUIRED,
      'staff.0.control_body': REQUIRED,
      'staff.0.id_number': REQUIRED,
    });
    values.staff = [emptyStaffRow()];
    expect(preparationErrors(values).staff).toBe(CONTROL_MESSAGES.staffRequired);
  });

  it('sends trimmed text, ids as numbers, empty optional fields as null and drops blank inspector rows', () => {
    const values = preparationValues(buildControl());
    values.address = '  Str. Nouă 2 ';
    values.cadastral_number = ' ';
    values.staff.push(emptyStaffRow());
    expect(patchBody(values, 2)).toEqual({
      version: 2,
      control_type_id: 3,
      control_date: '2026-11-20',
      uat_id: 11,
      locality_id: null,
      address: 'Str. Nouă 2',
      cadastral_number: null,
      complaint_id: null,
      staff: [
        {
          user_id: 5,
          name: 'Ana Popescu',
          function: 'Inspector',
          control_body: 'Poliția locală',
          id_number: 'L-12',
          id_expiry: null,
          id_issuer: null,
        },
      ],
    });
    expect(createBody(values)).not.toHaveProperty('version');
  });

  it('sees unsaved changes, but not a blank inspector row or a new row key', () => {
    const saved = preparationValues(buildControl());
    const same = preparationValues(buildControl());
    same.staff.push(emptyStaffRow());
    expect(preparationChanged(same, saved)).toBe(false);
    expect(preparationChanged({ ...saved, address: 'Alta' }, saved)).toBe(true);
  });
});

describe('an offender or witness', () => {
  it('needs a Romanian citizen’s valid CNP, a foreigner’s passport or CNP, a company’s name', () => {
    const person = personValues(null);
    expect(personErrors(person)).toEqual({
      first_name: CONTROL_MESSAGES.firstNameRequired,
      last_name: CONTROL_MESSAGES.lastNameRequired,
      personal_numeric_code: CONTROL_MESSAGES.cnpRequired,
    });
    expect(personErrors({ ...person, first_name: 'Ion', last_name: 'Pop', personal_numeric_code: '1234567890123' })).toEqual({
      personal_numeric_code: 'CNP-ul nu este valid.',
    });
    expect(personErrors({ ...person, first_name: 'Ion', last_name: 'Pop', personal_numeric_code: validCnp() })).toEqual({});
    expect(personErrors({ ...person, first_name: 'John', last_name: 'Doe', citizenship: 'foreign' })).toEqual({
      passport_number: CONTROL_MESSAGES.cnpForeign,
    });
    expect(personErrors({ ...person, person_type: 'legal' })).toEqual({
      company_name: CONTROL_MESSAGES.companyRequired,
    });
  });

  it('sends only what fits the person: a foreigner’s folded passport, no ID card', () => {
    const body = personBody(
      {
        ...personValues(null, 'witness'),
        citizenship: 'foreign',
        first_name: 'John',
        last_name: 'Doe',
        passport_number: 'ab 123 456',
        id_card_series: 'MS',
      },
      4,
    );
    expect(body).toMatchObject({
      version: 4,
      role: 'witness',
      citizenship: 'foreign',
      passport_number: 'ab123456',
      id_card_series: null,
      company_name: null,
      personal_numeric_code: null,
    });
  });
});

describe('a building body', () => {
  it('needs a name and a ridge not below the cornice; numbers go as numbers, blanks as null', () => {
    const values = { ...bodyValues(null), height_cornice: 9, height_ridge: 7 };
    expect(bodyErrors(values)).toEqual({ name: REQUIRED, height_ridge: CONTROL_MESSAGES.heights });
    const body = bodyBody({ ...values, name: ' C1 ', height_ridge: 12.5, function: 'CL', apartments_2_rooms: 4 }, 3);
    expect(body).toMatchObject({
      version: 3,
      name: 'C1',
      height_cornice: 9,
      height_ridge: 12.5,
      function: 'CL',
      importance_category: null,
      apartments_2_rooms: 4,
      apartments_1_room: null,
      roof: null,
    });
  });
});
