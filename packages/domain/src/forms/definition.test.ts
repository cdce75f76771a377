import { describe, expect, it } from 'vitest';
import { findFormField, flattenFormFields, formDefinitionIssues, ZFormDefinition } from './definition.js';
import { ZFormField } from './fields.js';
import type { FormDefinitionInput } from './definition.js';
import { FORM_MESSAGES as FM, romanianCount } from './messages.js';

const issues = (definition: unknown) => formDefinitionIssues(definition);
const one = (fields: FormDefinitionInput['fields']) => issues({ fields });

describe('form field schemas', () => {
  it('fills in the defaults a builder may leave out', () => {
    const text = ZFormField.parse({ key: 'nume', type: 'text', label: ' Nume ' });
    expect(text).toEqual({
      key: 'nume',
      type: 'text',
      label: 'Nume',
      required: false,
      width: 'full',
      maxLength: 255,
      mode: 'any',
    });
    const attachments = ZFormField.parse({ key: 'plan', type: 'attachments', label: 'Plan', documentType: 'Plan de situație' });
    expect(attachments).toMatchObject({
      minFiles: 0,
      maxFiles: 25,
      accept: ['image/jpeg', 'image/png', 'application/pdf', 'application/zip'],
    });
    expect(ZFormField.parse({ key: 'n', type: 'number', label: 'N' })).toMatchObject({ integer: true });
    expect(ZFormField.parse({ key: 'd', type: 'decimal', label: 'D' })).toMatchObject({ decimals: 2 });
  });

  it('refuses keys that are not snake_case, in Romanian', () => {
    for (const key of ['Nume', 'nume-complet', '1nume', 'nume__x', '_nume', 'nume_', 'a'.repeat(65)]) {
      const result = ZFormField.safeParse({ key, type: 'text', label: 'X' });
      expect(result.success, key).toBe(false);
      expect(result.error?.issues[0].message).toBe(FM.fieldKey);
    }
    expect(ZFormField.safeParse({ key: 'suprafata_teren_2', type: 'text', label: 'X' }).success).toBe(true);
  });

  it('limits text to 255 characters and decimals to 2, attachments to 25 files', () => {
    expect(ZFormField.safeParse({ key: 'x', type: 'text', label: 'X', maxLength: 256 }).success).toBe(false);
    expect(ZFormField.safeParse({ key: 'x', type: 'decimal', label: 'X', decimals: 3 }).success).toBe(false);
    expect(ZFormField.safeParse({ key: 'x', type: 'attachments', label: 'X', documentType: 'Y', maxFiles: 26 }).success).toBe(
      false,
    );
  });

  it('accepts only the MIME types of the upload rules', () => {
    const result = ZFormField.safeParse({ key: 'x', type: 'attachments', label: 'X', documentType: 'Y', accept: ['text/html'] });
    expect(result.error?.issues[0].message).toBe(FM.acceptType);
  });

  it('names an unknown type and requires a label', () => {
    expect(ZFormField.safeParse({ key: 'x', type: 'signature', label: 'X' }).error?.issues[0].message).toBe(FM.unknownFieldType);
    expect(ZFormField.safeParse({ key: 'x', type: 'text', label: '  ' }).error?.issues[0].message).toBe(FM.requiredFields);
  });

  it('asks a visibility condition for exactly one rule', () => {
    const field = (visibleWhen: unknown) => ZFormField.safeParse({ key: 'x', type: 'text', label: 'X', visibleWhen });
    expect(field({ field: 'a' }).error?.issues[0].message).toBe(FM.visibleWhenRule);
    expect(field({ field: 'a', equals: 'x', notEmpty: true }).error?.issues[0].message).toBe(FM.visibleWhenRule);
    expect(field({ field: 'a', in: ['x', 'y'] }).success).toBe(true);
  });
});

