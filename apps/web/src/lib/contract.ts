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
