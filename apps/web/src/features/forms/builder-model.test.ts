import { type FormDefinition, type FormField, formDefinitionIssues } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import {
  addField,
  addGroupField,
  addOption,
  collectKeys,
  conditionCandidates,
  conditionMode,
  conditionRule,
  countFields,
  duplicateField,
  fieldHasIssues,
  getField,
  issueFor,
  mapIssues,
  moveField,
  moveOption,
  newField,
  operandCandidates,
  pathId,
  removeField,
  removeOption,
  renameReferences,
  sameDefinition,
  samePath,
  setLabel,
  slugKey,
  uniqueKey,
  updateField,
  updateOption,
} from './builder-model';

const empty = (): FormDefinition => ({ fields: [] });

/** A definition built through the model, as the builder does. */
function build(...types: Parameters<typeof addField>[1][]): FormDefinition {
  return types.reduce((definition, type) => addField(definition, type).definition, empty());
}

const keys = (definition: FormDefinition) => definition.fields.map((f) => f.key);

describe('keys', () => {
  it('folds Romanian diacritics and punctuation into snake_case', () => {
    expect(slugKey('Suprafață teren')).toBe('suprafata_teren');
    expect(slugKey('Ștergere ȚARĂ, înălțime (m)')).toBe('stergere_tara_inaltime_m');
    expect(slugKey('  Număr   cadastral  ')).toBe('numar_cadastral');
    expect(slugKey('ş ţ cedilla')).toBe('s_t_cedilla');
  });

  it('starts with a letter and is never empty or too long', () => {
    expect(slugKey('2 etaje')).toBe('camp_2_etaje');
    expect(slugKey('')).toBe('camp');
    expect(slugKey('!!!')).toBe('camp');
    expect(slugKey('a'.repeat(200)).length).toBeLessThanOrEqual(60);
    expect(slugKey('Suprafață teren')).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
  });

  it('adds a number until the key is free', () => {
    expect(uniqueKey('text', new Set())).toBe('text');
    expect(uniqueKey('text', new Set(['text']))).toBe('text_2');
    expect(uniqueKey('text', new Set(['text', 'text_2']))).toBe('text_3');
  });

  it('collects the keys of group fields too, leaving one out on request', () => {
    const definition = build('text', 'repeatable_group');
    expect([...collectKeys(definition)]).toEqual(['text', 'grup_repetabil', 'text_2']);
    expect(collectKeys(definition, [1, 0]).has('text_2')).toBe(false);
    expect(collectKeys(definition, [0]).has('text')).toBe(false);
  });
});

describe('new fields', () => {
  it('creates every type valid except for the choices left to the author', () => {
    const taken = new Set<string>();
    for (const type of ['text', 'textarea', 'number', 'decimal', 'date', 'select', 'radio', 'checkboxes', 'address'] as const) {
      const field = newField(type, taken);
      expect(formDefinitionIssues({ fields: [field] }), type).toEqual([]);
    }
    for (const type of [
      'cadastral_number',
      'real_estate_target',
      'beneficiaries',
      'attachments',
      'section_title',
      'repeatable_group',
    ] as const) {
      expect(formDefinitionIssues({ fields: [newField(type, new Set())] }), type).toEqual([]);
    }
    // A computed field needs its operands chosen.
    expect(formDefinitionIssues({ fields: [newField('computed', new Set())] })).not.toEqual([]);
  });

  it('labels the field with the type name and a unique key', () => {
    const definition = build('decimal', 'decimal');
    expect(definition.fields.map((f) => f.label)).toEqual(['Număr zecimal', 'Număr zecimal']);
    expect(keys(definition)).toEqual(['numar_zecimal', 'numar_zecimal_2']);
  });

  it('starts choices with two options and a group with one field', () => {
    const [radio, group] = build('radio', 'repeatable_group').fields;
    expect(radio.type === 'radio' && radio.options).toEqual([
      { value: 'optiunea_1', label: 'Opțiunea 1' },
      { value: 'optiunea_2', label: 'Opțiunea 2' },
    ]);
    expect(group.type === 'repeatable_group' && group.fields.map((f) => f.type)).toEqual(['text']);
  });
});

