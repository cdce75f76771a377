import { DEFAULT_ERROR_MESSAGE, ERRORS } from '@ghiseu/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../components/feedback/toast';
import {
  ApiError,
  API_BASE_URL,
  ARCHIVE_API_BASE_URL,
  api,
  archiveApi,
  buildUrl,
  handleApiError,
  NETWORK_ERROR_MESSAGE,
  parseErrorBody,
  setApiIdentity,
} from './api-client';
import { onSessionExpired, registerNavigator } from './app-events';

vi.mock('../components/feedback/toast', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const jsonResponse = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });

let navigations: string[];
let expiredEvents: number;
let unsubscribe: () => void;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  localStorage.clear();
  navigations = [];
  registerNavigator((to) => navigations.push(to));
  expiredEvents = 0;
  unsubscribe = onSessionExpired(() => {
    expiredEvents++;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNavigator(null);
  setApiIdentity(null);
  unsubscribe();
});

const lastInit = () => fetchMock.mock.calls.at(-1)?.[1] as RequestInit & { headers: Record<string, string> };
const lastUrl = () => String(fetchMock.mock.calls.at(-1)?.[0]);

describe('requests (spec §7)', () => {
  it('uses the configured bases: /api and /api/archive', async () => {
    expect(API_BASE_URL).toBe('/api');
    expect(ARCHIVE_API_BASE_URL).toBe('/api/archive');
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: [] }));
    await api.get('/organisations', { query: { limit: 100, skip: undefined } });
    expect(lastUrl()).toBe('/api/organisations?limit=100');
    await archiveApi.get('/workspaces');
    expect(lastUrl()).toBe('/api/archive/workspaces');
  });

  it('sends the token, the language and the user id; archive calls also the e-mail', async () => {
    localStorage.setItem('token', 'tok-1');
    setApiIdentity({ userId: 42, email: 'ana@example.ro' });
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: {} }));
    await api.get('/users/me');
    expect(lastInit().headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Accept-Language': 'ro', 'X-User-Id': '42' });
    expect(lastInit().headers['X-User-Email']).toBeUndefined();
    await archiveApi.get('/workspaces');
    expect(lastInit().headers['X-User-Email']).toBe('ana@example.ro');
  });

  it('sends no Authorization header without a token, and the stored language', async () => {
    localStorage.setItem('language', 'ro');
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.get('/settings-registry');
    expect(lastInit().headers.Authorization).toBeUndefined();
    expect(lastInit().headers['Accept-Language']).toBe('ro');
  });

  it('sends PATCH bodies as merge-patch JSON and other bodies as JSON', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.patch('/users', { first_name: 'Ana' });
    expect(lastInit().method).toBe('PATCH');
    expect(lastInit().headers['Content-Type']).toBe('application/merge-patch+json');
    expect(lastInit().body).toBe('{"first_name":"Ana"}');
    await api.post('/auth/login', { email: 'a', password: 'b' });
    expect(lastInit().headers['Content-Type']).toBe('application/json');
  });

  it('passes FormData through without a content type', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(201, { data: { id: 1 } }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.pdf');
    await api.post('/files', form);
    expect(lastInit().body).toBe(form);
    expect(lastInit().headers['Content-Type']).toBeUndefined();
  });

  it('accepts 200, 201 and 204 only', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: 1 }));
    await expect(api.get('/a')).resolves.toEqual({ data: 1 });
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { data: 2 }));
    await expect(api.post('/a', {})).resolves.toEqual({ data: 2 });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.post('/token-invalidate-requests', { token: 't' })).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(jsonResponse(202, { data: 3 }));
    await expect(api.get('/a')).rejects.toMatchObject({ status: 202 });
  });

  it('rejects with an ApiError carrying status, code and data', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(401, { message: 'AUTH_FAILED', data: { remaining_attempts: 2 } }));
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'AUTH_FAILED', data: { remaining_attempts: 2 } });
    expect((error as ApiError).userMessage).toBe('Adresa de e-mail sau parola nu sunt corecte. Mai aveți 2 încercări.');
  });

  it('turns a network failure into an ApiError without status', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/a').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: undefined, hasResponse: false });
  });

  it('raises the session-expired event on 403 SESSION_EXPIRED and TOKEN_INVALID, not on FORBIDDEN', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'SESSION_EXPIRED' }));
    await api.get('/a').catch(() => {});
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'token_invalid' }));
    await api.get('/a').catch(() => {});
    expect(expiredEvents).toBe(2);
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'FORBIDDEN' }));
    await api.get('/a').catch(() => {});
    expect(expiredEvents).toBe(2);
  });

  it('does not raise the event for calls made while nobody is signed in', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'SESSION_EXPIRED' }));
    await api.get('/users/me', { skipSessionCheck: true }).catch(() => {});
    expect(expiredEvents).toBe(0);
  });
});

