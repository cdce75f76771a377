import { findUnstorableText, isStorableText, LIMITS, VALIDATION_MESSAGES } from '@ghiseu/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The request boundary's checks that no route schema can express, applied once to every
 * request (ADR 0013): bodies nest at most LIMITS.maxJsonDepth levels, and no text anywhere
 * (path, query string, body, object keys) holds a NUL or a lone UTF-16 surrogate, which
 * PostgreSQL refuses in `text` and `jsonb`. Both answer 400 VALIDATION_ERROR naming the field.
 */

const fieldError = (path: string, message: string) => new AppError('VALIDATION_ERROR', { fields: [{ path, message }] });

/**
 * True when `text` (JSON) nests objects and arrays deeper than `max`. A single pass that skips
 * strings, run before JSON.parse so that deep input never reaches a recursive walk.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies (`application/json` and the merge patches of PATCH routes) go through one parser:
 * the depth limit, then fastify's own JSON parser (which also refuses `__proto__` and
 * `constructor.prototype` keys). A body that is not JSON is a 400 VALIDATION_ERROR.
 */
export function registerJsonParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parse = (request: FastifyRequest, body: string, emptyIsObject: boolean): unknown => {
    if (emptyIsObject && body === '') return {};
    if (jsonNestsDeeperThan(body, LIMITS.maxJsonDepth)) throw fieldError('body', VALIDATION_MESSAGES.bodyTooDeep);
    // JSON text can hold a NUL or a lone surrogate only as a `\u` escape (a raw control
    // character is a syntax error, and the body was decoded from UTF-8, which has no lone
    // surrogates): without one, the parsed body needs no walk in registerTextHygiene.
    if (!body.includes('\\u')) storableBodies.add(request);
    let parsed: unknown;
    let failure: Error | null = null;
    parseJson(request, body, (error, value) => {
      failure = error;
      parsed = value;
    });
    if (failure) {
      // An empty body keeps fastify's own code (mapped to VALIDATION_ERROR by the error handler).
      if ((failure as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY') throw failure;
      throw fieldError('body', VALIDATION_MESSAGES.malformedBody);
    }
    return parsed;
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parse(request, body as string, false));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // PATCH bodies are JSON merge patches (RFC 7396); an empty one changes nothing.
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parse(request, body as string, true));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/** Requests whose JSON body is known to hold only storable text (see registerJsonParsers). */
const storableBodies = new WeakSet<FastifyRequest>();

/**
 * True when a string or object key anywhere in `value` is not storable: the check of
 * findUnstorableText without building a path for every entry (that walk allocated on every key
 * of every request); the path is looked for only once something was found.
 */
export function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsUnstorableText(item)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isStorableText(key) || holdsUnstorableText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** Every text of the request's params, query string and body can be stored, else a 400. */
export function registerTextHygiene(app: FastifyInstance): void {
  const check = (part: string, value: unknown) => {
    if (!holdsUnstorableText(value)) return;
    const found = findUnstorableText(value) ?? [];
    throw fieldError([part, ...found].join('.'), VALIDATION_MESSAGES.unstorableText);
  };
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      check('params', request.params);
      check('querystring', request.query);
      if (!storableBodies.has(request)) check('body', request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
