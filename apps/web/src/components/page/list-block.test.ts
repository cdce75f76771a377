import { describe, expect, it } from 'vitest';
import { countNoun } from './list-block';

describe('countNoun', () => {
  it('follows the Romanian rule for "de"', () => {
    expect(countNoun(1, 'cont', 'conturi')).toBe('cont');
    expect(countNoun(0, 'cont', 'conturi')).toBe('conturi');
    expect(countNoun(19, 'cont', 'conturi')).toBe('conturi');
    expect(countNoun(20, 'cont', 'conturi')).toBe('de conturi');
    expect(countNoun(101, 'cont', 'conturi')).toBe('conturi');
    expect(countNoun(120, 'cont', 'conturi')).toBe('de conturi');
    expect(countNoun(200, 'cont', 'conturi')).toBe('de conturi');
  });
});
