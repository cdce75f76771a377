import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How a route's zod response schema becomes the function that writes its answer (ADR
 * "response serialisation").
 *
 * fastify-type-provider-zod checks every answer against the schema (`safeEncode`, which also
 * drops the keys the schema does not name) and then `JSON.stringify`s the checked copy: on the
 * list benchmark that was the biggest cost of the platform per request. In production the same
 * schema, converted once to JSON Schema, is compiled by fast-json-stringify (fastify's own
 * serializer): it writes the declared keys in the declared order and nothing else, without
 * building a checked copy first.
 *
 * In tests and development (`checked`) the zod check stays exactly as before, so that a
 * presenter drifting from its contract still fails loudly, and the fast serializer's text is
 * compared with it on every answer: any difference between the two (a schema the conversion
 * reads differently) is an error there, long before production could send it.
 *
 * A schema the conversion cannot express (transforms, dates, custom checks) or that branches
 * on the value (unions other than `.nullable()`) keeps zod's serializer in every mode.
 */

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/** The zod schema of a response entry (fastify passes either the schema or `{ properties }`). */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

type JsonSchema = Record<string, unknown>;

const isPlainObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON Schema written for fast-json-stringify, changed where it would otherwise write a
 * different text than `JSON.stringify` of zod's output:
 * - fast-json-stringify writes required properties before optional ones; zod keeps the
 *   schema's order. Where an optional property comes before a required one, `required` is
 *   dropped (zod has checked presence in tests; the text is the same);
 * - `format` is removed (fast-json-stringify would turn a Date into a date string for it;
 *   zod never lets a Date through a string schema), and `additionalProperties: false` too
 *   (fast-json-stringify writes only the declared keys anyway);
 * - `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`) becomes X with `'null'` added to its
 *   type, which fast-json-stringify writes without running a validator per value.
 */
export function forFastJsonStringify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFastJsonStringify);
  if (!isPlainObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'format' || key === '$schema' || key === 'description') continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'properties' && isPlainObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, forFastJsonStringify(s)]));
    } else out[key] = forFastJsonStringify(value);
  }
  if (Array.isArray(out.required) && isPlainObject(out.properties)) {
    const required = new Set(out.required as string[]);
    const keys = Object.keys(out.properties);
    const firstOptional = keys.findIndex((k) => !required.has(k));
    if (firstOptional !== -1 && keys.slice(firstOptional).some((k) => required.has(k))) delete out.required;
  }
  if (Array.isArray(out.anyOf) && out.anyOf.length === 2) {
    const [first, second] = out.anyOf as JsonSchema[];
    const nullable = isPlainObject(second) && Object.keys(second).length === 1 && second.type === 'null' ? first : undefined;
    if (isPlainObject(nullable) && typeof nullable.type === 'string' && nullable.anyOf === undefined) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...nullable, type: [nullable.type, 'null'] };
    }
  }
  return out;
}

const BRANCHING = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if']);

/**
 * True when the schema still branches on the value (a union): fast-json-stringify would pick the
 * branch with a JSON Schema validator, zod by parsing each option in turn; they need not agree,
 * so such a schema keeps zod's serializer.
 */
function branches(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(branches);
  if (!isPlainObject(schema)) return false;
  return Object.entries(schema).some(([key, value]) => BRANCHING.has(key) || branches(value));
}

/** Compiled once per zod schema (many routes share their response schemas). */
const compiled = new WeakMap<z.ZodType, Serialize | null>();

/** fast-json-stringify's serializer of a zod schema, or null when zod's must stay. */
export function fastSerializer(schema: z.ZodType): Serialize | null {
  let found = compiled.get(schema);
  if (found === undefined) {
    try {
      const json = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'throw', cycles: 'throw' });
      const prepared = forFastJsonStringify(json);
      found = branches(prepared) ? null : (fastJsonStringify(prepared as Parameters<typeof fastJsonStringify>[0]) as Serialize);
    } catch {
      found = null;
    }
    compiled.set(schema, found);
  }
  return found;
}

/** Thrown in tests and development when the two serializers disagree on an answer. */
export class SerializerMismatchError extends Error {}

/**
 * The serializer compiler of the app: `fast` in production, `checked` in tests and development
 * (see the top of this file).
 */
export function responseSerializerCompiler(mode: 'fast' | 'checked'): FastifySerializerCompiler<z.ZodType> {
  return (route: RouteSchema) => {
    const checked = zodSerializerCompiler(route) as Serialize;
    const schema = zodSchemaOf(route.schema);
    if (!schema) return checked;
    if (mode === 'fast') return fastSerializer(schema) ?? checked;
    // Compiled on first use: a test app registers every route and answers few of them.
    let fast: Serialize | null | undefined;
    return (data) => {
      const text = checked(data);
      fast ??= fastSerializer(schema);
      if (fast) {
        let other: string;
        try {
          other = fast(data);
        } catch (error) {
          throw new SerializerMismatchError(`${route.method} ${route.url}: fast-json-stringify failed: ${String(error)}`);
        }
        if (other !== text) {
          throw new SerializerMismatchError(`${route.method} ${route.url}: fast-json-stringify wrote ${other}, zod ${text}`);
        }
      }
      return text;
    };
  };
}
