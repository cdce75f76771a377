import { type Application, FORM_MESSAGES, ZFormDefinition } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import {
  answerErrors,
  answersOf,
  attachmentErrors,
  filesByField,
  firstIncompleteStep,
  formPatch,
  markerError,
  stepIndex,
} from './wizard-logic';

const definition = ZFormDefinition.parse({
  fields: [
    { key: 'scop', type: 'text', label: 'Scop', required: true },
    { key: 'imobile', type: 'real_estate_target', label: 'Imobile', required: true },
    { key: 'beneficiari', type: 'beneficiaries', label: 'Beneficiari', required: true },
    { key: 'plan', type: 'attachments', label: 'Plan', documentType: 'Plan', minFiles: 1 },
  ],
});
const fields = definition.fields;

function draft(overrides: Partial<Application> = {}): Application {
  return {
    form_definition: { form_id: 1, version: 1, definition },
    form: { scop: 'Casă', real_estate_target: [], beneficiary_users: [], sign_details: { isOnline: true, package: null } },
    beneficiaries: [],
    real_estates: [],
    attachments: [],
    ...overrides,
  } as unknown as Application;
}

describe('wizard logic', () => {
  it('keeps only the answers of the record form', () => {
    expect(answersOf(draft())).toEqual({ scop: 'Casă' });
  });

  it('patches cleared answers with null and leaves markers and attachments out', () => {
    expect(formPatch(fields, { scop: '' })).toEqual({ scop: null });
  });

  it('splits the answer errors from the attachment errors', () => {
    expect(answerErrors(fields, {})).toEqual({ scop: FORM_MESSAGES.requiredFields });
    expect(Object.keys(attachmentErrors(fields, {}, {}))).toEqual(['plan']);
    expect(attachmentErrors(fields, {}, { plan: [3] })).toEqual({});
  });

  it('counts the records of a required marker', () => {
    expect(markerError(fields, {}, 'beneficiaries', 0)).toBe(FORM_MESSAGES.requiredFields);
    expect(markerError(fields, {}, 'beneficiaries', 2)).toBeNull();
  });

  it('resumes at the first incomplete step', () => {
    expect(firstIncompleteStep(draft({ form: { scop: '' } as unknown as Application['form'] }))).toBe(stepIndex('form'));
    expect(firstIncompleteStep(draft())).toBe(stepIndex('beneficiaries'));
    const withPeople = { beneficiaries: [{ id: 1 }] } as unknown as Partial<Application>;
    expect(firstIncompleteStep(draft(withPeople))).toBe(stepIndex('realEstates'));
    const withPlace = { ...withPeople, real_estates: [{ id: 1 }] } as unknown as Partial<Application>;
    expect(firstIncompleteStep(draft(withPlace))).toBe(stepIndex('attachments'));
    const files = [{ category: 'plan', file_id: 9 }] as unknown as Application['attachments'];
    expect(filesByField({ attachments: files })).toEqual({ plan: [9] });
    expect(firstIncompleteStep(draft({ ...withPlace, attachments: files }))).toBe(stepIndex('review'));
  });
});
