import { beforeEach, expect, it, vi } from 'vitest';

const m = vi.fn();
const n = vi.fn();
beforeEach(() => m.mockReset());
it('reset in beforeEach', async () => {
  m.mockImplementation(async () => { throw new Error('never'); });
  expect(1).toBe(1);
});
it('no reset', async () => {
  n.mockImplementation(async () => { throw new Error('never-n'); });
  expect(1).toBe(1);
});
