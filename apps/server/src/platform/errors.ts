import { ERRORS, type ErrorCode, VALIDATION_MESSAGES } from '@ghiseu/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * The one error type of the server. `code` comes from the catalogue of spec §8 and decides
 * the HTTP status; `data` is sent to the client; `logMessage` stays in the logs.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data?: Record<string, unknown>;

  constructor(code: ErrorCode, data?: Record<string, unknown>, logMessage?: string) {
    super(logMessage ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.data = data;
  }
}

export const notFound = (what?: string) => new AppError('NOT_FOUND', what ? { resource: what } : undefined);
export const forbidden = () => new AppError('FORBIDDEN');

interface ErrorBody {
  message: string;
  data?: Record<string, unknown>;
}

/** Maps fastify's own errors (body too large, bad JSON, rate limit…) onto catalogue codes. */
function fromFastifyError(error: FastifyError): { status: number; body: ErrorBody } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, body: { message: 'PAYLOAD_TOO_LARGE' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, body: { message: 'UNSUPPORTED_MEDIA_TYPE' } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_VALIDATION':
      return { status: 400, body: { message: 'VALIDATION_ERROR', data: { fields: [{ path: '', message: error.message }] } } };
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, body: { message: 'TOO_MANY_FILES_OR_FILE_SIZE_EXCEEDED' } };
    default:
      break;
  }
  // Any other client error of fastify, a plugin or a body parser (statusCode 4xx) is the
  // client's: it keeps a catalogue code of its class and never becomes a 500.
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const code = CLIENT_ERROR_CODES[status] ?? 'VALIDATION_ERROR';
  if (code !== 'VALIDATION_ERROR') return { status: ERRORS[code].status, body: { message: code } };
  return { status: 400, body: { message: code, data: { fields: [{ path: '', message: VALIDATION_MESSAGES.invalidValue }] } } };
}

/** Catalogue code of a client error status that no more specific mapping claimed. */
const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'AUTH_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  406: 'UNSUPPORTED_MEDIA_TYPE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * One handler for every error: catalogue codes go out as `{ message, data }`; validation
 * failures list the offending fields; anything unexpected is logged and becomes a bare 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A service known to be unavailable (503: not configured, provider down) is an operating
      // condition, logged as a warning; any other 5xx is a fault.
      if (error.status === 503) request.log.warn({ err: error }, error.message);
      else if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send({ message: error.code, ...(error.data ? { data: error.data } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message,
      }));
      return reply.status(400).send({ message: 'VALIDATION_ERROR', data: { fields } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: 'INTERNAL_ERROR' });
    }
    const mapped = fromFastifyError(error as FastifyError);
    if (mapped) return reply.status(mapped.status).send(mapped.body);
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'INTERNAL_ERROR' });
  });
}

/**
 * Unknown routes: 404 NOT_FOUND for the API; when the web app is served, every other GET gets
 * its index.html so that client-side routes survive a reload.
 */
export function registerNotFoundHandler(app: FastifyInstance, indexHtml?: Buffer): void {
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      indexHtml && request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/assets/');
    if (!isPage) return reply.status(404).send({ message: 'NOT_FOUND' });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
