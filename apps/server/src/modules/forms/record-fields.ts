import { AppError } from '../../platform/errors.js';

/**
 * The `fields=id,name` parameter of the configuration lists (spec §7: `GET /forms?limit=500&
 * fields=id,name` feeds the autocompletes). It trims each record to the asked properties, so a
 * 500-row autocomplete does not carry definitions and abilities. Shared by the forms,
 * application-types and document-series lists.
 */

/** The asked properties (always with `id`), or null for whole records. Unknown names are a 400. */
export function parseFieldsParam(value: unknown, allowed: readonly string[]): string[] | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new AppError('INVALID_QUERY', { reason: 'bad_value', param: 'fields' });
  const names = [
    ...new Set(
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.find((name) => !allowed.includes(name));
  if (unknown !== undefined) throw new AppError('INVALID_QUERY', { reason: 'unknown_field', param: 'fields', field: unknown });
  return names.includes('id') ? names : ['id', ...names];
}

/** The record with only `fields` (all of it when `fields` is null). */
export function trimRecord<T extends { id: number }>(record: T, fields: string[] | null): Partial<T> & { id: number } {
  if (fields === null) return record;
  return Object.fromEntries(fields.map((name) => [name, record[name as keyof T]])) as Partial<T> & { id: number };
}
