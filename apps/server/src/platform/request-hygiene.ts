import { findUnstorableText, LIMITS, VALIDATION_MESSAGES } from '@ghiseu/domain';
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

/** Every text of the request's params, query string and body can be stored, else a 400. */
export function registerTextHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnstorableText(value);
      if (found) throw fieldError([part, ...found].join('.'), VALIDATION_MESSAGES.unstorableText);
    }
  });
}