describe('adding', () => {
  it('appends at the end without a selection and selects the new field', () => {
    const change = addField(build('text'), 'date');
    expect(change.definition.fields.map((f) => f.type)).toEqual(['text', 'date']);
    expect(change.selected).toEqual([1]);
  });

  it('inserts after the selected field', () => {
    const change = addField(build('text', 'date'), 'number', [0]);
    expect(change.definition.fields.map((f) => f.type)).toEqual(['text', 'number', 'date']);
    expect(change.selected).toEqual([1]);
  });

  it('inserts inside a group after a selected group field, or after the group for a forbidden type', () => {
    const definition = build('repeatable_group', 'text');
    const inside = addField(definition, 'decimal', [0, 0]);
    expect(inside.selected).toEqual([0, 1]);
    const group = inside.definition.fields[0];
    expect(group.type === 'repeatable_group' && group.fields.map((f) => f.type)).toEqual(['text', 'decimal']);

    const outside = addField(definition, 'attachments', [0, 0]);
    expect(outside.definition.fields.map((f) => f.type)).toEqual(['repeatable_group', 'attachments', 'text']);
    expect(outside.selected).toEqual([1]);
  });

  it('adds to a group from its own menu, refusing forbidden types', () => {
    const definition = build('repeatable_group');
    const added = addGroupField(definition, 0, 'number');
    expect(added.selected).toEqual([0, 1]);
    expect(getField(added.definition, [0, 1])?.type).toBe('number');
    expect(addGroupField(definition, 0, 'repeatable_group').definition).toBe(definition);
    expect(addGroupField(definition, 5, 'text').selected).toBeNull();
  });
});

describe('moving', () => {
  it('swaps with the neighbour and follows the field', () => {
    const definition = build('text', 'date', 'number');
    const down = moveField(definition, [0], 1);
    expect(down.definition.fields.map((f) => f.type)).toEqual(['date', 'text', 'number']);
    expect(down.selected).toEqual([1]);
    const up = moveField(definition, [2], -1);
    expect(up.definition.fields.map((f) => f.type)).toEqual(['text', 'number', 'date']);
  });

  it('does nothing at the ends', () => {
    const definition = build('text', 'date');
    expect(moveField(definition, [0], -1).definition).toBe(definition);
    expect(moveField(definition, [1], 1).definition).toBe(definition);
  });

  it('moves inside a group only', () => {
    let definition = build('text', 'repeatable_group');
    definition = addGroupField(definition, 1, 'number').definition;
    const moved = moveField(definition, [1, 1], -1);
    const group = moved.definition.fields[1];
    expect(group.type === 'repeatable_group' && group.fields.map((f) => f.type)).toEqual(['number', 'text']);
    expect(moved.selected).toEqual([1, 0]);
    expect(moved.definition.fields[0].type).toBe('text');
    expect(moveField(moved.definition, [1, 0], -1).definition).toBe(moved.definition);
  });
});

describe('duplicating and removing', () => {
  it('copies right after with new keys, group fields included', () => {
    const definition = build('repeatable_group', 'text');
    const copy = duplicateField(definition, [0]);
    expect(copy.selected).toEqual([1]);
    const duplicate = copy.definition.fields[1];
    expect(duplicate.label).toBe('Grup repetabil (copie)');
    expect(duplicate.key).toBe('grup_repetabil_copie');
    expect(duplicate.type === 'repeatable_group' && duplicate.fields[0].key).not.toBe('text');
    expect(formDefinitionIssues(copy.definition)).toEqual([]);
    // The original is not shared with the copy.
    expect(duplicate).not.toBe(definition.fields[0]);
  });

  it('duplicates a group field inside its group', () => {
    const copy = duplicateField(build('repeatable_group'), [0, 0]);
    expect(copy.selected).toEqual([0, 1]);
    expect(formDefinitionIssues(copy.definition)).toEqual([]);
  });

  it('removes and selects the field that took the place, the previous one or none', () => {
    const definition = build('text', 'date', 'number');
    expect(removeField(definition, [1])).toMatchObject({ selected: [1] });
    expect(removeField(definition, [2])).toMatchObject({ selected: [1] });
    expect(removeField(build('text'), [0])).toEqual({ definition: { fields: [] }, selected: null });
    const group = removeField(build('repeatable_group'), [0, 0]);
    expect(group.selected).toEqual([0]);
    expect(removeField(definition, [7]).selected).toBeNull();
  });
});

