/**
 * The HTTP boundary of the web tests: an MSW server answers the `/api/...` calls that the real
 * hooks make through the real API client, so a wrong path, method, query or body in a hook fails
 * its test. Tests add their handlers with `server.use(...)` and read what was sent with
 * {@link sentRequests}; anything no handler answers fails the test (`onUnhandledRequest: 'error'`).
 */
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Calls the signed-in shell makes in the background on every page, answered by default (a test
 * can still override them): the staff menu counters (`useMenuCounters`) and the notification bell.
 */
const shellHandlers = [
  http.get('/api/staff-applications/counters', () => HttpResponse.json({ data: { assigned: 0, to_review: 0 } })),
  // The bell (notifications): the default window is empty, and the live stream answers 204,
  // which tells the client not to reconnect (the server-sent events rule).
  http.get('/api/user-messages', () => HttpResponse.json({ data: [] })),
  http.get('/api/user-messages/stream', () => new HttpResponse(null, { status: 204 })),
];

export const server = setupServer(...shellHandlers);

/** One request that reached the boundary, as the server would see it. */
export interface SentRequest {
  method: string;
  /** Path without the query, e.g. `/api/applications/1/draft`. */
  path: string;
  query: URLSearchParams;
  /** Parsed JSON body; the raw text when it is not JSON; undefined without a body. */
  body: unknown;
  headers: Headers;
}

let pending: Promise<SentRequest>[] = [];

async function read(request: Request): Promise<SentRequest> {
  const url = new URL(request.url);
  const text = request.body ? await request.text() : '';
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { method: request.method, path: url.pathname, query: url.searchParams, body, headers: request.headers };
}

server.events.on('request:start', ({ request }) => {
  pending.push(read(request.clone()));
});

// MSW's 'error' strategy only makes the request fail (the page may swallow that): the requests
// are also kept, and setup.ts fails the test that sent them.
let unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
});

/** The requests no handler answered since the last call (and forgets them). */
export function takeUnhandledRequests(): string[] {
  const taken = unhandled;
  unhandled = [];
  return taken;
}

/** Forgets the requests of the previous test (called by setup.ts after each test). */
export function resetSentRequests(): void {
  pending = [];
}

/** Every request sent so far in this test, oldest first; narrowed by method and/or path. */
export async function sentRequests(filter: { method?: string; path?: string | RegExp } = {}): Promise<SentRequest[]> {
  const all = await Promise.all(pending);
  return all.filter(
    (request) =>
      (!filter.method || request.method === filter.method) &&
      (!filter.path || (typeof filter.path === 'string' ? request.path === filter.path : filter.path.test(request.path))),
  );
}

/** The server's success envelope (`{ data }`), as the API answers single records. */
export const envelope = <T extends JsonBodyType>(data: T) => HttpResponse.json({ data } as JsonBodyType);

/** The server's list envelope (`{ data, pagination }`). */
export const listEnvelope = <T extends JsonBodyType>(data: T[], total = data.length) =>
  HttpResponse.json({ data, pagination: { total, skip: 0, limit: Math.max(data.length, 10) } } as JsonBodyType);

/** The server's error shape (`{ message, data }`) with the given status. */
export const apiError = (status: number, message: string, data?: Record<string, JsonBodyType>) =>
  HttpResponse.json({ message, ...(data ? { data } : {}) }, { status });

export { HttpResponse, http };

/**
 * A handler of `method path` that answers its calls in turn with `answers` (the last one again
 * once they run out): a failure, then a success on the retry.
 */
export function answersInTurn(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, ...answers: (() => Response)[]) {
  let call = 0;
  return http[method](path, () => answers[Math.min(call++, answers.length - 1)]());
}

/** The empty success answer of a command (204 No Content). */
export const noContent = () => new HttpResponse(null, { status: 204 });