describe('error bodies', () => {
  it('reads the message of an object, upper-cased', () => {
    expect(parseErrorBody({ message: 'auth_disabled' })).toEqual({ code: 'AUTH_DISABLED', data: undefined });
  });
  it('reads the first element of a list', () => {
    expect(parseErrorBody(['CONFLICT', 'ignored'])).toEqual({ code: 'CONFLICT' });
    expect(parseErrorBody([{ message: 'NOT_FOUND', data: { id: 3 } }])).toEqual({ code: 'NOT_FOUND', data: { id: 3 } });
  });
  it('gives an empty code for anything else', () => {
    expect(parseErrorBody(undefined)).toEqual({ code: '' });
    expect(parseErrorBody('<html>')).toEqual({ code: '<HTML>' });
  });
  it('is applied to list responses from the server', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(409, ['NAME_NOT_UNIQUE']));
    await expect(api.post('/a', {})).rejects.toMatchObject({ status: 409, code: 'NAME_NOT_UNIQUE' });
  });
});

describe('handleApiError (spec §8)', () => {
  it.each([400, 401, 409, 412, 500, 504])('shows an error toast with the catalogue message for %i', (status) => {
    handleApiError(new ApiError(status, 'CONFLICT'));
    expect(showToast).toHaveBeenCalledWith('error', ERRORS.CONFLICT.message);
    expect(navigations).toEqual([]);
  });

  it('fills placeholders from data', () => {
    handleApiError(new ApiError(401, 'AUTH_FAILED_ACCOUNT_LOCKED', { minutes: 15 }));
    expect(showToast).toHaveBeenCalledWith('error', 'Contul a fost blocat temporar. Încercați din nou peste 15 minute.');
  });

  it('falls back to the default message for unknown codes', () => {
    handleApiError(new ApiError(400, 'SOMETHING_NEW'));
    expect(showToast).toHaveBeenCalledWith('error', DEFAULT_ERROR_MESSAGE);
  });

  it('raises the session-expired event for a 403 session code', () => {
    handleApiError(new ApiError(403, 'SESSION_EXPIRED'));
    expect(expiredEvents).toBe(1);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('ignores any other 403', () => {
    handleApiError(new ApiError(403, 'FORBIDDEN'));
    expect(expiredEvents).toBe(0);
    expect(showToast).not.toHaveBeenCalled();
    expect(navigations).toEqual([]);
  });

  it.each([404, 413, 429, 502, 503])('goes to /500 for %i', (status) => {
    handleApiError(new ApiError(status, 'NOT_FOUND'));
    expect(navigations).toEqual(['/500']);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('shows a toast when no response arrived', () => {
    handleApiError(new ApiError(undefined, 'NETWORK_ERROR'));
    expect(showToast).toHaveBeenCalledWith('error', NETWORK_ERROR_MESSAGE);
    expect(navigations).toEqual([]);
  });

  it('treats an error without status as 500', () => {
    handleApiError(new Error('boom'));
    expect(showToast).toHaveBeenCalledWith('error', DEFAULT_ERROR_MESSAGE);
  });

  it('ignores aborted requests', () => {
    handleApiError(new DOMException('aborted', 'AbortError'));
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('buildUrl', () => {
  it('repeats array parameters and keeps filter operators', () => {
    expect(buildUrl('/api/', 'x', { 'status[eq]': 'NEW', ids: [1, 2] })).toBe('/api/x?status%5Beq%5D=NEW&ids=1&ids=2');
  });
});
