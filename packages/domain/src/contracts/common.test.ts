import { describe, expect, it } from 'vitest';
import { PG_INT_MAX, ZIdParams, zId, zIdParam } from './common.js';

describe('the shared id schemas', () => {
  it('accept positive int4 values only', () => {
    expect(zId().safeParse(PG_INT_MAX).success).toBe(true);
    for (const value of [PG_INT_MAX + 1, 2 ** 63, 0, -1, 1.5, Number.POSITIVE_INFINITY, '1'])
      expect(zId().safeParse(value).success, String(value)).toBe(false);
  });
  it('coerce path and query text, with the same bounds', () => {
    expect(ZIdParams.parse({ id: '2147483647' })).toEqual({ id: PG_INT_MAX });
    for (const value of ['2147483648', '9223372036854775808', '1e309', '0', '-1', 'abc', ''])
      expect(zIdParam().safeParse(value).success, value).toBe(false);
  });
});
