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

/**
 * `readContract` for the responses the first screen waits for (the session's `users/me` and
 * organisation): the value is used at once and checked once the browser is idle, with the schema
 * (and zod) loaded then, so that the first paint does not carry the validation library.
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
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(check, { timeout: 10_000 });
  else setTimeout(check, 2_000);
  return value as T;
}
