import { describe, expect, it } from 'vitest';
import { type FormDefinitionInput, ZFormDefinition } from './definition.js';
import { FORM_MESSAGES as FM } from './messages.js';
import { computeFieldValue, conditionHolds, isFieldVisible, markerCountError, validateFormData } from './validate.js';

const form = (fields: FormDefinitionInput['fields']) => ZFormDefinition.parse({ fields });
const REQUIRED = 'Vă rugăm să completați toate câmpurile obligatorii.';

describe('validateFormData: required and visibility', () => {
  const definition = form([
    {
      key: 'scop',
      type: 'select',
      label: 'Scopul solicitării',
      required: true,
      options: [
        { value: 'construire', label: 'Construire' },
        { value: 'altele', label: 'Altele' },
      ],
    },
    {
      key: 'alt_scop',
      type: 'text',
      label: 'Precizați scopul',
      required: true,
      visibleWhen: { field: 'scop', equals: 'altele' },
    },
    { key: 'detalii', type: 'textarea', label: 'Detalii', visibleWhen: { field: 'alt_scop', notEmpty: true } },
    { key: 'observatii', type: 'textarea', label: 'Observații' },
  ]);

  it('asks for required fields with the form message', () => {
    expect(validateFormData(definition, {})).toMatchObject({
      ok: false,
      errors: [{ path: 'scop', message: REQUIRED }],
      value: {},
    });
    expect(FM.requiredFields).toBe(REQUIRED);
    expect(validateFormData(definition, { scop: '   ' }).errors).toEqual([{ path: 'scop', message: REQUIRED }]);
  });

  it('validates a field only when it is visible and drops hidden values and unknown keys', () => {
    const result = validateFormData(definition, {
      scop: 'construire',
      alt_scop: 'ceva',
      detalii: 'x',
      necunoscut: 1,
      observatii: ' ok ',
    });
    expect(result).toMatchObject({ ok: true, errors: [], value: { scop: 'construire', observatii: 'ok' } });
    expect(Object.keys(result.value)).toEqual(['scop', 'observatii']);
    const branch = validateFormData(definition, { scop: 'altele' });
    expect(branch.errors).toEqual([{ path: 'alt_scop', message: REQUIRED }]);
    expect(validateFormData(definition, { scop: 'altele', alt_scop: 'Dezmembrare', detalii: 'teren' }).value).toEqual({
      scop: 'altele',
      alt_scop: 'Dezmembrare',
      detalii: 'teren',
    });
  });

  it('hides a chain of fields when the first is hidden or invalid', () => {
    expect(validateFormData(definition, { scop: 'nu-exista', alt_scop: 'x', detalii: 'y' }).errors).toEqual([
      { path: 'scop', message: FM.option },
    ]);
  });

  it('treats data that is not an object as empty', () => {
    expect(validateFormData(definition, null).errors).toEqual([{ path: 'scop', message: REQUIRED }]);
    expect(validateFormData(definition, ['x']).errors).toHaveLength(1);
  });
});

