import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { IDLE_CHECK_DELAY_MS, readContractWhenIdle } from './contract';

describe('readContractWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('returns the value at once and loads the schema only a while after the page has loaded', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loadSchema = vi.fn(async () => z.object({ id: z.number() }));
    const value = { id: 'not a number' };

    expect(readContractWhenIdle(loadSchema, value, 'test')).toBe(value);
    // jsdom's document is complete: the delay starts now; nothing is fetched during it.
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_DELAY_MS - 100);
    expect(loadSchema).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(200);
    // jsdom has no requestIdleCallback: the check runs once the delay is over.
    await vi.waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Răspunsul test nu respectă contractul', expect.any(Array)));
  });
});
