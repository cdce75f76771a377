import { describe, expect, it } from 'vitest';
import { countByDomain } from './get-application-types';

describe('countByDomain', () => {
  it('counts the types of each domain', () => {
    expect(countByDomain([{ domain: 'urbanism' }, { domain: 'urbanism' }, { domain: 'approvals' }])).toEqual({
      urbanism: 2,
      approvals: 1,
    });
  });
});