describe('validateFormData: values by type', () => {
  it('text: length, modes, pattern, cedilla letters', () => {
    const definition = form([
      { key: 'scurt', type: 'text', label: 'Scurt', maxLength: 5, minLength: 2 },
      { key: 'cifre', type: 'text', label: 'Cifre', mode: 'digits' },
      { key: 'litere', type: 'text', label: 'Litere', mode: 'letters' },
      { key: 'alfa', type: 'text', label: 'Alfa', mode: 'lettersAndDigits' },
      { key: 'cod', type: 'text', label: 'Cod', pattern: '[A-Z]{2}\\d{3}', patternMessage: 'Codul are forma AB123' },
      { key: 'liber', type: 'text', label: 'Liber' },
    ]);
    const bad = validateFormData(definition, {
      scurt: 'abcdef',
      cifre: '12a',
      litere: 'Ion 2',
      alfa: 'a-b',
      cod: 'AB12',
      liber: 'x'.repeat(256),
    });
    expect(bad.errors).toEqual([
      { path: 'scurt', message: 'Textul poate avea cel mult 5 caractere' },
      { path: 'cifre', message: FM.digitsOnly },
      { path: 'litere', message: FM.lettersOnly },
      { path: 'alfa', message: FM.lettersAndDigits },
      { path: 'cod', message: 'Codul are forma AB123' },
      { path: 'liber', message: 'Textul poate avea cel mult 255 caractere' },
    ]);
    expect(validateFormData(definition, { scurt: 'a' }).errors).toEqual([
      { path: 'scurt', message: 'Textul trebuie să aibă cel puțin 2 caractere' },
    ]);
    const good = validateFormData(definition, {
      scurt: 'ab',
      cifre: '0123',
      litere: 'Târgu Mureş',
      alfa: 'Bloc A2',
      cod: 'MS123',
    });
    expect(good).toMatchObject({ ok: true, value: { litere: 'Târgu Mureș', cifre: '0123' } });
  });

  it('number and decimal: integers, ranges, decimals, comma or dot', () => {
    const definition = form([
      { key: 'niveluri', type: 'number', label: 'Niveluri', min: 1, max: 30 },
      { key: 'suprafata', type: 'decimal', label: 'Suprafața', min: 0.5, decimals: 2 },
      { key: 'oricare', type: 'number', label: 'Oricare', integer: false },
    ]);
    expect(validateFormData(definition, { niveluri: '3', suprafata: '1250,75', oricare: -1.5 }).value).toEqual({
      niveluri: 3,
      suprafata: 1250.75,
      oricare: -1.5,
    });
    expect(validateFormData(definition, { niveluri: 2.5, suprafata: '1,234', oricare: 'zece' }).errors).toEqual([
      { path: 'niveluri', message: FM.integer },
      { path: 'suprafata', message: 'Sunt permise cel mult 2 zecimale' },
      { path: 'oricare', message: FM.number },
    ]);
    expect(validateFormData(definition, { niveluri: 0, suprafata: 0.25 }).errors).toEqual([
      { path: 'niveluri', message: 'Valoarea trebuie să fie cel puțin 1' },
      { path: 'suprafata', message: 'Valoarea trebuie să fie cel puțin 0,5' },
    ]);
    expect(validateFormData(definition, { niveluri: 31 }).errors).toEqual([
      { path: 'niveluri', message: 'Valoarea poate fi cel mult 30' },
    ]);
    expect(validateFormData(definition, { niveluri: Number.NaN }).errors).toEqual([{ path: 'niveluri', message: FM.number }]);
  });

  it('date: ISO or day-month-year, bounds, not in the future', () => {
    const definition = form([
      { key: 'data_act', type: 'date', label: 'Data actului', notInFuture: true },
      { key: 'termen', type: 'date', label: 'Termen', minDate: '2026-01-01', maxDate: '2026-12-31' },
    ]);
    const today = '2026-06-15';
    expect(validateFormData(definition, { data_act: '14.06.2026', termen: '2026-03-01' }, { today }).value).toEqual({
      data_act: '2026-06-14',
      termen: '2026-03-01',
    });
    expect(validateFormData(definition, { data_act: '2026-06-16', termen: '2025-12-31' }, { today }).errors).toEqual([
      { path: 'data_act', message: FM.dateInFuture },
      { path: 'termen', message: 'Data nu poate fi înainte de 01.01.2026' },
    ]);
    expect(validateFormData(definition, { data_act: '31.02.2026', termen: '2027-01-01' }, { today }).errors).toEqual([
      { path: 'data_act', message: FM.date },
      { path: 'termen', message: 'Data nu poate fi după 31.12.2026' },
    ]);
  });

  it('select, radio and checkboxes take only their options', () => {
    const options = [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
      { value: 'c', label: 'C' },
    ];
    const definition = form([
      { key: 'lista', type: 'select', label: 'Listă', options },
      { key: 'unic', type: 'radio', label: 'Unic', options },
      { key: 'multe', type: 'checkboxes', label: 'Multe', options, minSelected: 2, maxSelected: 2 },
    ]);
    expect(validateFormData(definition, { lista: 'a', unic: 'b', multe: ['c', 'a', 'a'] }).value).toEqual({
      lista: 'a',
      unic: 'b',
      multe: ['a', 'c'],
    });
    expect(validateFormData(definition, { lista: 'z', unic: { x: 1 }, multe: ['a'] }).errors).toEqual([
      { path: 'lista', message: FM.option },
      { path: 'unic', message: FM.option },
      { path: 'multe', message: 'Alegeți cel puțin 2 opțiuni' },
    ]);
    expect(validateFormData(definition, { multe: ['a', 'b', 'c'] }).errors).toEqual([
      { path: 'multe', message: 'Puteți alege cel mult 2 opțiuni' },
    ]);
    expect(validateFormData(definition, { multe: ['a', 'x'] }).errors).toEqual([{ path: 'multe', message: FM.option }]);
  });

  it('required checkboxes need at least one box', () => {
    const definition = form([
      { key: 'multe', type: 'checkboxes', label: 'Multe', required: true, options: [{ value: 'a', label: 'A' }] },
    ]);
    expect(validateFormData(definition, { multe: [] }).errors).toEqual([{ path: 'multe', message: REQUIRED }]);
  });

  it('cadastral numbers: digits with optional -C1 style parts', () => {
    const definition = form([{ key: 'nr_cadastral', type: 'cadastral_number', label: 'Nr. cadastral' }]);
    for (const good of ['50123', '50123-C1', '50123-c1-u12', 123456]) {
      expect(validateFormData(definition, { nr_cadastral: good }).ok, String(good)).toBe(true);
    }
    expect(validateFormData(definition, { nr_cadastral: ' 50123-c1 ' }).value).toEqual({ nr_cadastral: '50123-C1' });
    for (const bad of ['abc', '50123-', '50123 C1', '-C1', '50123-C']) {
      expect(validateFormData(definition, { nr_cadastral: bad }).errors, bad).toEqual([
        { path: 'nr_cadastral', message: FM.cadastralNumber },
      ]);
    }
  });

  it('address: required parts, ids and postal code', () => {
    const definition = form([{ key: 'adresa', type: 'address', label: 'Adresa imobilului', required: true }]);
    const value = {
      county_id: 261,
      locality_id: '114319',
      street: ' Str. Gheorghe Doja ',
      number: '12A',
      postal_code: '540049',
      extra: 1,
    };
    expect(validateFormData(definition, { adresa: value }).value).toEqual({
      adresa: { county_id: 261, locality_id: 114319, street: 'Str. Gheorghe Doja', number: '12A', postal_code: '540049' },
    });
    expect(validateFormData(definition, { adresa: { county_id: 261, locality_id: -1, postal_code: '5400' } }).errors).toEqual([
      { path: 'adresa.locality_id', message: FM.invalidValue },
      { path: 'adresa.street', message: REQUIRED },
      { path: 'adresa.number', message: REQUIRED },
      { path: 'adresa.postal_code', message: FM.postalCode },
    ]);
    expect(validateFormData(definition, { adresa: 'Str. X' }).errors).toEqual([{ path: 'adresa', message: FM.invalidValue }]);
    expect(validateFormData(definition, {}).errors).toEqual([{ path: 'adresa', message: REQUIRED }]);
    // An address left untouched counts as empty: required when required, dropped otherwise.
    const untouched = { county_id: null, locality_id: '', street: ' ', number: '' };
    expect(validateFormData(definition, { adresa: untouched }).errors).toEqual([{ path: 'adresa', message: REQUIRED }]);
    const optional = form([{ key: 'adresa', type: 'address', label: 'Adresa de corespondență' }]);
    expect(validateFormData(optional, { adresa: untouched })).toMatchObject({ ok: true, value: {} });
  });
});

