import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { fieldErrorsOf } from './errors';

describe('fieldErrorsOf', () => {
  it('reads the server field errors by form path', () => {
    const error = new ApiError(400, 'INVALID_FORM_VALUE', {
      fields: [
        { path: 'form.scop', message: 'Obligatoriu' },
        { path: 'body.uat_id', message: 'Se pot depune cereri doar pe județul Mureș' },
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({ scop: 'Obligatoriu', uat_id: 'Se pot depune cereri doar pe județul Mureș' });
  });

  it('is empty for other errors', () => {
    expect(fieldErrorsOf(new ApiError(500, 'X'))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
