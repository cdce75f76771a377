import type { z } from 'zod';

/**
 * Reads a response through its shared contract. A response that does not match is still used
 * (the server may be one release ahead), but the mismatch is logged so it gets noticed.
 */
export function readContract<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  console.warn(`Răspunsul ${what} nu respectă contractul`, result.error.issues);
  return value as z.infer<S>;
}

/** How long after the page's load the deferred contract checks wait (then for an idle moment). */
export const IDLE_CHECK_DELAY_MS = 3_000;

let afterLoad: Promise<void> | null = null;

/** Resolves a little after the page's `load` event: the first page's own chunks come first. */
function afterPageLoad(): Promise<void> {
  afterLoad ??= new Promise<void>((resolve) => {
    const wait = () => setTimeout(resolve, IDLE_CHECK_DELAY_MS);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
  return afterLoad;
}

/**
 * `readContract` for the responses the first screen waits for (the session's `users/me` and
 * organisation): the value is used at once and checked later, with the schema (and zod) loaded
 * then, so that the first paint does not carry the validation library. "Later" is an idle moment
 * a few seconds after the page's load: at the first idle moment the page's own chunks were still
 * arriving, and the schemas' download (~26 KB) and construction (a long task on a slow phone)
 * competed with them for the network and the main thread.
 */
export function readContractWhenIdle<T>(loadSchema: () => Promise<z.ZodType<T>>, value: unknown, what: string): T {
  const check = () => {
    loadSchema().then(
      (schema) => readContract(schema, value, what),
      () => {
        // The check is a diagnostic: a failed download of the schema changes nothing.
      },
    );
  };
  void afterPageLoad().then(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(check, { timeout: 10_000 });
    else check();
  });
  return value as T;
}