describe('validateFormData: attachments and markers', () => {
  const definition = form([
    {
      key: 'tip',
      type: 'radio',
      label: 'Tip',
      options: [
        { value: 'pj', label: 'Persoană juridică' },
        { value: 'pf', label: 'Persoană fizică' },
      ],
    },
    {
      key: 'plan',
      type: 'attachments',
      label: 'Plan de situație',
      documentType: 'Plan de situație',
      required: true,
      minFiles: 1,
      maxFiles: 2,
    },
    { key: 'taxa', type: 'attachments', label: 'Dovada plății', documentType: 'Dovada achitării taxei' },
    {
      key: 'statut',
      type: 'attachments',
      label: 'Statut',
      documentType: 'Act constitutiv',
      required: true,
      visibleWhen: { field: 'tip', equals: 'pj' },
    },
    { key: 'imobile', type: 'real_estate_target', label: 'Imobile', required: true, maxItems: 5 },
    { key: 'beneficiari', type: 'beneficiaries', label: 'Beneficiari', minItems: 2, visibleWhen: { field: 'tip', equals: 'pj' } },
  ]);

  it('counts files per attachment field, only for visible fields', () => {
    const missing = validateFormData(definition, { tip: 'pj' }, { files: {} });
    expect(missing.errors).toEqual([
      { path: 'plan', message: REQUIRED },
      { path: 'statut', message: REQUIRED },
    ]);
    const tooMany = validateFormData(definition, { tip: 'pf' }, { files: { plan: [1, 2, 3], statut: [9] } });
    expect(tooMany.errors).toEqual([{ path: 'plan', message: 'Puteți încărca cel mult 2 fișiere' }]);
    // The files of the hidden field are not reported back: the caller drops them.
    expect(tooMany.files).toEqual({ plan: [1, 2, 3], taxa: [] });
    const ok = validateFormData(definition, { tip: 'pj' }, { files: { plan: [1, 1], statut: [4] } });
    expect(ok.ok).toBe(true);
    expect(ok.files).toEqual({ plan: [1], taxa: [], statut: [4] });
    expect(ok.value).toEqual({ tip: 'pj' });
  });

  it('reports visible markers with their bounds and words their count errors', () => {
    expect(validateFormData(definition, { tip: 'pf' }, { files: { plan: [1] } }).markers).toEqual([
      { key: 'imobile', type: 'real_estate_target', label: 'Imobile', minItems: 1, maxItems: 5 },
    ]);
    const [realEstates, beneficiaries] = validateFormData(definition, { tip: 'pj' }).markers;
    expect(beneficiaries).toEqual({
      key: 'beneficiari',
      type: 'beneficiaries',
      label: 'Beneficiari',
      minItems: 2,
      maxItems: null,
    });
    expect(markerCountError(realEstates, 0)).toBe(REQUIRED);
    expect(markerCountError(realEstates, 6)).toBe('Puteți adăuga cel mult 5 imobile');
    expect(markerCountError(realEstates, 1)).toBeNull();
    expect(markerCountError(beneficiaries, 1)).toBe('Adăugați cel puțin 2 beneficiari');
  });
});

