import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorText, errorCodeOf, validationFieldErrors, validationIssues } from './api-errors';

describe('validationFieldErrors', () => {
  it('maps `body.` paths to field names, first message per field', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', {
      fields: [
        { path: 'body.county_id', message: 'Consiliul județean trebuie să aibă județul' },
        { path: 'body.county_id', message: 'al doilea' },
        { path: 'body.uat_ids.0', message: 'UAT-ul nu există' },
      ],
    });
    expect(validationFieldErrors(error)).toEqual({
      county_id: 'Consiliul județean trebuie să aibă județul',
      uat_ids: 'UAT-ul nu există',
    });
    expect(validationFieldErrors(new ApiError(409, 'CONFLICT'))).toEqual({});
  });
});

describe('validationIssues and apiErrorText', () => {
  const error = new ApiError(400, 'VALIDATION_ERROR', {
    fields: [
      { path: 'body.series_type_ids.incoming', message: 'Tipul de serie nu există' },
      { path: 'body.name', message: 'Denumirea este obligatorie' },
    ],
  });

  it('keeps whole paths without `body.`, in order', () => {
    expect(validationIssues(error)).toEqual([
      { path: 'series_type_ids.incoming', message: 'Tipul de serie nu există' },
      { path: 'name', message: 'Denumirea este obligatorie' },
    ]);
    expect(validationIssues(new Error('x'))).toEqual([]);
  });

  it('names the first field problem after the catalogue text, and lets a feature speak first', () => {
    expect(apiErrorText(error)).toBe(`${error.userMessage} Tipul de serie nu există`);
    const conflict = new ApiError(409, 'CONFLICT', { reason: 'referenced' });
    expect(apiErrorText(conflict, (e) => (e.data?.reason === 'referenced' ? 'Este folosit.' : undefined))).toBe('Este folosit.');
    expect(apiErrorText(conflict)).toBe(conflict.userMessage);
    expect(errorCodeOf(conflict)).toBe('CONFLICT');
    expect(errorCodeOf(new Error('x'))).toBe('');
  });
});
