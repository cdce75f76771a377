import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * Query parameters whose values may be logged: paging and sorting. Every other value (a search
 * text, a filter on a personal numeric code, a token) is masked.
 */
const SAFE_PARAMS = new Set(['skip', 'limit', 'pagination', 'sortKey', 'echo', 'download']);

/**
 * Fields of an error that name things, never values: codes and the schema objects involved.
 * Everything else an error carries is dropped: drizzle's `query`/`params`, pg's `detail`
 * ('Key (personal_numeric_code)=(1850101…) already exists'), `where`, `hint`, `internalQuery`,
 * an AppError's `data`.
 */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

const MAX_CAUSES = 4;

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/**
 * What an error message may say. Values reach messages in a few known places: drizzle's
 * "Failed query: … params: …", PostgreSQL's 'invalid input syntax for type integer: "…"' and
 * quoted literals in SQL text. Those parts go; as a last net, digit runs and IBAN-shaped words
 * (personal numeric codes, ID numbers, phones, IBANs) are masked in whatever is left.
 */
export function scrubMessage(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, '')
    .replace(/: "[\s\S]*"\s*$/, ': "[redacted]"')
    .replace(/'(?:[^']|'')*'/g, "'[redacted]'")
    .replace(/\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g, '[redacted]')
    .replace(/\d{6,}/g, '[redacted]');
}

function errorType(error: Error): string {
  return error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : (error.name ?? 'Error');
}

/**
 * pino serializer of errors (`err`): the type, a message without values, the stack (its first
 * line rebuilt from that message, the frames kept), the naming fields and the causes, the same
 * way. Replaces pino's standard serializer, which copies every enumerable property.
 */
export function serializeError(value: unknown, depth = 0): SerializedError | unknown {
  if (!(value instanceof Error)) {
    return typeof value === 'string' ? scrubMessage(value) : { type: typeof value, message: '[not an error]' };
  }
  const message = scrubMessage(value.message ?? '');
  const type = errorType(value);
  const out: SerializedError = { type, message };
  const frames = (value.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) out.stack = [`${type}: ${message}`, ...frames].join('\n');
  const fields = value as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const v = fields[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = v;
  }
  if (value.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(value.cause, depth + 1) as SerializedError;
  return out;
}

/** pino options shared by the HTTP server and the job processes: levels, redaction, serializers. */
export function baseLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-file-upload-access-token"]',
        'req.headers["x-file-download-access-token"]',
        '*.password',
        '*.token',
        '*.authToken',
        '*.pin',
        '*.smsCode',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      error: serializeError,
    },
  };
}

/**
 * pino options of the server: request ids, and no personal data, password, token or code in any
 * log line. Bodies are never logged; headers that carry secrets are removed; query values other
 * than paging are masked in URLs; errors are logged without the values they carry. `stream`
 * (tests) receives the lines instead of stdout.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const base = baseLoggerOptions(level);
  return {
    ...base,
    ...(stream ? { stream } : {}),
    serializers: {
      ...base.serializers,
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: maskUrl(request.url), ip: request.ip, id: request.id };
      },
    },
  };
}

/** The URL with every query value masked except paging and sorting (`?search=[redacted]&limit=10`). */
export function maskUrl(raw: string): string {
  // A payment link's token is in the path (API and web page, payments/offline): a bearer secret.
  const url = raw.replace(/(\/(?:payment-links|plata)\/)[^/?]+/, '$1[redacted]');
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return SAFE_PARAMS.has(name) ? pair : `${name}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** What fastify asks of a request's logger (FastifyBaseLogger), kept loose for the lazy child. */
interface RequestLogger {
  level: string;
  isLevelEnabled(level: string): boolean;
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): RequestLogger;
  fatal(...args: unknown[]): void;
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  trace(...args: unknown[]): void;
  silent(...args: unknown[]): void;
}

/**
 * A request's child logger made on first use. fastify gives every request `logger.child({ reqId })`,
 * and pino builds a child (its bindings serialised and run through the redaction) even when the
 * request never logs, which is nearly always: that showed in the list benchmark's profile. This
 * one takes the same bindings and options and builds exactly that child the first time a line is
 * written at an enabled level (or its own child, bindings or level is asked for), so every line
 * is what it was.
 */
class LazyRequestLogger implements RequestLogger {
  #real: RequestLogger | undefined;
  readonly #parent: RequestLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: Record<string, unknown>;
  constructor(parent: RequestLogger, bindings: Record<string, unknown>, options: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }
  #logger(): RequestLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }
  #write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    if (this.#real) this.#real[level](...args);
    else if (this.#parent.isLevelEnabled(level)) this.#logger()[level](...args);
  }
  get level(): string {
    return this.#real ? this.#real.level : this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return this.#real ? this.#real.isLevelEnabled(level) : this.#parent.isLevelEnabled(level);
  }
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): RequestLogger {
    return this.#logger().child(bindings, options);
  }
  bindings(): Record<string, unknown> {
    return (this.#logger() as unknown as { bindings(): Record<string, unknown> }).bindings();
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
}

/**
 * fastify's `childLoggerFactory`: the request's child logger, built on first use
 * ({@link LazyRequestLogger}). A route with a log level of its own gets its child at once (its
 * level differs from the parent's, which the lazy one reads until then).
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  const parent = logger as unknown as RequestLogger;
  const given = options as Record<string, unknown>;
  // Not a pino logger (fastify's null logger when logging is off): its own child, as before.
  const lazy = given.level === undefined && typeof parent.isLevelEnabled === 'function';
  const child = lazy ? new LazyRequestLogger(parent, bindings, given) : parent.child(bindings, given);
  return child as unknown as FastifyBaseLogger;
};