describe('validateFormData: repeatable groups and computed values', () => {
  const definition = form([
    { key: 'suprafata_teren', type: 'decimal', label: 'Suprafața terenului', min: 0 },
    {
      key: 'corpuri',
      type: 'repeatable_group',
      label: 'Corpuri de clădire',
      itemLabel: 'Corp',
      required: true,
      maxItems: 3,
      fields: [
        { key: 'denumire_corp', type: 'text', label: 'Denumire', required: true },
        { key: 'niveluri', type: 'number', label: 'Niveluri', min: 1, required: true },
        { key: 'arie_construita', type: 'decimal', label: 'Aria construită', required: true },
        {
          key: 'arie_desfasurata',
          type: 'computed',
          label: 'Aria desfășurată',
          operation: 'product',
          operands: ['arie_construita', 'niveluri'],
        },
        {
          key: 'are_subsol',
          type: 'radio',
          label: 'Subsol',
          options: [
            { value: 'da', label: 'Da' },
            { value: 'nu', label: 'Nu' },
          ],
        },
        {
          key: 'adancime',
          type: 'decimal',
          label: 'Adâncime',
          required: true,
          visibleWhen: { field: 'are_subsol', equals: 'da' },
        },
      ],
    },
    {
      key: 'total_construit',
      type: 'computed',
      label: 'Total construit',
      operation: 'sum',
      operands: ['corpuri.arie_construita'],
    },
    {
      key: 'pot',
      type: 'computed',
      label: 'POT',
      operation: 'ratio',
      operands: ['total_construit', 'suprafata_teren'],
      decimals: 4,
    },
  ]);

  it('validates each item, computes per item and over the group, ignoring client values', () => {
    const result = validateFormData(definition, {
      suprafata_teren: '1000',
      corpuri: [
        {
          denumire_corp: 'C1',
          niveluri: 2,
          arie_construita: '120,5',
          arie_desfasurata: 1,
          are_subsol: 'nu',
          adancime: 3,
          extra: 'x',
        },
        { denumire_corp: 'C2', niveluri: '1', arie_construita: 80.25, are_subsol: 'da', adancime: '2,5' },
      ],
      total_construit: 999_999,
      pot: 1,
    });
    expect(result.errors).toEqual([]);
    expect(result.value).toEqual({
      suprafata_teren: 1000,
      corpuri: [
        { denumire_corp: 'C1', niveluri: 2, arie_construita: 120.5, arie_desfasurata: 241, are_subsol: 'nu' },
        { denumire_corp: 'C2', niveluri: 1, arie_construita: 80.25, arie_desfasurata: 80.25, are_subsol: 'da', adancime: 2.5 },
      ],
      total_construit: 200.75,
      pot: 0.2008,
    });
  });

  it('reports errors with the item path, and the count rules', () => {
    const result = validateFormData(definition, { corpuri: [{ denumire_corp: 'C1', niveluri: 0, are_subsol: 'da' }, 'x'] });
    expect(result.errors).toEqual([
      { path: 'corpuri.0.niveluri', message: 'Valoarea trebuie să fie cel puțin 1' },
      { path: 'corpuri.0.arie_construita', message: REQUIRED },
      { path: 'corpuri.0.adancime', message: REQUIRED },
      { path: 'corpuri.1', message: FM.invalidValue },
    ]);
    expect(validateFormData(definition, {}).errors).toEqual([{ path: 'corpuri', message: REQUIRED }]);
    expect(validateFormData(definition, { corpuri: 'x' }).errors).toEqual([{ path: 'corpuri', message: FM.invalidValue }]);
    const four = Array.from({ length: 4 }, (_, i) => ({ denumire_corp: `C${i}`, niveluri: 1, arie_construita: 10 }));
    expect(validateFormData(definition, { corpuri: four }).errors).toEqual([
      { path: 'corpuri', message: 'Puteți adăuga cel mult 3 elemente' },
    ]);
  });

  it('leaves out what cannot be computed', () => {
    const result = validateFormData(definition, {
      suprafata_teren: 0,
      corpuri: [{ denumire_corp: 'C1', niveluri: 1, arie_construita: 50 }],
    });
    // A ratio by zero has no value.
    expect(result.value).toMatchObject({ total_construit: 50 });
    expect(result.value).not.toHaveProperty('pot');
  });
});

