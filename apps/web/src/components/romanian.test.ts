import { describe, expect, it } from 'vitest';
import { countNoun, countWithNoun } from './romanian';

describe('countNoun', () => {
  it('follows the Romanian rule for "de"', () => {
    expect(countNoun(1, 'cont', 'conturi')).toBe('cont');
    expect(countNoun(0, 'cont', 'conturi')).toBe('conturi');
    expect(countNoun(2, 'subcont', 'subconturi')).toBe('subconturi');
    expect(countNoun(19, 'cont', 'conturi')).toBe('conturi');
    expect(countNoun(20, 'subcont', 'subconturi')).toBe('de subconturi');
    expect(countNoun(30, 'zi', 'zile')).toBe('de zile');
    expect(countNoun(101, 'cont', 'conturi')).toBe('conturi');
    expect(countNoun(120, 'cont', 'conturi')).toBe('de conturi');
    expect(countNoun(200, 'cont', 'conturi')).toBe('de conturi');
  });

  it('writes the number with its noun', () => {
    expect(countWithNoun(1, 'fișier', 'fișiere')).toBe('1 fișier');
    expect(countWithNoun(20, 'fișier', 'fișiere')).toBe('20 de fișiere');
  });
});