describe('updating', () => {
  it('merges properties and removes the undefined ones', () => {
    let definition = build('number');
    definition = updateField(definition, [0], { min: 1, max: 10, unit: 'mp' });
    expect(getField(definition, [0])).toMatchObject({ min: 1, max: 10, unit: 'mp' });
    definition = updateField(definition, [0], { max: undefined });
    expect(getField(definition, [0])).not.toHaveProperty('max');
  });

  it('updates group fields', () => {
    const definition = updateField(build('repeatable_group'), [0, 0], { required: true });
    expect(getField(definition, [0, 0])).toMatchObject({ required: true });
  });

  it('lets the key follow the label until the author edits the key', () => {
    let definition = build('decimal');
    definition = setLabel(definition, [0], 'Suprafață teren');
    expect(getField(definition, [0])?.key).toBe('suprafata_teren');
    definition = updateField(definition, [0], { key: 'arie' });
    definition = setLabel(definition, [0], 'Suprafață totală');
    expect(getField(definition, [0])).toMatchObject({ key: 'arie', label: 'Suprafață totală' });
  });

  it('keeps generated keys unique', () => {
    let definition = build('text', 'text');
    definition = setLabel(definition, [0], 'Nume');
    definition = setLabel(definition, [1], 'Nume');
    expect(keys(definition)).toEqual(['nume', 'nume_2']);
  });

  it('carries a new key to the conditions and operands that used the old one', () => {
    let definition = build('radio', 'decimal', 'repeatable_group', 'textarea', 'computed');
    definition = updateField(definition, [2, 0], { type: 'number', integer: true, key: 'arie' } as Record<string, unknown>);
    definition = updateField(definition, [3], { visibleWhen: { field: 'alegere_unica', equals: 'optiunea_2' } });
    definition = updateField(definition, [4], { operands: ['numar_zecimal', 'grup_repetabil.arie'] });
    expect(formDefinitionIssues(definition)).toEqual([]);
    definition = updateField(definition, [0], { key: 'tip' });
    definition = updateField(definition, [1], { key: 'suprafata' });
    definition = updateField(definition, [2], { key: 'corpuri' });
    definition = updateField(definition, [2, 0], { key: 'aria' });
    expect(getField(definition, [3])?.visibleWhen).toEqual({ field: 'tip', equals: 'optiunea_2' });
    expect(getField(definition, [4])).toMatchObject({ operands: ['suprafata', 'corpuri.aria'] });
    expect(formDefinitionIssues(definition)).toEqual([]);
    expect(renameReferences(definition, 'x', 'x')).toBe(definition);
  });

  it('ignores a path that does not exist', () => {
    const definition = build('text');
    expect(updateField(definition, [3], { label: 'x' })).toBe(definition);
    expect(setLabel(definition, [0, 1], 'x')).toBe(definition);
  });
});

describe('options', () => {
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ];
  it('adds with a free value, removes, reorders and edits', () => {
    expect(addOption(options)[2]).toEqual({ value: 'optiunea_3', label: 'Opțiunea 3' });
    expect(addOption([{ value: 'optiunea_2', label: 'x' }])[1].value).toBe('optiunea_3');
    expect(removeOption(options, 0)).toEqual([{ value: 'b', label: 'B' }]);
    expect(moveOption(options, 0, 1).map((o) => o.value)).toEqual(['b', 'a']);
    expect(moveOption(options, 0, -1)).toBe(options);
    expect(updateOption(options, 1, { label: 'Bé' })[1]).toEqual({ value: 'b', label: 'Bé' });
  });
});

describe('conditions and operands', () => {
  const definition = (): FormDefinition => {
    let d = build('radio', 'decimal', 'section_title', 'repeatable_group', 'attachments', 'computed');
    d = addGroupField(d, 3, 'number').definition;
    return d;
  };

  it('offers earlier plain-value fields to a condition, group siblings included', () => {
    const d = definition();
    expect(conditionCandidates(d, [5]).map((f) => f.key)).toEqual(['alegere_unica', 'numar_zecimal']);
    expect(conditionCandidates(d, [0])).toEqual([]);
    expect(conditionCandidates(d, [3, 1]).map((f) => f.key)).toEqual(['alegere_unica', 'numar_zecimal', 'text']);
  });

  it('offers earlier numeric fields, and group sums at the top level', () => {
    const d = definition();
    expect(operandCandidates(d, [5]).map((o) => o.value)).toEqual(['numar_zecimal', 'grup_repetabil.numar_intreg']);
    expect(operandCandidates(d, [3, 1]).map((o) => o.value)).toEqual(['numar_zecimal']);
    expect(operandCandidates(d, [0])).toEqual([]);
  });

  it('builds rules in each mode, keeping the value when the target stays', () => {
    const radio = definition().fields[0];
    expect(conditionRule(radio, 'equals')).toEqual({ field: 'alegere_unica', equals: 'optiunea_1' });
    const rule = { field: 'alegere_unica', equals: 'optiunea_2' };
    expect(conditionRule(radio, 'in', rule)).toEqual({ field: 'alegere_unica', in: ['optiunea_2'] });
    expect(conditionRule(radio, 'equals', { field: 'alegere_unica', in: ['optiunea_2'] })).toEqual(rule);
    expect(conditionRule(radio, 'notEmpty', rule)).toEqual({ field: 'alegere_unica', notEmpty: true });
    const decimal = definition().fields[1];
    expect(conditionRule(decimal, 'equals', rule)).toEqual({ field: 'numar_zecimal', equals: '' });
    expect(conditionMode(undefined)).toBeNull();
    expect(conditionMode({ field: 'a', in: ['x'] })).toBe('in');
    expect(conditionMode({ field: 'a', notEmpty: true })).toBe('notEmpty');
    expect(conditionMode({ field: 'a', equals: 1 })).toBe('equals');
  });
});

