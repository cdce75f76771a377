import { describe, expect, it } from 'vitest';
import type { ControlBuildingBody, ControlPerson } from '../contracts/controls.js';
import { PLACEHOLDERS } from '../documents/placeholders.js';
import { type ControlReportFacts, controlBodyLine, controlPersonLine, controlPlaceholderValues } from './report-values.js';

const person = (extra: Partial<ControlPerson>): ControlPerson => ({
  id: 1,
  role: 'offender',
  person_type: 'individual',
  citizenship: 'romanian',
  first_name: 'Ion',
  last_name: 'Popescu',
  company_name: null,
  unique_registration_code: null,
  personal_numeric_code: null,
  passport_number: null,
  id_card_series: null,
  id_card_number: null,
  id_card_issued_by: null,
  id_card_issued_at: null,
  address: null,
  phone: null,
  email: null,
  ...extra,
});

const body = (extra: Partial<ControlBuildingBody>): ControlBuildingBody => ({
  id: 1,
  name: 'C1',
  height_cornice: null,
  height_ridge: null,
  levels_below: null,
  levels_above: null,
  height_regime: null,
  construction_type: null,
  foundations: null,
  roof: null,
  heating: null,
  finishes: null,
  function: null,
  importance_category: null,
  built_area: null,
  developed_area: null,
  useful_area: null,
  living_area: null,
  apartments_1_room: null,
  apartments_2_rooms: null,
  apartments_3_rooms: null,
  apartments_4_rooms: null,
  apartments_5_plus_rooms: null,
  ...extra,
});

const facts = (extra: Partial<ControlReportFacts> = {}): ControlReportFacts => ({
  entryCode: 'CTRL/3/2026',
  controlDate: '2026-04-15',
  typeName: 'Disciplina în construcții',
  uatName: 'Târgu Mureș',
  localityName: null,
  address: 'Str. Gheorghe Doja nr. 5',
  cadastralNumber: null,
  complaintEntryCode: 'SES/7/2026',
  staff: [],
  persons: [],
  bodies: [],
  documents: [],
  reportDate: '20.04.2026',
  ...extra,
});

describe('control placeholders of a closing report', () => {
  it('fills every control.* key of the catalogue', () => {
    const values = controlPlaceholderValues(facts());
    const keys = PLACEHOLDERS.filter((p) => p.group === 'control').map((p) => p.key);
    expect(Object.keys(values).sort()).toEqual([...keys].sort());
    expect(values['control.date']).toBe('15.04.2026');
    expect(values['control.entry_code']).toBe('CTRL/3/2026');
    expect(values['control.report_date']).toBe('20.04.2026');
    // Missing values and empty lists print a dash, as the built-in layout.
    expect(values['control.locality']).toBe('–');
    expect(values['control.cadastral_number']).toBe('–');
    expect(values['control.offenders']).toBe('–');
    expect(values['control.documents']).toBe('–');
  });

  it('writes one numbered line per person, staff member, body and document', () => {
    const values = controlPlaceholderValues(
      facts({
        staff: [
          {
            id: 1,
            user_id: null,
            name: 'Maria Ionescu',
            function: 'inspector',
            control_body: 'ISC Mureș',
            id_number: 'L-123',
            id_expiry: '2026-12-31',
            id_issuer: 'ISC',
          },
        ],
        persons: [
          person({ personal_numeric_code: '1800101123456', address: 'Str. Morii nr. 5' }),
          person({
            id: 2,
            first_name: 'Ana',
            last_name: 'Pop',
            role: 'witness',
            citizenship: 'foreign',
            passport_number: 'X123',
          }),
          person({
            id: 3,
            person_type: 'legal',
            company_name: 'SC Construct SRL',
            unique_registration_code: 'RO123',
            phone: '0722',
          }),
        ],
        bodies: [body({ function: 'CL', height_regime: 'P+1E', built_area: 120.5 }), body({ id: 2, name: 'C2' })],
        documents: [
          { name: 'foto.jpg', description: 'Fațada' },
          { name: 'plan.pdf', description: null },
        ],
      }),
    );
    expect(values['control.staff']).toBe(
      '1. Maria Ionescu – inspector, ISC Mureș, legitimația L-123, valabilă până la 31.12.2026, emisă de ISC',
    );
    expect(values['control.offenders'].split('\n')).toEqual([
      '1. Popescu Ion (cetățean român), CNP 1800101123456, adresa: Str. Morii nr. 5',
      '2. SC Construct SRL, reprezentată de Popescu Ion (cetățean român), CUI RO123, contact: 0722',
    ]);
    expect(values['control.witnesses']).toBe('1. Pop Ana (cetățean străin), pașaport X123');
    expect(values['control.building_bodies'].split('\n')).toEqual([
      '1. Corpul C1: Clădire de locuit (CL), regim de înălțime P+1E, Ac 120,5 m²',
      '2. Corpul C2',
    ]);
    expect(values['control.documents']).toBe('1. foto.jpg – Fațada\n2. plan.pdf');
  });

  it('writes the ID card and the body facts', () => {
    expect(
      controlPersonLine(
        person({ id_card_series: 'MS', id_card_number: '123456', id_card_issued_by: 'SPCLEP', id_card_issued_at: '2020-02-01' }),
      ),
    ).toBe('Popescu Ion (cetățean român), CI seria MS nr. 123456, eliberată de SPCLEP la 01.02.2020');
    expect(controlBodyLine(body({ importance_category: 'C', levels_below: 1, levels_above: 2, apartments_2_rooms: 4 }))).toBe(
      'Corpul C1: categoria de importanță C – Normală, niveluri subterane / supraterane 1 / 2, apartamente cu 1 / 2 / 3 / 4 / 5+ camere: – / 4 / – / – / –',
    );
  });
});
