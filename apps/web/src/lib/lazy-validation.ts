import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export interface LazyResolver<T extends FieldValues> {
  resolver: Resolver<T>;
  /** Starts loading the schema and zod (e.g. when the form gets focus), so that the first check does not wait. */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose zod schema (and zod itself, with the Romanian messages) is
 * loaded on first use instead of with the page: for the forms of the first screen (sign-in),
 * which render without any validation code and load it when the visitor starts typing.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<z.ZodType<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('./validation')]).then(
      ([schema, validation]) => validation.zodResolver(schema as never) as unknown as Resolver<T>,
      (error: unknown) => {
        // A failed download is tried again at the next check.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load().catch(() => {}),
  };
}