describe('issues', () => {
  it('puts each problem of formDefinitionIssues on its field and property', () => {
    let definition = build('radio', 'textarea', 'repeatable_group');
    definition = updateField(definition, [0], { options: [{ value: 'a', label: '' }] });
    definition = updateField(definition, [1], { visibleWhen: { field: 'nu_exista', equals: 'x' } });
    definition = updateField(definition, [2, 0], { key: 'alegere_unica' });
    const map = mapIssues(formDefinitionIssues(definition));
    expect(issueFor(map.byField.get('fields.0'), 'options.0.label')).toBeTruthy();
    expect(issueFor(map.byField.get('fields.0'), 'options', true)).toBeTruthy();
    expect(issueFor(map.byField.get('fields.1'), 'visibleWhen.field')).toBe(
      'Condiția de afișare trebuie să se refere la un câmp aflat înaintea acestuia',
    );
    expect(issueFor(map.byField.get('fields.2.fields.0'), 'key')).toBe(
      'Cheia „alegere_unica” este folosită de mai multe câmpuri',
    );
    expect(fieldHasIssues(map, [2])).toBe(true);
    expect(fieldHasIssues(map, [2, 0])).toBe(true);
    expect(fieldHasIssues(map, [3])).toBe(false);
  });

  it('reads the server paths and keeps whole-form problems apart', () => {
    const map = mapIssues([
      { path: 'body.definition.fields.3.visibleWhen.field', message: 'a' },
      { path: 'definition.fields.1.fields', message: 'b' },
      { path: 'fields.0', message: 'c' },
      { path: 'definition.fields', message: 'd' },
      { path: '', message: 'e' },
    ]);
    expect(map.byField.get('fields.3')).toEqual([{ property: 'visibleWhen.field', message: 'a' }]);
    expect(map.byField.get('fields.1')).toEqual([{ property: 'fields', message: 'b' }]);
    expect(map.byField.get('fields.0')).toEqual([{ property: '', message: 'c' }]);
    expect(map.general).toEqual(['d', 'e']);
  });
});

describe('Romanian messages', () => {
  // The web entry and the test set-up install the domain's Romanian messages for bare checks.
  it('reads the generic bounds of zod in Romanian, next to the catalogue texts', () => {
    const computed = updateField(build('computed'), [0], { decimals: 9 });
    const map = mapIssues(formDefinitionIssues(computed));
    expect(issueFor(map.byField.get('fields.0'), 'operands')).toBe('Alegeți sau adăugați cel puțin o valoare');
    expect(issueFor(map.byField.get('fields.0'), 'decimals')).toBe('Valoarea poate fi cel mult 4');
  });
});

describe('comparison and paths', () => {
  it('treats drafts that save the same as equal', () => {
    const a: FormDefinition = { fields: [{ type: 'section_title', key: 'a', label: 'A', width: 'full' } as FormField] };
    const b: FormDefinition = {
      fields: [{ label: 'A', width: 'full', key: 'a', type: 'section_title', description: undefined } as FormField],
    };
    expect(sameDefinition(a, b)).toBe(true);
    expect(sameDefinition(a, { fields: [] })).toBe(false);
  });

  it('names paths and counts fields', () => {
    expect(pathId([3])).toBe('fields.3');
    expect(pathId([2, 1])).toBe('fields.2.fields.1');
    expect(samePath([1, 2], [1, 2])).toBe(true);
    expect(samePath([1], [1, 0])).toBe(false);
    expect(samePath(null, [1])).toBe(false);
    expect(countFields(build('text', 'repeatable_group'))).toBe(3);
  });
});