describe('structural rules of a definition', () => {
  it('accepts an empty form and a realistic one', () => {
    expect(issues({ fields: [] })).toEqual([]);
    expect(
      one([
        { key: 'date_generale', type: 'section_title', label: 'Date generale' },
        {
          key: 'scop',
          type: 'select',
          label: 'Scopul',
          required: true,
          options: [
            { value: 'construire', label: 'Construire' },
            { value: 'altele', label: 'Altele' },
          ],
        },
        { key: 'alt_scop', type: 'text', label: 'Precizați', visibleWhen: { field: 'scop', equals: 'altele' } },
        { key: 'teren', type: 'decimal', label: 'Teren', min: 0 },
        {
          key: 'corpuri',
          type: 'repeatable_group',
          label: 'Corpuri',
          fields: [
            { key: 'nume_corp', type: 'text', label: 'Nume' },
            { key: 'niveluri', type: 'number', label: 'Niveluri' },
            { key: 'arie', type: 'decimal', label: 'Arie' },
            {
              key: 'arie_desfasurata',
              type: 'computed',
              label: 'Desfășurată',
              operation: 'product',
              operands: ['arie', 'niveluri'],
            },
            { key: 'detalii', type: 'text', label: 'Detalii', visibleWhen: { field: 'scop', equals: 'construire' } },
          ],
        },
        { key: 'total', type: 'computed', label: 'Total', operation: 'sum', operands: ['corpuri.arie'] },
        { key: 'pot', type: 'computed', label: 'POT', operation: 'ratio', operands: ['total', 'teren'] },
        { key: 'imobile', type: 'real_estate_target', label: 'Imobile', required: true },
        { key: 'plan', type: 'attachments', label: 'Plan', documentType: 'Plan de situație', required: true, maxFiles: 2 },
      ]),
    ).toEqual([]);
  });

  it('refuses a key used twice, also between a group and the top level', () => {
    expect(
      one([
        { key: 'nume', type: 'text', label: 'A' },
        { key: 'nume', type: 'text', label: 'B' },
      ]),
    ).toEqual([{ path: 'fields.1.key', message: 'Cheia „nume” este folosită de mai multe câmpuri' }]);
    expect(
      one([
        { key: 'nume', type: 'text', label: 'A' },
        { key: 'g', type: 'repeatable_group', label: 'G', fields: [{ key: 'nume', type: 'text', label: 'B' }] },
      ]),
    ).toEqual([{ path: 'fields.1.fields.0.key', message: 'Cheia „nume” este folosită de mai multe câmpuri' }]);
  });

  it('requires a visibility condition to refer to an earlier field with a value', () => {
    expect(
      one([
        { key: 'a', type: 'text', label: 'A', visibleWhen: { field: 'b', notEmpty: true } },
        { key: 'b', type: 'text', label: 'B' },
      ]),
    ).toEqual([{ path: 'fields.0.visibleWhen.field', message: FM.visibleWhenEarlier }]);
    expect(one([{ key: 'a', type: 'text', label: 'A', visibleWhen: { field: 'a', notEmpty: true } }])).toEqual([
      { path: 'fields.0.visibleWhen.field', message: FM.visibleWhenEarlier },
    ]);
    expect(
      one([
        { key: 'titlu', type: 'section_title', label: 'T' },
        { key: 'b', type: 'text', label: 'B', visibleWhen: { field: 'titlu', notEmpty: true } },
      ]),
    ).toEqual([{ path: 'fields.1.visibleWhen.field', message: 'Câmpul „titlu” nu poate fi folosit într-o condiție de afișare' }]);
  });

  it('checks that a condition names existing options', () => {
    expect(
      one([
        { key: 'tip', type: 'radio', label: 'Tip', options: [{ value: 'da', label: 'Da' }] },
        { key: 'b', type: 'text', label: 'B', visibleWhen: { field: 'tip', in: ['da', 'poate'] } },
      ]),
    ).toEqual([{ path: 'fields.1.visibleWhen.in', message: 'Valoarea „poate” nu se află printre opțiunile câmpului „tip”' }]);
  });

  it('lets a group field depend on an earlier field of its item, not on a later one or another item', () => {
    const group = (fields: unknown[]) => one([{ key: 'g', type: 'repeatable_group', label: 'G', fields } as never]);
    expect(
      group([
        { key: 'are_subsol', type: 'radio', label: 'Subsol', options: [{ value: 'da', label: 'Da' }] },
        { key: 'adancime', type: 'decimal', label: 'Adâncime', visibleWhen: { field: 'are_subsol', equals: 'da' } },
      ]),
    ).toEqual([]);
    expect(
      group([
        { key: 'adancime', type: 'decimal', label: 'Adâncime', visibleWhen: { field: 'are_subsol', equals: 'da' } },
        { key: 'are_subsol', type: 'radio', label: 'Subsol', options: [{ value: 'da', label: 'Da' }] },
      ]),
    ).toEqual([{ path: 'fields.0.fields.0.visibleWhen.field', message: FM.visibleWhenEarlier }]);
    // A top-level field cannot look inside a group.
    expect(
      one([
        { key: 'g', type: 'repeatable_group', label: 'G', fields: [{ key: 'x', type: 'text', label: 'X' }] },
        { key: 'y', type: 'text', label: 'Y', visibleWhen: { field: 'x', notEmpty: true } },
      ]),
    ).toEqual([{ path: 'fields.1.visibleWhen.field', message: FM.visibleWhenEarlier }]);
  });

  it('requires computed operands to be earlier numeric fields', () => {
    expect(
      one([
        { key: 'nume', type: 'text', label: 'Nume' },
        { key: 'c', type: 'computed', label: 'C', operation: 'sum', operands: ['nume', 'lipsa', 'dupa'] },
        { key: 'dupa', type: 'number', label: 'După' },
      ]),
    ).toEqual([
      {
        path: 'fields.1.operands.0',
        message: 'Operandul „nume” trebuie să fie un câmp numeric aflat înaintea câmpului calculat',
      },
      {
        path: 'fields.1.operands.1',
        message: 'Operandul „lipsa” trebuie să fie un câmp numeric aflat înaintea câmpului calculat',
      },
      {
        path: 'fields.1.operands.2',
        message: 'Operandul „dupa” trebuie să fie un câmp numeric aflat înaintea câmpului calculat',
      },
    ]);
    expect(
      one([
        { key: 'a', type: 'number', label: 'A' },
        { key: 'c', type: 'computed', label: 'C', operation: 'ratio', operands: ['a'] },
      ]),
    ).toEqual([{ path: 'fields.1.operands', message: FM.operandCount }]);
    expect(
      one([
        { key: 'g', type: 'repeatable_group', label: 'G', fields: [{ key: 't', type: 'text', label: 'T' }] },
        { key: 'c', type: 'computed', label: 'C', operation: 'sum', operands: ['g.t', 'g.nu'] },
      ]),
    ).toHaveLength(2);
  });

  it('refuses a group inside a group, and files or markers inside a group', () => {
    const result = one([
      {
        key: 'g',
        type: 'repeatable_group',
        label: 'G',
        fields: [
          { key: 'h', type: 'repeatable_group', label: 'H', fields: [{ key: 'x', type: 'text', label: 'X' }] },
          { key: 'f', type: 'attachments', label: 'F', documentType: 'D' },
          { key: 'b', type: 'beneficiaries', label: 'B' },
        ],
      } as never,
    ]);
    expect(result).toEqual([
      { path: 'fields.0.fields.0.type', message: FM.groupInGroup },
      {
        path: 'fields.0.fields.1.type',
        message: 'Câmpurile de tipul „Documente atașate” nu pot fi folosite într-un grup repetabil',
      },
      { path: 'fields.0.fields.2.type', message: 'Câmpurile de tipul „Beneficiari” nu pot fi folosite într-un grup repetabil' },
    ]);
    expect(one([{ key: 'g', type: 'repeatable_group', label: 'G', fields: [] }])).toEqual([
      { path: 'fields.0.fields', message: FM.emptyGroup },
    ]);
  });

  it('checks minimum against maximum, duplicate options and patterns', () => {
    expect(
      one([
        { key: 'a', type: 'number', label: 'A', min: 10, max: 1 },
        { key: 'b', type: 'text', label: 'B', minLength: 10, maxLength: 5 },
        { key: 'c', type: 'text', label: 'C', pattern: '([a-z' },
        { key: 'd', type: 'date', label: 'D', minDate: '2026-02-01', maxDate: '2026-01-01' },
        {
          key: 'e',
          type: 'checkboxes',
          label: 'E',
          options: [
            { value: 'x', label: 'X' },
            { value: 'x', label: 'Y' },
          ],
          minSelected: 3,
        },
        { key: 'f', type: 'attachments', label: 'F', documentType: 'D', minFiles: 3, maxFiles: 2 },
        { key: 'g', type: 'beneficiaries', label: 'G', minItems: 3, maxItems: 2 },
      ]),
    ).toEqual([
      { path: 'fields.0.min', message: FM.minAboveMax },
      { path: 'fields.1.minLength', message: FM.minAboveMax },
      { path: 'fields.2.pattern', message: FM.invalidPattern },
      { path: 'fields.3.minDate', message: FM.minDateAfterMaxDate },
      { path: 'fields.4.options.1.value', message: 'Valoarea opțiunii „x” se repetă' },
      { path: 'fields.4.minSelected', message: FM.selectionAboveOptions },
      { path: 'fields.5.minFiles', message: FM.minAboveMax },
      { path: 'fields.6.minItems', message: FM.minAboveMax },
    ]);
  });

  it('drops unknown properties and keeps the parsed shape', () => {
    const parsed = ZFormDefinition.parse({ fields: [{ key: 'a', type: 'text', label: 'A', color: 'red' }], extra: 1 });
    expect(parsed).toEqual({
      fields: [{ key: 'a', type: 'text', label: 'A', required: false, width: 'full', maxLength: 255, mode: 'any' }],
    });
  });

  it('finds fields, group fields included', () => {
    const definition = ZFormDefinition.parse({
      fields: [{ key: 'g', type: 'repeatable_group', label: 'G', fields: [{ key: 'x', type: 'number', label: 'X' }] }],
    });
    expect(flattenFormFields(definition).map((e) => [e.field.key, e.group?.key ?? null])).toEqual([
      ['g', null],
      ['x', 'g'],
    ]);
    expect(findFormField(definition, 'x')?.type).toBe('number');
    expect(findFormField(definition, 'y')).toBeUndefined();
  });
});

describe('romanianCount', () => {
  it('uses „de” from twenty on', () => {
    expect(romanianCount(1, 'fișier', 'fișiere')).toBe('1 fișier');
    expect(romanianCount(2, 'fișier', 'fișiere')).toBe('2 fișiere');
    expect(romanianCount(19, 'fișier', 'fișiere')).toBe('19 fișiere');
    expect(romanianCount(20, 'fișier', 'fișiere')).toBe('20 de fișiere');
    expect(romanianCount(25, 'fișier', 'fișiere')).toBe('25 de fișiere');
    expect(romanianCount(101, 'fișier', 'fișiere')).toBe('101 fișiere');
    expect(romanianCount(100, 'fișier', 'fișiere')).toBe('100 de fișiere');
  });
});
