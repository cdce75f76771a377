import { LIMITS, VALIDATION_MESSAGES } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { mergePatch } from './form-rules.js';

const nested = (depth: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('mergePatch of draft form data', () => {
  it('merges objects key by key, null removes, anything else replaces', () => {
    expect(mergePatch({ a: 1, b: { c: 1, d: 2 }, e: [1] }, { a: null, b: { c: 3 }, e: [2], f: 'x' })).toEqual({
      b: { c: 3, d: 2 },
      e: [2],
      f: 'x',
    });
  });

  it('refuses nesting past the body limit with VALIDATION_ERROR instead of recursing without bound', () => {
    expect(() => mergePatch({}, nested(LIMITS.maxJsonDepth - 1))).not.toThrow();
    let thrown: unknown;
    try {
      mergePatch({}, nested(10_000));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('VALIDATION_ERROR');
    expect((thrown as AppError).data).toEqual({ fields: [{ path: 'form', message: VALIDATION_MESSAGES.bodyTooDeep }] });
  });

  it('keeps a __proto__ key as data, never as the prototype', () => {
    const patch = JSON.parse('{"__proto__":{"polluted":true},"x":{"__proto__":{"y":1}}}');
    const merged = mergePatch({}, patch);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(merged.x)).toBe(Object.prototype);
  });
});