describe('visibility and computation helpers', () => {
  it('conditionHolds: equals, in, notEmpty, lists', () => {
    expect(conditionHolds({ field: 'a', equals: 'x' }, { a: 'x' })).toBe(true);
    expect(conditionHolds({ field: 'a', equals: 3 }, { a: '3' })).toBe(true);
    expect(conditionHolds({ field: 'a', equals: true }, { a: 'true' })).toBe(true);
    expect(conditionHolds({ field: 'a', in: ['x', 'y'] }, { a: 'y' })).toBe(true);
    expect(conditionHolds({ field: 'a', in: ['x', 'y'] }, { a: ['z', 'x'] })).toBe(true);
    expect(conditionHolds({ field: 'a', equals: 'x' }, { a: ['z'] })).toBe(false);
    expect(conditionHolds({ field: 'a', notEmpty: true }, { a: '' })).toBe(false);
    expect(conditionHolds({ field: 'a', notEmpty: true }, { a: 0 })).toBe(true);
    expect(conditionHolds({ field: 'a', equals: 'x' }, {})).toBe(false);
    expect(isFieldVisible({}, {})).toBe(true);
  });

  it('computeFieldValue: the four operations, rounding, missing operands', () => {
    const values = { a: 10, b: 4, c: 0 };
    expect(computeFieldValue({ operation: 'sum', operands: ['a', 'b', 'lipsa'], decimals: 2 }, values)).toBe(14);
    expect(computeFieldValue({ operation: 'sum', operands: ['lipsa'], decimals: 2 }, values)).toBeNull();
    expect(computeFieldValue({ operation: 'difference', operands: ['a', 'b'], decimals: 2 }, values)).toBe(6);
    expect(computeFieldValue({ operation: 'difference', operands: ['a', 'lipsa'], decimals: 2 }, values)).toBeNull();
    expect(computeFieldValue({ operation: 'product', operands: ['a', 'b'], decimals: 2 }, values)).toBe(40);
    expect(computeFieldValue({ operation: 'ratio', operands: ['a', 'b'], decimals: 1 }, values)).toBe(2.5);
    expect(computeFieldValue({ operation: 'ratio', operands: ['b', 'a'], decimals: 0 }, values)).toBe(0);
    expect(computeFieldValue({ operation: 'ratio', operands: ['a', 'c'], decimals: 2 }, values)).toBeNull();
    expect(computeFieldValue({ operation: 'sum', operands: ['x'], decimals: 2 }, { x: 1.005 })).toBe(1.01);
    expect(computeFieldValue({ operation: 'sum', operands: ['x'], decimals: 2 }, { x: '5' })).toBeNull();
  });
});
