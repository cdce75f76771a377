import { errorMessage, SESSION_ERROR_CODES } from '@ghiseu/domain';
import { showToast } from '../components/feedback/toast';
import { emitSessionExpired, navigateTo } from './app-events';
import { getStoredLanguage, getStoredToken } from './storage';

/**
 * The one HTTP client of the web app (spec §7 "shared client rules", spec §8 "handling rules").
 *
 * - base address from configuration, a separate one for the archive;
 * - every request carries the auth token, the active language and the user id (archive requests
 *   also the user's e-mail);
 * - PATCH bodies are `application/merge-patch+json`;
 * - only 200, 201 and 204 are successes, everything else rejects with an {@link ApiError};
 * - a 403 with a session code raises the session-expired event, whoever made the call.
 */

export const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '/api';
export const ARCHIVE_API_BASE_URL: string = import.meta.env.VITE_ARCHIVE_API_URL ?? '/api/archive';

const SUCCESS_STATUSES = new Set([200, 201, 204]);
/** Statuses whose message is shown as an error toast by the generic handler (spec §8). */
const TOAST_STATUSES = new Set([400, 401, 409, 412, 500, 504]);

export const NETWORK_ERROR_MESSAGE = 'Serverul nu poate fi contactat. Verificați conexiunea la internet și reîncercați.';

/** A rejected call: HTTP status (undefined when no response arrived), server code and data. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; undefined when the request never got a response (network failure). */
    readonly status: number | undefined,
    /** The server's `message` code (e.g. `AUTH_FAILED`), upper-cased; '' when absent. */
    readonly code: string,
    /** The server's `data` object (e.g. `{ remaining_attempts: 2 }`). */
    readonly data?: Record<string, unknown>,
  ) {
    super(code || (status === undefined ? 'NETWORK_ERROR' : `HTTP_${status}`));
  }

  /** False for network failures: nothing came back from the server. */
  get hasResponse(): boolean {
    return this.status !== undefined;
  }

  /** The Romanian text for this error (spec §8 catalogue, with placeholders filled). */
  get userMessage(): string {
    return this.hasResponse ? errorMessage(this.code, this.data) : NETWORK_ERROR_MESSAGE;
  }
}

export const isSessionErrorCode = (code: unknown): boolean =>
  typeof code === 'string' && (SESSION_ERROR_CODES as readonly string[]).includes(code.toUpperCase());

/** True for a 403 that means "your session is over" rather than "you may not do this". */
export const isSessionError = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && isSessionErrorCode(error.code);

/** Reads `{ message, data }` from an error body; a list body carries the message first (spec §8). */
export function parseErrorBody(body: unknown): { code: string; data?: Record<string, unknown> } {
  const first = Array.isArray(body) ? body[0] : body;
  if (typeof first === 'string') return { code: first.toUpperCase() };
  if (first && typeof first === 'object') {
    const { message, data } = first as { message?: unknown; data?: unknown };
    const code = typeof message === 'string' ? message.toUpperCase() : '';
    const dataObject = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
    return { code, data: dataObject };
  }
  return { code: '' };
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  /** Query parameters; null/undefined are dropped, arrays repeat the key. */
  query?: Record<string, QueryValue>;
  /** JSON body (objects), FormData or Blob sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to read a successful body; JSON by default (falls back to text for other types). */
  responseType?: 'json' | 'blob' | 'text';
  /**
   * Do not raise the session-expired event on a 403 session code. Used by calls that run while
   * nobody is signed in yet (session initialisation, logout of a stale token).
   */
  skipSessionCheck?: boolean;
}

export interface ApiResponse<T> {
  body: T;
  status: number;
  headers: Headers;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Identity {
  userId: number;
  email: string;
}
let identity: Identity | null = null;

/** Called by the session provider when the signed-in user changes (X-User-Id, archive e-mail). */
export function setApiIdentity(next: Identity | null): void {
  identity = next;
}

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function isBodyInit(body: unknown): body is FormData | Blob | URLSearchParams {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams
  );
}

async function readBody(response: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text' || text === '') return text === '' ? undefined : text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface ApiClient {
  readonly baseUrl: string;
  /** Full control: status and headers (download/upload tokens travel in headers). */
  send<T>(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export function createApiClient(baseUrl: string, { archive = false }: { archive?: boolean } = {}): ApiClient {
  async function send<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': getStoredLanguage() };
    const token = getStoredToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (identity) {
      headers['X-User-Id'] = String(identity.userId);
      if (archive) headers['X-User-Email'] = identity.email;
    }
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isBodyInit(options.body)) body = options.body;
      else {
        body = JSON.stringify(options.body);
        headers['Content-Type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      }
    }
    Object.assign(headers, options.headers);

    let response: Response;
    try {
      response = await fetch(buildUrl(baseUrl, path, options.query), { method, headers, body, signal: options.signal });
    } catch (error) {
      // An aborted request is not an error to report: let react-query see the AbortError.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(undefined, 'NETWORK_ERROR');
    }

    if (SUCCESS_STATUSES.has(response.status)) {
      const parsed = await readBody(response, options.responseType);
      return { body: parsed as T, status: response.status, headers: response.headers };
    }

    const { code, data } = parseErrorBody(await readBody(response, 'json').catch(() => undefined));
    const error = new ApiError(response.status, code, data);
    if (!options.skipSessionCheck && isSessionError(error)) emitSessionExpired();
    throw error;
  }

  const bodyOf = async <T>(promise: Promise<ApiResponse<T>>): Promise<T> => (await promise).body;

  return {
    baseUrl,
    send,
    get: (path, options) => bodyOf(send('GET', path, options)),
    post: (path, body, options) => bodyOf(send('POST', path, { ...options, body })),
    put: (path, body, options) => bodyOf(send('PUT', path, { ...options, body })),
    patch: (path, body, options) => bodyOf(send('PATCH', path, { ...options, body })),
    delete: (path, options) => bodyOf(send('DELETE', path, options)),
  };
}

/** The portal API (`/api`). */
export const api = createApiClient(API_BASE_URL);
/** The archive API (`/api/archive`): same rules plus the user's e-mail header. */
export const archiveApi = createApiClient(ARCHIVE_API_BASE_URL, { archive: true });

/**
 * The generic error handler of spec §8, used by react-query for every query and mutation that
 * does not handle its own errors:
 * - 403 with a session code raises the session-expired event; any other 403 is ignored;
 * - 400, 401, 409, 412, 500, 504 show an error toast with the catalogue message;
 * - any other status with a response goes to /500;
 * - no response (network failure) shows a toast;
 * - an error without a status (not from the client) counts as 500.
 */
export function handleApiError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && !error.hasResponse) {
    showToast('error', NETWORK_ERROR_MESSAGE);
    return;
  }
  const status = error instanceof ApiError ? (error.status ?? 500) : 500;
  const code = error instanceof ApiError ? error.code : '';
  const data = error instanceof ApiError ? error.data : undefined;
  if (status === 403) {
    if (isSessionErrorCode(code)) emitSessionExpired();
    return;
  }
  if (TOAST_STATUSES.has(status)) {
    showToast('error', errorMessage(code, data));
    return;
  }
  navigateTo('/500');
}

/** `{ data: T }` envelope of single records and lists (DESIGN §4). */
export interface DataEnvelope<T> {
  data: T;
}
/** `{ data: T[], pagination }` of paginated lists. */
export interface ListEnvelope<T> {
  data: T[];
  // `total_estimated`: the server estimated a very long list's total (packages/domain `Pagination`).
  pagination?: { total: number; skip: number; limit: number; total_estimated?: true };
}
